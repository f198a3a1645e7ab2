// Package tmuxtest runs a real, private tmux server for tests: its own
// socket name (-L), no configuration file (-f /dev/null), its own
// TMUX_TMPDIR, and kill-server at the test's cleanup, so a test never
// touches the user's tmux. Tests that need it skip where tmux is missing.
package tmuxtest

import (
	"context"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"sync/atomic"
	"testing"
	"time"

	"github.com/hostbridge/hostbridge/internal/poll"
)

// Timeout bounds each tmux command and each wait.
const Timeout = 10 * time.Second

// Server is one private tmux server.
type Server struct {
	t    testing.TB
	Name string   // -L
	Env  []string // the process's environment (or NewEnv's) without TMUX, TMUX_PANE, with TMUX_TMPDIR
	dir  string
}

var count atomic.Int32

// New makes a server (started by the first command that needs one, such
// as Start) and kills it at t's cleanup. It skips t where tmux is missing.
// The server, and what it starts, see the test process's environment.
func New(t testing.TB) *Server {
	t.Helper()
	return NewEnv(t, os.Environ())
}

// NewEnv is New with env ("NAME=value" pairs) in place of the test
// process's environment: for a program in a pane that must not see the
// developer's own hosts.
func NewEnv(t testing.TB, env []string) *Server {
	t.Helper()
	if _, err := exec.LookPath("tmux"); err != nil {
		t.Skip("no tmux")
	}
	dir, err := os.MkdirTemp("", "hbtm") // short: a socket path is bounded
	if err != nil {
		t.Fatal(err)
	}
	var kept []string
	for _, kv := range env {
		if !strings.HasPrefix(kv, "TMUX=") && !strings.HasPrefix(kv, "TMUX_PANE=") && !strings.HasPrefix(kv, "TMUX_TMPDIR=") {
			kept = append(kept, kv)
		}
	}
	s := &Server{t: t, Name: fmt.Sprintf("hb-%d-%d", os.Getpid(), count.Add(1)), Env: append(kept, "TMUX_TMPDIR="+dir), dir: dir}
	t.Cleanup(func() {
		_, _ = s.Try("kill-server")
		_ = os.RemoveAll(dir)
	})
	return s
}

// Args is the tmux command line (after "tmux") for args on this server.
func (s *Server) Args(args ...string) []string {
	return append([]string{"-L", s.Name, "-f", "/dev/null"}, args...)
}

// Try runs a tmux command on this server, bounded, and returns its
// combined output.
func (s *Server) Try(args ...string) (string, error) {
	ctx, cancel := context.WithTimeout(context.Background(), Timeout)
	defer cancel()
	cmd := exec.CommandContext(ctx, "tmux", s.Args(args...)...)
	cmd.Env = s.Env
	out, err := cmd.CombinedOutput()
	return string(out), err
}

// Run is Try that fails the test on an error.
func (s *Server) Run(args ...string) string {
	s.t.Helper()
	out, err := s.Try(args...)
	if err != nil {
		s.t.Fatalf("tmux %q: %v\n%s", args, err, out)
	}
	return out
}

// Display expands format in target's context (display-message -p).
func (s *Server) Display(target, format string) string {
	s.t.Helper()
	return strings.TrimRight(s.Run("display-message", "-p", "-t", target, format), "\n")
}

// Start starts a detached session named session of 80x24 running the
// shell command line cmd (a long sleep when empty) and returns its first
// pane's id ("%0").
func (s *Server) Start(session, cmd string) string {
	s.t.Helper()
	if cmd == "" {
		cmd = "exec sleep 600"
	}
	s.Run("new-session", "-d", "-s", session, "-x", "80", "-y", "24", cmd)
	return s.Display(session, "#{pane_id}")
}

// Socket is the server's socket path.
func (s *Server) Socket() string {
	s.t.Helper()
	return s.Display("", "#{socket_path}")
}

// PaneEnv is what tmux gives a process in pane: TMUX and TMUX_PANE, as
// "NAME=value" pairs.
func (s *Server) PaneEnv(pane string) []string {
	s.t.Helper()
	pid := s.Display(pane, "#{pid}")
	sid := strings.TrimPrefix(s.Display(pane, "#{session_id}"), "$")
	return []string{"TMUX=" + s.Socket() + "," + pid + "," + sid, "TMUX_PANE=" + pane}
}

// PaneOptions returns the hostbridge pane options set on pane
// (show-options -p), name to value, as tmux reports them.
func (s *Server) PaneOptions(pane string) map[string]string {
	s.t.Helper()
	out := s.Run("show-options", "-p", "-t", pane)
	opts := map[string]string{}
	for _, line := range strings.Split(out, "\n") {
		name, value, ok := strings.Cut(line, " ")
		if !ok || !strings.HasPrefix(name, "@hostbridge_") {
			continue
		}
		opts[name] = unquote(value)
	}
	return opts
}

// unquote undoes show-options' quoting of a value: "…" with \" and \\, or
// '…' (options.c, options_value_to_string, and args_escape in arguments.c).
func unquote(v string) string {
	if len(v) >= 2 && (v[0] == '"' && v[len(v)-1] == '"') {
		v = v[1 : len(v)-1]
		var b strings.Builder
		for i := 0; i < len(v); i++ {
			if v[i] == '\\' && i+1 < len(v) {
				i++
			}
			b.WriteByte(v[i])
		}
		return b.String()
	}
	if len(v) >= 2 && v[0] == '\'' && v[len(v)-1] == '\'' {
		return v[1 : len(v)-1]
	}
	return v
}

// StatusLine renders session's status line as a terminal shows it: a
// second private server's pane (160 columns) runs a client attached to
// session, and its
// last line is captured once it satisfies ok (or the wait times out).
// That is format_draw's output: styles applied, "##" shown as '#'.
func (s *Server) StatusLine(session string, ok func(line string) bool) string {
	s.t.Helper()
	outer := New(s.t)
	attach := "exec env -u TMUX -u TMUX_PANE TMUX_TMPDIR=" + s.dir + " tmux -L " + s.Name + " attach-session -t " + session
	outer.Run("new-session", "-d", "-s", "outer", "-x", "160", "-y", "24", attach)
	var line string
	Poll(func() bool {
		lines := strings.Split(strings.TrimRight(outer.Run("capture-pane", "-p", "-t", "outer"), "\n"), "\n")
		line = strings.TrimRight(lines[len(lines)-1], " ")
		return len(lines) >= 24 && ok(line)
	})
	return line // on a timeout too: the caller's golden diff shows it
}

// Poll reports whether ok held within Timeout, asking every 10 ms: tmux
// tells no one when a pane's state changes, so a test asks it again (each
// ask is a tmux exec: not every 2 ms, as hosttest.WaitFor).
func Poll(ok func() bool) bool { return poll.Until(Timeout, 10*time.Millisecond, ok) }
