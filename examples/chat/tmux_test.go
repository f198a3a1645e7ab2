//go:build linux || darwin

package main

import (
	"fmt"
	"slices"
	"strings"
	"testing"

	"github.com/hostbridge/hostbridge/internal/chatscript/chattest"
	"github.com/hostbridge/hostbridge/internal/testsupport/tmuxtest"
)

// The chat inside the real tmux (3.3a on these machines and CI), on a
// private server (-L, -f /dev/null, its own TMUX_TMPDIR) that the test
// kills at its end. With tmux's default allow-passthrough off, nothing the
// chat writes for the outer terminal can get through, and -doctor says so
// with the fix; with it on, the bar and the ping reach the terminal in
// front of tmux.

// startTmux starts a private tmux server whose panes see the chat's test
// environment (not the developer's hosts), started with one session, "hb",
// of cols x rows running the shell command line cmd. allow-passthrough is
// set in the same tmux call, before the pane exists, as a tmux.conf would.
func startTmux(t *testing.T, passthrough string, cols, rows int, cmd string) *tmuxtest.Server {
	t.Helper()
	s := tmuxtest.NewEnv(t, chattest.TestEnv(t))
	s.Run("set-option", "-g", "allow-passthrough", passthrough, ";",
		"new-session", "-d", "-s", "hb", "-x", fmt.Sprint(cols), "-y", fmt.Sprint(rows), cmd)
	return s
}

// chatPane is a shell command line for a pane: the chat with args, then
// "HB-END", a signal on channel done (tmux wait-for) and a long sleep, so
// the pane stays to be read.
func chatPane(t *testing.T, done string, args ...string) string {
	return chatLine(t, args...) + "; echo HB-END; tmux wait-for -S " + done + "; exec sleep 600"
}

// chatLine is the shell command line that runs the chat with args.
func chatLine(t *testing.T, args ...string) string {
	q := []string{shellQuote(e2e.Binary(t))}
	for _, a := range args {
		q = append(q, shellQuote(a))
	}
	return strings.Join(q, " ")
}

func shellQuote(s string) string { return "'" + strings.ReplaceAll(s, "'", `'\''`) + "'" }

// The doctor inside tmux, passthrough off and on: it asks tmux (the same
// bounded probe a report makes) and says plainly what passes, with the fix.
func TestTmuxDoctor(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		passthrough string
		want        string
	}{
		{"off", "but tmux's allow-passthrough is off, so the progress bar and the ping cannot reach the terminal; " +
			"fix: set -g allow-passthrough on"},
		{"on", "but tmux passes the progress bar and the ping only while the chat's window is visible " +
			"(allow-passthrough on); a ping from a hidden window is lost (tmux 3.4+: set -g allow-passthrough all)"},
	} {
		t.Run(tc.passthrough, func(t *testing.T) {
			t.Parallel()
			s := startTmux(t, tc.passthrough, 250, 80, chatPane(t, "doc", "-doctor"))
			s.Run("wait-for", "doc") // the doctor has printed (a signal sent first is kept)
			var lines []string
			for _, l := range strings.Split(s.Run("capture-pane", "-p", "-J", "-S", "-", "-t", "hb"), "\n") {
				lines = append(lines, strings.TrimRight(l, " "))
			}
			out := strings.Join(lines, "\n")
			flat := strings.Join(strings.Fields(out), " ") // the pane wraps long lines
			for _, want := range []string{
				"host: terminal",
				"terminal: progress (OSC 9;4), ping (OSC 9), tmux's bell (BEL) for needs you and failed via the program's output inside tmux",
				"tmux: pane options @hostbridge_state, @hostbridge_agent, @hostbridge_text",
				tc.want,
			} {
				if !strings.Contains(flat, strings.Join(strings.Fields(want), " ")) {
					t.Errorf("-doctor in tmux (allow-passthrough %s) does not say\n%q\nit said:\n%s", tc.passthrough, want, out)
				}
			}
			if !strings.Contains(out, "mux=tmux") {
				t.Errorf("-doctor does not see tmux:\n%s", out)
			}
		})
	}
}

// What reaches the terminal in front of tmux: a tmux client attached in a
// pty is that terminal. A headless turn reports working, pings with the
// reply and clears the bar at exit; with passthrough off none of it gets
// through, with it on all of it does, unwrapped by tmux.
func TestTmuxPassthrough(t *testing.T) {
	t.Parallel()
	for _, tc := range []struct {
		passthrough string
		progress    []string
		pings       []string
	}{
		{"off", nil, nil},
		{"on", []string{"3", "0"}, []string{"You said: hello"}},
	} {
		t.Run(tc.passthrough, func(t *testing.T) {
			t.Parallel()
			// The chat waits for the client: "on" passes only what a
			// visible pane writes.
			s := startTmux(t, tc.passthrough, 100, 29, "tmux wait-for go; "+chatPane(t, "done", "-m", "hello", "-delay", "10ms"))
			outer := e2e.StartProgram(t, s.Env, "tmux", s.Args("attach-session", "-t", "hb")...)
			outer.WaitText("[hb]") // the client draws tmux's status line: it is attached
			s.Run("wait-for", "-S", "go")
			s.Run("wait-for", "done") // the chat has exited
			// tmux writes what the pane passes through, then what it
			// prints, to the client's terminal in order: once the chat's
			// last words show, everything it sent before them is there.
			outer.WaitText("HB-END")
			progress, pings := outer.Progress(0), outer.Pings(0)
			if !slices.Equal(slices.Compact(progress), tc.progress) || !slices.Equal(pings, tc.pings) {
				t.Errorf("allow-passthrough %s: the outer terminal got bar %q and pings %q, want %q and %q",
					tc.passthrough, progress, pings, tc.progress, tc.pings)
			}
			s.Run("kill-server")
			outer.Exit()
		})
	}
}
