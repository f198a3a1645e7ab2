package terminal

import (
	"context"
	"testing"

	"github.com/hostbridge/hostbridge/host"
)

// gateWriter blocks every write until released, and takes no deadline: a
// terminal that stopped reading, seen through os.Stdout in blocking mode.
type gateWriter struct{ entered, release chan struct{} }

func (g *gateWriter) Write(p []byte) (int, error) {
	close(g.entered)
	<-g.release
	return len(p), nil
}

// Without write deadlines nothing can interrupt a blocked write: Report
// outlives its context and returns only when the write does. This is the
// documented limit of the backend, not a wish.
func TestBlockedWriteWithoutDeadlines(t *testing.T) {
	g := &gateWriter{entered: make(chan struct{}), release: make(chan struct{})}
	b, err := newTest(Config{Output: g, Info: plainTerm})
	if err != nil {
		t.Fatal(err)
	}
	// The context ends once the write has begun: one that ended before
	// (a deadline passed before the goroutine ran, under load) makes
	// Report return without writing, and the test wait for ever.
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	done := make(chan error, 1)
	go func() { done <- b.Report(ctx, state(host.Working)) }()
	<-g.entered
	cancel()
	select {
	case err := <-done:
		t.Fatalf("Report returned (%v) while its write was still blocked", err)
	default:
	}
	close(g.release)
	if err := <-done; err != nil {
		t.Errorf("Report after the write went through: %v", err)
	}
	if b.shown != seqWorking {
		t.Errorf("shown = %v, want working: the write went through", b.shown)
	}
}
