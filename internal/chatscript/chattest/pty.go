//go:build linux || darwin

package chattest

import (
	"bytes"
	"os"
	"os/exec"
	"os/signal"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/creack/pty"

	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// The end-to-end tests run the real chat binary in a real pseudo-terminal
// and act as the terminal: they read everything the chat writes, answer
// the background question (OSC 11) and the cursor report a terminal would
// answer, type keys and send focus reports, and read the escape sequences
// back from the byte stream.

// Wait bounds every wait for the chat: generous, as a race-enabled binary
// on a loaded machine is slow; nothing sleeps, it only bounds.
const Wait = 20 * time.Second

// TestEnv is a controlled environment: a terminal that draws OSC 9;4 and
// is on no known-bad list, no multiplexer, no host, a home of its own.
func TestEnv(t *testing.T, extra ...string) []string {
	home := t.TempDir()
	env := []string{
		"PATH=" + os.Getenv("PATH"),
		"HOME=" + home,
		"XDG_CACHE_HOME=" + filepath.Join(home, "cache"),
		"TERM=xterm-256color",
		"TERM_PROGRAM=WezTerm",
		"LANG=C.UTF-8",
	}
	return append(env, extra...)
}

// PTY is the chat running in a pseudo-terminal.
type PTY struct {
	t    *testing.T
	cmd  *exec.Cmd
	ptmx *os.File

	mu       sync.Mutex
	out      []byte
	answered int           // bytes of out already searched for queries
	changed  chan struct{} // closed and replaced when out grows
	readDone chan struct{} // the reader saw the end of the output

	exited chan struct{}
	state  *os.ProcessState

	screen Screen // fed everything the chat writes, if the Chat has one; guarded by mu
	// term is fed everything the chat writes, as screen is: the bar and
	// the pings are read from its transcript (bar.go).
	term fakehost.Terminal
}

// Start starts the chat with args in a 100x30 pty, its turns taking
// TurnDelay (args after it win: the flag package keeps a flag's last
// value).
func (ch *Chat) Start(t *testing.T, env []string, args ...string) *PTY {
	t.Helper()
	// A race-built chat on a loaded machine may answer a fake host late: a
	// report that timed out is retried, and the host, which applied it,
	// would log it twice; a busy host would get only the newest of the
	// states queued meanwhile. The tests are about what is reported, not
	// about the default bound or the coalescing (internal/core's tests).
	args = append([]string{"-delay", TurnDelay, "-timeout", "10s", "-every-report"}, args...)
	return ch.StartProgram(t, env, ch.Binary(t), args...)
}

// StartProgram starts the program name with args in a 100x30 pty, as the
// terminal the user looks at.
func (ch *Chat) StartProgram(t *testing.T, env []string, name string, args ...string) *PTY {
	t.Helper()
	cmd := command(t, env, name, args...)
	ptmx, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 30, Cols: 100})
	if err != nil {
		t.Fatalf("start %s in a pty: %v", filepath.Base(name), err)
	}
	c := &PTY{
		t: t, cmd: cmd, ptmx: ptmx,
		changed: make(chan struct{}), readDone: make(chan struct{}), exited: make(chan struct{}),
	}
	if ch.Screen != nil {
		// Made before the cleanup below is registered, so that its own
		// cleanup runs after the reader has ended.
		c.screen = ch.Screen(t)
	}
	go c.read()
	go func() {
		defer close(c.exited)
		_ = cmd.Wait()
		c.state = cmd.ProcessState
	}()
	t.Cleanup(func() {
		select {
		case <-c.exited:
		default:
			_ = cmd.Process.Kill()
			<-c.exited
		}
		select {
		case <-c.readDone:
		case <-time.After(Wait):
			t.Errorf("the pty reader did not end")
		}
		_ = ptmx.Close()
		if bytes.Contains(c.Output(), []byte("WARNING: DATA RACE")) {
			t.Errorf("the race detector found a race in the chat:\n%s", ansi.Strip(string(c.Output())))
		}
	})
	return c
}

// command is name with args, run in env and in a directory of its own.
func command(t *testing.T, env []string, name string, args ...string) *exec.Cmd {
	hangupsReachChildren.Do(func() { signal.Notify(make(chan os.Signal, 1), syscall.SIGHUP) })
	cmd := exec.Command(name, args...)
	cmd.Env = env
	cmd.Dir = t.TempDir()
	return cmd
}

// hangupsReachChildren: the hang-up tests signal the chat with SIGHUP and
// want it dead of it, as a closed terminal leaves it. A test run under
// nohup (as CI systems run) ignores SIGHUP, and a child inherits an ignored
// signal through exec, so the chat, which leaves an ignored signal alone
// (bridge/signals_unix.go watched), would live on. A signal this process
// handles is reset to its default in a child before exec (Go's runtime,
// clearSignalHandlers in runtime/signal_unix.go), and a shell wrapper
// cannot help (POSIX sh cannot trap a signal ignored on entry): so this
// process handles SIGHUP, dropping it, for the rest of the run. The test
// binary then outlives a hang-up too, as under nohup.
var hangupsReachChildren sync.Once

