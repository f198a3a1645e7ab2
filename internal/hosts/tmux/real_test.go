//go:build linux || darwin

package tmux_test

import (
	"bytes"
	"context"
	"errors"
	"log/slog"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/hosts/tmux"
	"github.com/hostbridge/hostbridge/internal/testsupport/proctest"
	"github.com/hostbridge/hostbridge/internal/testsupport/tmuxtest"
)

// realTmux is a backend on a fresh pane of a private tmux server.
func realTmux(t *testing.T, c tmux.TestConfig) (*tmuxtest.Server, string, *tmux.Backend) {
	t.Helper()
	s := tmuxtest.New(t)
	pane := s.Start("hb", "")
	// The pane's shell execs sleep: its command is "bash" until then.
	if !tmuxtest.Poll(func() bool { return s.Display(pane, "#{pane_current_command}") == "sleep" }) {
		t.Fatal("the pane never ran sleep")
	}
	b, err := tmux.NewTest(c, tmux.Pane{Socket: s.Socket(), ID: pane, Bin: "tmux"})
	if err != nil {
		t.Fatal(err)
	}
	b.SetMine(func(string) bool { return true }) // the test's own stdin may be a terminal
	return s, pane, b
}

// The options follow the states on a real tmux (3.3a here and on CI) and
// the exit removes them all.
func TestTmuxOptionsFollowStates(t *testing.T) {
	t.Parallel()
	s, pane, b := realTmux(t, tmux.TestConfig{Agent: "chat"})
	steps := []struct {
		r          host.Report
		state, txt string
	}{
		{state(host.Idle), "ready", ""},
		{state(host.Working), "working", ""},
		{stateMsg(host.Blocked, "approve shell: git push"), "needs-you", "approve shell: git push"},
		{state(host.Working), "working", ""},
		{stateMsg(host.Failed, "Error: rate limited;"), "failed", "Error: rate limited;"},
		{state(host.Idle), "idle", ""},
	}
	for _, st := range steps {
		mustReport(t, b, st.r)
		want := map[string]string{"@hostbridge_state": st.state, "@hostbridge_agent": "chat", "@hostbridge_text": st.txt,
			"@hostbridge_command": "sleep"} // the pane's foreground process at the first report
		if got := s.PaneOptions(pane); !maps.Equal(got, want) {
			t.Errorf("after %v %q: pane options %q, want %q", st.r.State, st.r.Message, got, want)
		}
	}
	mustReport(t, b, host.Report{Kind: host.KindExit, State: host.Idle})
	if got := s.PaneOptions(pane); len(got) != 0 {
		t.Errorf("after the exit: pane options %q, want none", got)
	}
}

// A headline that holds tmux's format and style syntax shows literally in
// a status line that draws the option, and runs nothing.
func TestTmuxHostileHeadline(t *testing.T) {
	t.Parallel()
	s, pane, b := realTmux(t, tmux.TestConfig{Agent: "chat"})
	dir, err := os.MkdirTemp("", "hb") // short: the status line is 80 wide
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(dir) })
	marker := filepath.Join(dir, "ran")
	headline := "#(touch " + marker + ") #[fg=red] #{pane_id} ##"
	mustReport(t, b, stateMsg(host.Failed, headline))
	s.Run("set-option", "-g", "status-right", "[#{@hostbridge_text}]", ";",
		"set-option", "-g", "status-right-length", "200", ";", "set-option", "-g", "status-left", "")
	want := "[" + headline + "]"
	line := s.StatusLine("hb", func(l string) bool { return strings.HasSuffix(l, want) })
	if !strings.HasSuffix(line, want) {
		t.Errorf("the status line shows\n%q\nwant it to end in\n%q", line, want)
	}
	// E: expands the value once more: "##" goes back to '#', never to a
	// format ("##[" stays for format_draw to show as "#[").
	if got, want := s.Display(pane, "#{E:@hostbridge_text}"), strings.ReplaceAll(headline, "#[", "##["); got != want {
		t.Errorf("#{E:@hostbridge_text} = %q, want %q", got, want)
	}
	if _, err := os.Stat(marker); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("the headline ran a command: %v", err)
	}
}

// logCount is a slog handler that keeps every record's message.
type logCount struct {
	mu   sync.Mutex
	msgs []string
}

