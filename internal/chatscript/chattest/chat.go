package chattest

import (
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"testing"
)

// Chat is one example chat under test: the package in the test's working
// directory, built once per test process by Binary, and how its screen is
// read. The zero Chat reads the screen off the bytes the chat writes.
type Chat struct {
	// Screen, if set, makes the Screen a pty run reads what the chat shows
	// from; it may register a cleanup, which runs after the run's reader
	// has ended.
	Screen func(t *testing.T) Screen

	once sync.Once
	dir  string // holds the binary, if it was built
	bin  string
	err  error
}

// A Screen is a terminal emulator fed everything a chat writes to its pty.
// It is needed where a renderer writes only what changed between frames,
// moving the cursor over what is already on the screen (Bubble Tea v2), so
// that the text cannot be read off the bytes alone. Both methods are
// called one at a time.
type Screen interface {
	// Write feeds the screen the next bytes the chat wrote.
	Write(p []byte)
	// Shown is every screen shown so far, one after the other.
	Shown() string
}

// Binary builds the chat in the working directory once per test process
// (with -race when the tests run with it, so the race detector watches
// the real program too) and returns its path.
func (ch *Chat) Binary(t *testing.T) string {
	t.Helper()
	ch.once.Do(func() {
		dir, err := os.MkdirTemp("", "chat-e2e")
		if err != nil {
			ch.err = err
			return
		}
		ch.dir = dir
		goTool, err := exec.LookPath("go")
		if err != nil {
			ch.err = err
			return
		}
		args := []string{"build", "-o", filepath.Join(dir, "chat")}
		if raceEnabled {
			args = append(args, "-race")
		}
		out, err := exec.Command(goTool, append(args, ".")...).CombinedOutput()
		if err != nil {
			ch.err = errors.New(string(out))
			return
		}
		ch.bin = filepath.Join(dir, "chat")
	})
	if ch.err != nil {
		t.Fatalf("build the chat: %v", ch.err)
	}
	return ch.bin
}

// Remove removes the binary, if it was built: for TestMain, after the
// tests.
func (ch *Chat) Remove() {
	if ch.dir != "" {
		_ = os.RemoveAll(ch.dir)
	}
}