// read copies the chat's output into c.out until the pty closes (EIO on
// Linux once the chat and its terminal are gone), answering queries.
func (c *PTY) read() {
	defer close(c.readDone)
	buf := make([]byte, 4096)
	for {
		n, err := c.ptmx.Read(buf)
		if n > 0 {
			c.mu.Lock()
			c.out = append(c.out, buf[:n]...)
			_, _ = c.term.Write(buf[:n])
			if c.screen != nil {
				c.screen.Write(buf[:n])
			}
			answers := c.queries()
			close(c.changed)
			c.changed = make(chan struct{})
			c.mu.Unlock()
			if len(answers) > 0 {
				_, _ = c.ptmx.Write(answers)
			}
		}
		if err != nil {
			return
		}
	}
}

// queries finds the questions a terminal answers in the new output and
// returns the answers of a terminal with a black background: OSC 11 (the
// background colour) and CSI 6n (the cursor position, termenv's sentinel).
// Called with c.mu held.
func (c *PTY) queries() []byte {
	var answers []byte
	for {
		rest := c.out[c.answered:]
		osc := bytes.Index(rest, []byte("\x1b]11;?"))
		dsr := bytes.Index(rest, []byte("\x1b[6n"))
		switch {
		case osc >= 0 && (dsr < 0 || osc < dsr):
			answers = append(answers, "\x1b]11;rgb:0000/0000/0000\x1b\\"...)
			c.answered += osc + len("\x1b]11;?")
		case dsr >= 0:
			answers = append(answers, "\x1b[1;1R"...)
			c.answered += dsr + len("\x1b[6n")
		default:
			c.answered = max(c.answered, len(c.out)-8) // a query may be cut in two
			return answers
		}
	}
}

func (c *PTY) Output() []byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.out)
}

// WaitFor waits until cond holds for the output so far.
func (c *PTY) WaitFor(what string, cond func(out []byte) bool) {
	c.t.Helper()
	deadline := time.NewTimer(Wait)
	defer deadline.Stop()
	for {
		c.mu.Lock()
		out, changed := slices.Clone(c.out), c.changed
		c.mu.Unlock()
		if cond(out) {
			return
		}
		select {
		case <-changed:
		case <-c.readDone:
			if !cond(c.Output()) {
				c.t.Fatalf("the chat's output ended before %s; it wrote:\n%q", what, tail(c.Output()))
			}
			return
		case <-deadline.C:
			c.t.Fatalf("timed out waiting for %s; the chat wrote:\n%q", what, tail(c.Output()))
		}
	}
}

func tail(b []byte) []byte {
	if len(b) > 3000 {
		return b[len(b)-3000:]
	}
	return b
}

// WaitText waits for text to be shown.
func (c *PTY) WaitText(text string) {
	c.t.Helper()
	c.WaitFor("the text "+text, func([]byte) bool { return strings.Contains(c.shown(), text) })
}

// shown is what the chat has shown so far: every screen of its Screen,
// or the text of its output (x/ansi's Strip: what a terminal prints of
// it).
func (c *PTY) shown() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.screen != nil {
		return c.screen.Shown()
	}
	return ansi.Strip(string(c.out))
}

// Write types s (keys, or a terminal's report) in one write.
func (c *PTY) Write(s string) {
	c.t.Helper()
	if _, err := c.ptmx.Write([]byte(s)); err != nil {
		c.t.Fatalf("write %q: %v", s, err)
	}
}

// Signal sends sig to the chat.
func (c *PTY) Signal(sig syscall.Signal) {
	c.t.Helper()
	if err := c.cmd.Process.Signal(sig); err != nil {
		c.t.Fatalf("signal %v: %v", sig, err)
	}
}

// Quit types /quit and checks that the chat exits with 0.
func (c *PTY) Quit() {
	c.t.Helper()
	c.Write("/quit\r")
	c.exitCode(0, " after /quit")
}

// exitCode waits for the chat to end and checks its exit code; after
// says what ended it, for the failure message.
func (c *PTY) exitCode(want int, after string) {
	c.t.Helper()
	if got := c.Exit().ExitCode(); got != want {
		c.t.Errorf("exit code %d%s, want %d", got, after, want)
	}
}

// wantText checks that the text of the chat's output says text.
func (c *PTY) wantText(text string) {
	c.t.Helper()
	if plain := ansi.Strip(string(c.Output())); !strings.Contains(plain, text) {
		c.t.Errorf("output %q does not say %q", plain, text)
	}
}

// Exit waits for the chat to end and for its last output.
func (c *PTY) Exit() *os.ProcessState {
	c.t.Helper()
	select {
	case <-c.exited:
	case <-time.After(Wait):
		c.t.Fatalf("the chat did not exit; it wrote:\n%q", tail(c.Output()))
	}
	select {
	case <-c.readDone:
	case <-time.After(Wait):
		c.t.Fatalf("the pty did not close after the chat exited")
	}
	return c.state
}
