//go:build linux || darwin

package tmux

import (
	"regexp"
	"strings"
	"testing"

	"github.com/hostbridge/hostbridge/host/hosttest"
	"github.com/hostbridge/hostbridge/internal/testsupport/tmuxtest"
)

// The documented snippet, sourced as it is into a real tmux (3.3a here and
// on CI), renders the status line of panes in several states: the window
// list marks the windows whose chat needs you or failed, and the right
// side counts the states across sessions. The chats' options are set as
// hostbridge sets them; the golden file is the line a terminal shows.
func TestSnippetStatusLine(t *testing.T) {
	t.Parallel()
	s := tmuxtest.New(t)
	s.Run("new-session", "-d", "-s", "work", "-n", "build", "-x", "160", "-y", "24", "exec sleep 600")
	s.Run("source-file", "tmux.conf")
	s.Run("new-window", "-d", "-t", "work:1", "-n", "review", "exec sleep 600")
	s.Run("split-window", "-d", "-t", "work:1", "exec sleep 600")
	s.Run("new-window", "-d", "-t", "work:2", "-n", "docs", "exec sleep 600")
	s.Run("new-window", "-d", "-t", "work:3", "-n", "shell", "exec sleep 600") // no chat
	s.Run("new-session", "-d", "-s", "other", "-n", "tests", "exec sleep 600")
	for target, state := range map[string]string{
		"work:0.0": "working", "work:1.0": "needs-you", "work:1.1": "working", "work:2.0": "failed", "other:0.0": "working",
	} {
		// The snippet counts a pane only while its command is the chat's
		// (here sleep, once the pane's shell has exec'd it).
		if !tmuxtest.Poll(func() bool { return s.Display(target, "#{pane_current_command}") == "sleep" }) {
			t.Fatalf("%s never ran sleep", target)
		}
		s.Run("set-option", "-p", "-t", target, "@hostbridge_state", state, ";",
			"set-option", "-p", "-t", target, "@hostbridge_agent", "chat", ";",
			"set-option", "-p", "-t", target, "@hostbridge_command", "sleep") // the pane's foreground
	}
	s.Run("select-window", "-t", "work:0")
	clock := regexp.MustCompile(`\| \d\d:\d\d$`)
	line := s.StatusLine("work", func(l string) bool { return clock.MatchString(l) })
	line = clock.ReplaceAllString(line, "| HH:MM")
	hosttest.RequireGolden(t, line+"\n")

	// A chat that exits unsets its options: its window is no longer marked
	// and it is no longer counted.
	s.Run("set-option", "-p", "-u", "-t", "work:1.0", "@hostbridge_state")
	if got := s.Display("work:1", "#{E:@hb-mark}"); got != "" {
		t.Errorf("the mark after the exit: %q, want none", got)
	}
	if got := s.Display("work", "#{E:@hb-summary}"); got != "3 working, 1 failed" {
		t.Errorf("the summary after the exit: %q", got)
	}
	if strings.Contains(line, "#{") {
		t.Errorf("a format shows unexpanded: %q", line)
	}
}
