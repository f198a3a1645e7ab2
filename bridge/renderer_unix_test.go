//go:build unix

package bridge

import (
	"context"
	"os"
	"slices"
	"sync"
	"syscall"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// With the bar handed to a renderer (after the ready state's reset), the
// exit a hangup runs (the process then ends before the renderer can reset
// the bar) writes the reset itself; the exit on SIGINT or SIGTERM, which
// Bubble Tea v2 handles and resets the bar for, writes none.
func TestRendererBarOnSignals(t *testing.T) {
	for _, c := range []struct {
		sig  os.Signal
		want []string
	}{
		{syscall.SIGHUP, []string{"terminal progress 0", "terminal progress 0"}},
		{syscall.SIGTERM, []string{"terminal progress 0"}},
		{syscall.SIGINT, []string{"terminal progress 0"}},
	} {
		t.Run(c.sig.String(), func(t *testing.T) {
			var term fakehost.Terminal
			env := map[string]string{"TERM": "xterm-256color"}
			b, err := New(WithEnv(func(k string) string { return env[k] }), WithOutput(&term), WithSignalHandler(false))
			if err != nil {
				t.Fatal(err)
			}
			b.Framework()
			if !b.RendererBar() {
				t.Fatal("a plain terminal's bar was not handed to the renderer")
			}
			b.Ready()
			if err := b.Flush(context.Background()); err != nil {
				t.Fatal(err)
			}
			b.Send(TurnStarted{})
			if got := b.Shown(); got.String() != "working" {
				t.Fatalf("Shown() = %v", got)
			}
			b.signalExit(c.sig)
			if got := term.Transcript(); !slices.Equal(got, c.want) {
				t.Fatalf("wrote %q, want %q", got, c.want)
			}
		})
	}
}

// doneAtWrite records each write, and whether the Bridge's Close had
// finished when it came.
type doneAtWrite struct {
	mu     sync.Mutex
	b      *Bridge
	writes []string
	closed []bool
}

func (w *doneAtWrite) Write(p []byte) (int, error) {
	w.mu.Lock()
	defer w.mu.Unlock()
	closed := false
	if w.b != nil {
		select {
		case <-w.b.Done():
			closed = true
		default:
		}
	}
	w.writes = append(w.writes, string(p))
	w.closed = append(w.closed, closed)
	return len(p), nil
}

// A hangup's reset is written as late as it can be: after Close stopped
// every worker, just before the signal is delivered again, so a frame the
// renderer still flushes with the bar in it does not land after it.
func TestHangupResetIsLast(t *testing.T) {
	out := &doneAtWrite{}
	env := map[string]string{"TERM": "xterm-256color"}
	b, err := New(WithEnv(func(k string) string { return env[k] }), WithOutput(out), WithSignalHandler(false))
	if err != nil {
		t.Fatal(err)
	}
	out.mu.Lock()
	out.b = b
	out.mu.Unlock()
	b.Framework()
	b.RendererBar()
	b.Ready()
	if err := b.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	b.Send(TurnStarted{})
	b.signalExit(syscall.SIGHUP)
	out.mu.Lock()
	defer out.mu.Unlock()
	want := []string{ansi.ResetProgressBar, ansi.ResetProgressBar}
	if !slices.Equal(out.writes, want) {
		t.Fatalf("wrote %q, want %q", out.writes, want)
	}
	if !out.closed[1] {
		t.Fatal("the hangup's reset was written before Close finished")
	}
}
