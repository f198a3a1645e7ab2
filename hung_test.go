package hostbridge

import (
	"context"
	"errors"
	"strings"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"go.uber.org/goleak"
)

// stuckWriter blocks every Write until released, like a terminal whose
// reader stopped reading. It cannot be interrupted: it has no deadline.
type stuckWriter struct {
	once    sync.Once
	release chan struct{}
	entered chan struct{}
}

func (w *stuckWriter) Write(p []byte) (int, error) {
	w.once.Do(func() { close(w.entered) })
	<-w.release
	return len(p), nil
}

// A terminal that never drains its output: Update still returns at once,
// Close returns within its bound and names the stuck host, and the worker
// goroutine ends as soon as the write does.
func TestHungTerminalNeverBlocksTheChat(t *testing.T) {
	w := &stuckWriter{release: make(chan struct{}), entered: make(chan struct{})}
	m := Wrap(echo{got: new([]tea.Msg)}, WithOutput(w), WithSignalHandler(false),
		WithExitTimeout(200*time.Millisecond),
		WithEnv(func(k string) string {
			return map[string]string{"TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"}[k]
		}))
	if len(m.bridge.ChannelLines(context.Background())) == 0 || m.bridge.Stats()[0].Backend != "terminal" {
		t.Fatalf("no terminal backend: %v", m.bridge.ChannelLines(context.Background()))
	}
	updates := make(chan struct{})
	go func() {
		defer close(updates)
		m.Init()
		for i := 0; i < 10000; i++ {
			m.Update(TurnStarted{})
			m.Update(ApprovalNeeded{Tool: "shell", Action: "x"})
			m.Update(Idle{Reply: "r"})
		}
	}()
	select {
	case <-updates:
	case <-time.After(10 * time.Second):
		t.Fatal("Update blocked on a hung terminal")
	}
	<-w.entered // the worker is stuck in Write
	closed := make(chan error, 1)
	go func() { closed <- m.Close() }()
	var err error
	select {
	case err = <-closed:
	case <-time.After(10 * time.Second):
		t.Fatal("Close did not return while the terminal hung")
	}
	if err == nil || !strings.Contains(err.Error(), "terminal") {
		t.Errorf("Close = %v, want an error naming the stuck terminal", err)
	}
	if err2 := m.Close(); !errors.Is(err2, err) && err2.Error() != err.Error() {
		t.Errorf("second Close = %v, want the first result", err2)
	}
	close(w.release)
	goleak.VerifyNone(t, goleak.IgnoreCurrent())
}
