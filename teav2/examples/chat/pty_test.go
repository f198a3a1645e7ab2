//go:build linux || darwin

package main

import (
	"bytes"
	"errors"
	"io"
	"os"
	"os/exec"
	"path/filepath"
	"slices"
	"strings"
	"sync"
	"syscall"
	"testing"
	"time"

	"github.com/charmbracelet/x/vt"
	"github.com/creack/pty"
)

// The end-to-end tests run the real chat binary in a real pseudo-terminal
// and act as the terminal: they read everything the chat writes, answer
// the background question (OSC 11) and the cursor report a terminal would
// answer, type keys and send focus reports, and read the escape sequences
// back from the byte stream. What the chat shows is read from a terminal
// emulator (Charm's x/vt) fed the same bytes: v2's renderer writes only
// what changed between frames, moving the cursor over what is already on
// the screen, so the text cannot be read off the bytes alone.

// wait bounds every wait for the chat: generous, as a race-enabled binary
// on a loaded machine is slow; nothing sleeps, it only bounds.
const wait = 20 * time.Second

var (
	buildOnce sync.Once
	chatBin   string
	buildErr  error
)

// chatBinary builds the chat once per test process (with -race when the
// tests run with it, so the race detector watches the real program too).
func chatBinary(t *testing.T) string {
	t.Helper()
	buildOnce.Do(func() {
		dir, err := os.MkdirTemp("", "chat-e2e")
		if err != nil {
			buildErr = err
			return
		}
		binDir = dir
		goTool, err := exec.LookPath("go")
		if err != nil {
			buildErr = err
			return
		}
		args := []string{"build", "-o", filepath.Join(dir, "chat")}
		if raceEnabled {
			args = append(args, "-race")
		}
		out, err := exec.Command(goTool, append(args, ".")...).CombinedOutput()
		if err != nil {
			buildErr = errors.New(string(out))
			return
		}
		chatBin = filepath.Join(dir, "chat")
	})
	if buildErr != nil {
		t.Fatalf("build the chat: %v", buildErr)
	}
	return chatBin
}

// testEnv is a controlled environment: a terminal that draws OSC 9;4 and
// is on no known-bad list, no multiplexer, no host, a home of its own.
func testEnv(t *testing.T, extra ...string) []string {
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

// ptyChat is the chat running in a pseudo-terminal.
type ptyChat struct {
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

	screen  *vt.Emulator    // fed everything the chat writes; guarded by mu
	screens strings.Builder // every screen shown, one after the other
}

// startChat starts the chat with args in a 100x30 pty.
func startChat(t *testing.T, env []string, args ...string) *ptyChat {
	t.Helper()
	// A race-built chat on a loaded machine may answer a fake host late; a
	// report that times out is retried, and the host, which applied it,
	// would log it twice. The tests are about what is reported, not about
	// the default bound.
	if !slices.Contains(args, "-timeout") {
		args = append([]string{"-timeout", "10s"}, args...)
	}
	return startPty(t, env, chatBinary(t), args...)
}

// startPty starts the program name with args in a 100x30 pty, as the
// terminal the user looks at.
func startPty(t *testing.T, env []string, name string, args ...string) *ptyChat {
	t.Helper()
	cmd := exec.Command(name, args...)
	cmd.Env = env
	cmd.Dir = t.TempDir()
	ptmx, err := pty.StartWithSize(cmd, &pty.Winsize{Rows: 30, Cols: 100})
	if err != nil {
		t.Fatalf("start %s in a pty: %v", filepath.Base(name), err)
	}
	c := &ptyChat{
		t: t, cmd: cmd, ptmx: ptmx,
		changed: make(chan struct{}), readDone: make(chan struct{}), exited: make(chan struct{}),
		screen: vt.NewEmulator(100, 30),
	}
	// The emulator answers the chat's queries into a pipe: drain it (the
	// test answers the ones it must, in read), until the cleanup.
	drained := make(chan struct{})
	go func() {
		defer close(drained)
		_, _ = io.Copy(io.Discard, c.screen)
	}()
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
		case <-time.After(wait):
			t.Errorf("the pty reader did not end")
		}
		_ = ptmx.Close()
		// Closing the pipe's end, not the emulator: Emulator.Close and
		// Read share an unguarded flag (x/vt v0.1.0).
		if pw, ok := c.screen.InputPipe().(*io.PipeWriter); ok {
			_ = pw.Close()
			<-drained
		}
		if bytes.Contains(c.output(), []byte("WARNING: DATA RACE")) {
			t.Errorf("the race detector found a race in the chat:\n%s", plainText(c.output()))
		}
	})
	return c
}

// read copies the chat's output into c.out until the pty closes (EIO on
// Linux once the chat and its terminal are gone), answering queries.
func (c *ptyChat) read() {
	defer close(c.readDone)
	buf := make([]byte, 4096)
	for {
		n, err := c.ptmx.Read(buf)
		if n > 0 {
			c.mu.Lock()
			c.out = append(c.out, buf[:n]...)
			_, _ = c.screen.Write(buf[:n])
			c.screens.WriteString(c.screen.String())
			c.screens.WriteByte('\n')
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
func (c *ptyChat) queries() []byte {
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

func (c *ptyChat) output() []byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.out)
}

// waitFor waits until cond holds for the output so far.
func (c *ptyChat) waitFor(what string, cond func(out []byte) bool) {
	c.t.Helper()
	deadline := time.NewTimer(wait)
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
			if !cond(c.output()) {
				c.t.Fatalf("the chat's output ended before %s; it wrote:\n%q", what, tail(c.output()))
			}
			return
		case <-deadline.C:
			c.t.Fatalf("timed out waiting for %s; the chat wrote:\n%q", what, tail(c.output()))
		}
	}
}

func tail(b []byte) []byte {
	if len(b) > 3000 {
		return b[len(b)-3000:]
	}
	return b
}

// waitText waits for text to be shown on the screen.
func (c *ptyChat) waitText(text string) {
	c.t.Helper()
	c.waitFor("the text "+text, func([]byte) bool { return strings.Contains(c.shown(), text) })
}

// shown is every screen the chat has shown so far.
func (c *ptyChat) shown() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.screens.String()
}

// write types s (keys, or a terminal's report) in one write.
func (c *ptyChat) write(s string) {
	c.t.Helper()
	if _, err := c.ptmx.Write([]byte(s)); err != nil {
		c.t.Fatalf("write %q: %v", s, err)
	}
}

// signal sends sig to the chat.
func (c *ptyChat) signal(sig syscall.Signal) {
	c.t.Helper()
	if err := c.cmd.Process.Signal(sig); err != nil {
		c.t.Fatalf("signal %v: %v", sig, err)
	}
}

// exit waits for the chat to end and for its last output.
func (c *ptyChat) exit() *os.ProcessState {
	c.t.Helper()
	select {
	case <-c.exited:
	case <-time.After(wait):
		c.t.Fatalf("the chat did not exit; it wrote:\n%q", tail(c.output()))
	}
	select {
	case <-c.readDone:
	case <-time.After(wait):
		c.t.Fatalf("the pty did not close after the chat exited")
	}
	return c.state
}
