//go:build linux || darwin

package main

import (
	"maps"
	"strconv"
	"syscall"
	"testing"

	"github.com/hostbridge/hostbridge/internal/chatscript/chattest"
	"github.com/hostbridge/hostbridge/internal/testsupport/tmuxtest"
)

// The chat in a pane of a real private tmux server (3.3a here and on CI):
// its pane options follow the states as a user drives it with keys, the
// bell flags its window when it needs you, and every exit path that runs
// the exit leaves no option behind. remain-on-exit keeps the pane (and
// whatever options are left on it) after the chat is gone.

// tmuxChat starts the chat in window 1 of session "hb" (window 0 stays
// current, so a bell in the chat's window flags it) on a server whose
// panes see the chat's test environment, and returns the chat's pane,
// whose process is the chat itself.
func tmuxChat(t *testing.T, args ...string) (*tmuxtest.Server, string) {
	t.Helper()
	s := tmuxtest.NewEnv(t, chattest.TestEnv(t))
	s.Run("set-option", "-g", "remain-on-exit", "on", ";",
		"new-session", "-d", "-s", "hb", "-x", "100", "-y", "30", "exec sleep 600", ";",
		"new-window", "-d", "-t", "hb:1", "exec "+chatLine(t, args...))
	return s, s.Display("hb:1", "#{pane_id}")
}

// waitOptions waits until pane's hostbridge options satisfy ok.
func waitOptions(t *testing.T, s *tmuxtest.Server, pane, what string, ok func(map[string]string) bool) {
	t.Helper()
	var got map[string]string
	if !tmuxtest.Poll(func() bool { got = s.PaneOptions(pane); return ok(got) }) {
		t.Fatalf("pane %s never had %s; it has %q", pane, what, got)
	}
}

func waitState(t *testing.T, s *tmuxtest.Server, pane, state string) {
	t.Helper()
	waitOptions(t, s, pane, "state "+state, func(o map[string]string) bool { return o["@hostbridge_state"] == state })
}

// waitGone waits until the chat's process is gone and its options with it.
func waitGone(t *testing.T, s *tmuxtest.Server, pane string) {
	t.Helper()
	waitOptions(t, s, pane, "no options", func(o map[string]string) bool { return len(o) == 0 })
	if !tmuxtest.Poll(func() bool { return s.Display(pane, "#{pane_dead}") == "1" }) {
		t.Fatal("the chat did not exit")
	}
	if got := s.PaneOptions(pane); len(got) != 0 {
		t.Errorf("after the chat exited the pane still has %q", got)
	}
}

func TestTmuxOptionsFollowTheChat(t *testing.T) {
	t.Parallel()
	s, pane := tmuxChat(t, "-agent", "iota", "-delay", "200ms")
	waitOptions(t, s, pane, "ready", func(o map[string]string) bool {
		return maps.Equal(o, map[string]string{"@hostbridge_state": "ready", "@hostbridge_agent": "iota", "@hostbridge_text": "",
			"@hostbridge_command": "chat"}) // tmux's name for the pane's foreground process
	})
	if got := s.Display("hb:1", "#{window_bell_flag}"); got != "0" {
		t.Fatalf("bell flag before anything happened: %q", got)
	}
	s.Run("send-keys", "-t", pane, "-l", "approve the push")
	s.Run("send-keys", "-t", pane, "Enter")
	waitOptions(t, s, pane, "needs-you", func(o map[string]string) bool {
		return o["@hostbridge_state"] == "needs-you" && o["@hostbridge_text"] == "approve shell: git push"
	})
	// The ping (focus unknown: tmux's focus-events is off) rang the bell:
	// the window is flagged, with allow-passthrough off.
	if !tmuxtest.Poll(func() bool { return s.Display("hb:1", "#{window_bell_flag}") == "1" }) {
		t.Fatal("the chat's window was not flagged with a bell when it needed the user")
	}
	s.Run("send-keys", "-t", pane, "y")
	waitState(t, s, pane, "idle") // through working: the turn streams its reply
	s.Run("send-keys", "-t", pane, "-l", "fail now")
	s.Run("send-keys", "-t", pane, "Enter")
	waitOptions(t, s, pane, "failed", func(o map[string]string) bool {
		return o["@hostbridge_state"] == "failed" && o["@hostbridge_text"] == "Error: scripted failure"
	})
	s.Run("send-keys", "-t", pane, "-l", "/quit")
	s.Run("send-keys", "-t", pane, "Enter")
	waitGone(t, s, pane)
}

// SIGTERM and SIGHUP (the terminal closed) run the exit too.
func TestTmuxOptionsGoneAfterSignal(t *testing.T) {
	t.Parallel()
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGHUP} {
		t.Run(sig.String(), func(t *testing.T) {
			t.Parallel()
			s, pane := tmuxChat(t, "-delay", "10s")
			waitState(t, s, pane, "ready")
			s.Run("send-keys", "-t", pane, "-l", "hello")
			s.Run("send-keys", "-t", pane, "Enter")
			waitState(t, s, pane, "working")
			pid, err := strconv.Atoi(s.Display(pane, "#{pane_pid}"))
			if err != nil {
				t.Fatal(err)
			}
			if err := syscall.Kill(pid, sig); err != nil {
				t.Fatal(err)
			}
			waitGone(t, s, pane)
		})
	}
}
