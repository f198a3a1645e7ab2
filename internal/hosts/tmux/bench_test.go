//go:build linux || darwin

package tmux_test

import (
	"context"
	"os/exec"
	"testing"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/hosts/tmux"
	"github.com/hostbridge/hostbridge/internal/testsupport/tmuxtest"
)

// BenchmarkTmuxExec is the yardstick: one tmux exec that sets one pane
// option on a real private server.
func BenchmarkTmuxExec(b *testing.B) {
	s := tmuxtest.New(b)
	pane := s.Start("hb", "")
	socket := s.Socket()
	bin, err := exec.LookPath("tmux")
	if err != nil {
		b.Skip("no tmux")
	}
	for b.Loop() {
		if out, err := exec.Command(bin, "-S", socket, "set-option", "-p", "-t", pane, "@x", "y").CombinedOutput(); err != nil {
			b.Fatalf("%v: %s", err, out)
		}
	}
}

// BenchmarkTmuxReportState is a state change inside tmux: the backend's
// one exec that sets the three options, through proc's process group.
// The target: within 1.5x BenchmarkTmuxExec.
func BenchmarkTmuxReportState(b *testing.B) {
	s := tmuxtest.New(b)
	pane := s.Start("hb", "")
	be, err := tmux.NewTest(tmux.TestConfig{Agent: "chat"}, tmux.Pane{Socket: s.Socket(), ID: pane, Bin: "tmux"})
	if err != nil {
		b.Fatal(err)
	}
	states := [2]host.Report{{Kind: host.KindState, State: host.Working}, {Kind: host.KindState, State: host.Blocked, Message: "approve shell: git push"}}
	ctx := context.Background()
	i := 0
	for b.Loop() {
		if err := be.Report(ctx, states[i%2]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
