//go:build linux || darwin

package main

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
	"testing"

	"github.com/hostbridge/hostbridge/internal/testsupport/tmuxtest"
)

// The snippet (examples/tmux/tmux.conf) on a real tmux 3.3a: a chat
// killed mid-turn (SIGKILL: no exit ran, its options stay) is no longer
// counted as working, whether its pane died with it (remain-on-exit) or
// its shell took the pane back. tmux's formats, evaluated with
// display-message on the server, are what the status line draws.
func TestTmuxSnippetAfterSIGKILL(t *testing.T) {
	t.Parallel()
	for name, pane := range map[string]func() string{
		// A dead pane's command is its argv's first word (format.c
		// format_cb_current_command, names.c parse_window_name): "chat".
		"dead pane":  func() string { return "exec " + e2e.Binary(t) + " -delay 10s" },
		"shell back": func() string { return chatLine(t, "-delay", "10s") + "; exec sleep 600" },
	} {
		t.Run(name, func(t *testing.T) {
			t.Parallel()
			s, id := tmuxChatCmd(t, pane())
			conf, err := filepath.Abs("../tmux/tmux.conf")
			if err != nil {
				t.Fatal(err)
			}
			s.Run("source-file", conf)
			waitState(t, s, id, "ready")
			s.Run("send-keys", "-t", id, "-l", "hello")
			s.Run("send-keys", "-t", id, "Enter")
			waitState(t, s, id, "working")
			if got := s.Display("hb", "#{E:@hb-summary}"); got != "1 working" {
				t.Fatalf("the summary while the chat works: %q", got)
			}
			syscall.Kill(chatPID(t, s, id), syscall.SIGKILL)
			if !tmuxtest.Poll(func() bool { return s.Display("hb", "#{E:@hb-summary}") == "" }) {
				t.Errorf("after SIGKILL the summary still says %q (pane options %q, command %q)",
					s.Display("hb", "#{E:@hb-summary}"), s.PaneOptions(id), s.Display(id, "#{pane_current_command}"))
			}
			if got := s.PaneOptions(id)["@hostbridge_state"]; got != "working" {
				t.Errorf("state option after SIGKILL %q: the test needs it left behind", got)
			}
		})
	}
}

// tmuxChatCmd is tmuxChat with the pane's shell command line cmd.
func tmuxChatCmd(t *testing.T, cmd string) (*tmuxtest.Server, string) {
	t.Helper()
	s, _ := tmuxChat(t)
	s.Run("kill-window", "-t", "hb:1", ";", "new-window", "-d", "-t", "hb:1", cmd)
	return s, s.Display("hb:1", "#{pane_id}")
}

// chatPID is the chat's process in pane: the pane's process, or its
// child under a shell.
func chatPID(t *testing.T, s *tmuxtest.Server, pane string) int {
	t.Helper()
	pid, err := strconv.Atoi(s.Display(pane, "#{pane_pid}"))
	if err != nil {
		t.Fatal(err)
	}
	if s.Display(pane, "#{pane_current_command}") != "chat" {
		data, err := os.ReadFile("/proc/" + strconv.Itoa(pid) + "/task/" + strconv.Itoa(pid) + "/children")
		if err != nil || len(strings.Fields(string(data))) == 0 {
			t.Skip("no /proc children: ", err)
		}
		if pid, err = strconv.Atoi(strings.Fields(string(data))[0]); err != nil {
			t.Fatal(err)
		}
	}
	return pid
}

// doctorIn runs the chat's -doctor in a new window of s, through the shell
// command line prefix (such as "env TMUX_PANE=%0"), and returns what it
// printed, blanks squeezed (the pane wraps long lines).
func doctorIn(t *testing.T, s *tmuxtest.Server, prefix string) string {
	t.Helper()
	s.Run("new-window", "-d", "-t", "hb:5", prefix+" "+chatLine(t, "-doctor")+"; tmux wait-for -S doc; exec sleep 600")
	s.Run("wait-for", "doc")
	return strings.Join(strings.Fields(s.Run("capture-pane", "-p", "-J", "-S", "-", "-t", "hb:5")), " ")
}

// A chat that inherited TMUX and TMUX_PANE of another pane (as in herdr or
// tuios inside tmux) but runs on its own tty sets no option on that pane,
// and -doctor says why: here the chat in window 5 is told it is window
// 0's pane. The same chat told its own pane sets them
// (TestTmuxOptionsFollowTheChat).
func TestTmuxOtherPaneUntouched(t *testing.T) {
	t.Parallel()
	s, _ := tmuxChat(t)
	other := s.Display("hb:0", "#{pane_id}")
	out := doctorIn(t, s, "env TMUX_PANE="+other)
	want := `tmux: TMUX_PANE names a pane on another terminal ("` + s.Display(other, "#{pane_tty}") + `")`
	if !strings.Contains(out, want) {
		t.Errorf("-doctor does not say %q:\n%s", want, out)
	}
}

// -doctor with TMUX naming a socket nobody listens on, or TMUX_PANE a pane
// that is gone: the problems say so, and no advice on allow-passthrough.
func TestTmuxDoctorUnreachable(t *testing.T) {
	t.Parallel()
	for prefix, want := range map[string]string{
		"env TMUX=" + filepath.Join(t.TempDir(), "gone") + ",1,0": "tmux: TMUX names a server that cannot be reached: tmux does not answer: exit status 1: error connecting to",
		"env TMUX_PANE=%999": `tmux: TMUX_PANE names a pane that is gone: "%999"; no tmux pane options`,
	} {
		s, _ := tmuxChat(t)
		out := doctorIn(t, s, prefix)
		if !strings.Contains(out, want) || strings.Contains(out, "problems: none") {
			t.Errorf("%s: -doctor does not say %q:\n%s", prefix, want, out)
		}
		if strings.Contains(out, "allow-passthrough on") {
			t.Errorf("%s: -doctor advises passthrough:\n%s", prefix, out)
		}
	}
}

// With TERM_PROGRAM unset, -doctor names tmux's version from the server,
// as the probe read it (one display-message), in the terminal's channel
// and in the background's decision.
func TestTmuxDoctorVersionFromServer(t *testing.T) {
	t.Parallel()
	s, _ := tmuxChat(t)
	v := s.Display("", "#{version}")
	out := doctorIn(t, s, "env -u TERM_PROGRAM -u TERM_PROGRAM_VERSION")
	for _, want := range []string{"mux=tmux mux-version=" + v, "termenv skipped the query: TERM=tmux-256color; tmux " + v + " "} {
		if !strings.Contains(out, want) {
			t.Errorf("-doctor does not say %q:\n%s", want, out)
		}
	}
}