func (l *logCount) Enabled(context.Context, slog.Level) bool { return true }
func (l *logCount) Handle(_ context.Context, r slog.Record) error {
	l.mu.Lock()
	l.msgs = append(l.msgs, r.Message)
	l.mu.Unlock()
	return nil
}
func (l *logCount) WithAttrs([]slog.Attr) slog.Handler { return l }
func (l *logCount) WithGroup(string) slog.Handler      { return l }

// TMUX inherited from a server that is gone, or TMUX_PANE naming a pane
// that is gone: the first report fails, dropped, with one debug line, and
// tmux is never asked again (a tmux that records its calls shows it).
func TestTmuxGone(t *testing.T) {
	t.Parallel()
	live := tmuxtest.New(t)
	live.Start("hb", "")
	for name, p := range map[string]tmux.Pane{
		"dead socket":  {Socket: filepath.Join(t.TempDir(), "default"), ID: "%0"},
		"missing pane": {Socket: live.Socket(), ID: "%999"},
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			dir := t.TempDir()
			calls := filepath.Join(dir, "calls")
			real, err := exec.LookPath("tmux")
			if err != nil {
				t.Skip("no tmux")
			}
			wrapper := filepath.Join(dir, "tmux")
			script := "#!/bin/sh\necho x >>'" + calls + "'\nexec '" + real + "' \"$@\"\n"
			if err := proctest.WriteScript(wrapper, script); err != nil {
				t.Fatal(err)
			}
			p.Bin = wrapper
			logs := &logCount{}
			b, err := tmux.NewTest(tmux.TestConfig{Agent: "chat", Logger: slog.New(logs)}, p)
			if err != nil {
				t.Fatal(err)
			}
			for i, r := range []host.Report{state(host.Idle), state(host.Working), stateMsg(host.Blocked, "x"),
				{Kind: host.KindExit, State: host.Blocked}} {
				start := time.Now()
				err := tryReport(b, r, 5*time.Second)
				if !errors.Is(err, host.ErrDropped) {
					t.Errorf("report %d (%v): %v, want dropped", i, r.Kind, err)
				}
				if d := time.Since(start); d > 5*time.Second {
					t.Errorf("report %d took %v", i, d)
				}
			}
			data, _ := os.ReadFile(calls)
			if n := bytes.Count(data, []byte("x\n")); n != 1 {
				t.Errorf("tmux ran %d times, want once", n)
			}
			if len(logs.msgs) != 1 {
				t.Errorf("%d log lines, want 1: %q", len(logs.msgs), logs.msgs)
			}
		})
	}
}

// The pane options go only on a pane whose tty (#{pane_tty}, tmux 3.3a
// format.c) is the chat's terminal: a chat that inherited TMUX and
// TMUX_PANE of pane A but runs on pane B's tty (herdr or tuios inside
// tmux) sets nothing on A, and its reports are dropped.
func TestTmuxOnlyTheChatsOwnPane(t *testing.T) {
	t.Parallel()
	s := tmuxtest.New(t)
	a := s.Start("hb", "")
	b := strings.TrimSpace(s.Run("split-window", "-d", "-P", "-F", "#{pane_id}", "-t", a, "exec sleep 600"))
	on := func(pane string) func(string) bool {
		want := s.Display(pane, "#{pane_tty}")
		return func(tty string) bool { return tty == want }
	}
	for name, tc := range map[string]struct {
		mine func(string) bool
		want int // options set on pane a
	}{"pane b's tty": {on(b), 0}, "pane a's tty": {on(a), 4}} {
		t.Run(name, func(t *testing.T) {
			be, err := tmux.NewTest(tmux.TestConfig{Agent: "chat"}, tmux.Pane{Socket: s.Socket(), ID: a, Bin: "tmux"})
			if err != nil {
				t.Fatal(err)
			}
			be.SetMine(tc.mine)
			err = tryReport(be, state(host.Working), 5*time.Second)
			if got := s.PaneOptions(a); len(got) != tc.want {
				t.Errorf("pane a's options %q, want %d", got, tc.want)
			}
			if tc.want == 0 && !errors.Is(err, host.ErrDropped) {
				t.Errorf("report on another's pane: %v, want dropped", err)
			}
			if len(s.PaneOptions(b)) != 0 {
				t.Errorf("pane b got options")
			}
			_ = tryReport(be, host.Report{Kind: host.KindExit, State: host.Idle}, 5*time.Second)
		})
	}
}
