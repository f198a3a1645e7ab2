package hosts_test

import (
	"bytes"
	"context"
	"regexp"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/core"
	"github.com/hostbridge/hostbridge/internal/hosts"
	"github.com/hostbridge/hostbridge/internal/hosts/cmux"
	"github.com/hostbridge/hostbridge/internal/settings"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// syncBuffer is the terminal's output, written by the terminal's worker
// and read by the test.
type syncBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (s *syncBuffer) Write(p []byte) (int, error) {
	s.mu.Lock()
	defer s.mu.Unlock()
	return s.b.Write(p)
}

// bars reads the OSC 9;4 states in what the terminal got ("3", "0", ...).
func (s *syncBuffer) bars() []string {
	s.mu.Lock()
	defer s.mu.Unlock()
	var out []string
	for _, m := range osc94.FindAllStringSubmatch(s.b.String(), -1) {
		out = append(out, m[1])
	}
	return out
}

var osc94 = regexp.MustCompile("\x1b\\]9;4;([0-9;]*)(?:\x07|\x1b\\\\)")

// cmuxChat builds the backends for a cmux surface whose terminal writes to
// out, and plays a three-turn chat through a Reporter, which drives each
// backend from its own goroutine: the ready Idle, then Working and Idle
// three times, then the exit.
func cmuxChat(t *testing.T, f *fakehost.Cmux, out *syncBuffer) []hosts.Channel {
	t.Helper()
	env := f.Env()
	d := hosts.Detection{Host: hosts.Host{Kind: hosts.Cmux, Cmux: cmux.Surface{Bin: f.Bin(), ID: env["CMUX_SURFACE_ID"], Workspace: env["CMUX_WORKSPACE_ID"]}}}
	list, chans := hosts.Build(d, hosts.Config{Agent: "chat", Output: out, OutputChosen: true}.S())
	s := settings.Default()
	s.Timeout, s.EveryReport = 10*time.Second, true
	r := core.NewReporter(list, s)
	// Each state is handled before the next, as a turn takes a while: a
	// newer state would cut the one in flight short.
	send := func(rep host.Report) {
		r.Send(rep)
		if err := r.Flush(context.Background()); err != nil {
			t.Fatal(err)
		}
	}
	send(state(host.Idle))
	for range 3 {
		send(state(host.Working))
		send(state(host.Idle))
	}
	send(host.Report{Kind: host.KindExit})
	if err := r.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	return chans
}

func rowCalls(f *fakehost.Cmux, verb string) int {
	n := 0
	for _, c := range f.Calls() {
		if c[0] == verb {
			n++
		}
	}
	return n
}

// In a remote workspace "cmux" is cmuxd-remote, whose command table has no
// set-status, clear-status or workspace (cmux main, daemon/remote/cmd/
// cmuxd-remote/commands.go; its runCLI answers `cmux: unknown command
// "set-status"`, exit 2). Such a cmux is asked once, not every few seconds
// for the whole run, and the terminal's bar shows every turn instead.
func TestCmuxRefusingRowsHandsTheStateToTheTerminal(t *testing.T) {
	needSh(t)
	f := fakehost.NewCmux(t)
	f.Refuse("set-status", "clear-status", "workspace")
	var out syncBuffer
	chans := cmuxChat(t, f, &out)
	if n := rowCalls(f, "set-status"); n < 1 || n > 2 {
		t.Errorf("%d set-status calls to a cmux that has none, want 1 or 2:\n%s", n, strings.Join(f.Transcript(), "\n"))
	}
	if n := len(f.Calls()) - rowCalls(f, "set-status"); n != 0 {
		t.Errorf("%d other cmux calls after the refusal:\n%s", n, strings.Join(f.Transcript(), "\n"))
	}
	bars := slices.Compact(out.bars())
	if len(bars) > 0 && bars[0] == "0" {
		bars = bars[1:] // the ready state's, if the terminal had it
	}
	if want := []string{"3", "0", "3", "0", "3", "0"}; !slices.Equal(bars, want) {
		t.Errorf("the terminal's bar showed %q, want the three turns %q", bars, want)
	}
	for _, c := range chans {
		s := c.String()
		switch c.Host {
		case "cmux":
			if !strings.Contains(s, "not used: it refused set-status") {
				t.Errorf("cmux channel %q after the refusal", s)
			}
		case "terminal":
			if !strings.HasPrefix(s, "terminal: progress (OSC 9;4), as cmux refused its status rows, ping (OSC 9) via ") {
				t.Errorf("terminal channel %q after the refusal", s)
			}
		}
	}
}

// A cmux that has rows shows the state: the terminal draws no bar, before
// or after, and says when it would.
func TestCmuxWithRowsKeepsTheBarOff(t *testing.T) {
	needSh(t)
	f := fakehost.NewCmux(t)
	var out syncBuffer
	chans := cmuxChat(t, f, &out)
	if bars := out.bars(); len(bars) != 0 {
		t.Errorf("the terminal drew %q beside cmux's rows", bars)
	}
	if n := rowCalls(f, "set-status"); n != 7 {
		t.Errorf("%d set-status calls, want 7", n)
	}
	want := map[string]string{
		"cmux":     "cmux: status row, loading indicator, exit via " + f.Bin() + " (surface ",
		"terminal": "terminal: ping (OSC 9); progress (OSC 9;4) if cmux refuses its status rows (as a remote workspace's cmux does) via ",
	}
	for _, c := range chans {
		if s := c.String(); !strings.HasPrefix(s, want[c.Host]) {
			t.Errorf("channel %q, want it to start %q", s, want[c.Host])
		}
	}
}
