package bridge_test

import (
	"context"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hostbridge/hostbridge/bridge"
	"github.com/hostbridge/hostbridge/host"
)

// heldHost is a host whose first report waits until released, so what the
// chat does meanwhile queues; it records the sub-agent lists it gets.
// The first report is held whenever it comes: entered is closed then,
// not sent on, so the hold does not depend on the test goroutine already
// waiting (a worker that ran first would otherwise pass the report
// through and leave the test waiting for a hold that never comes).
type heldHost struct {
	hold    sync.Once
	entered chan struct{}
	release chan struct{}
	mu      sync.Mutex
	lists   []string
}

func (h *heldHost) Name() string { return "held" }

func (h *heldHost) Report(ctx context.Context, r host.Report) error {
	h.hold.Do(func() {
		close(h.entered)
		<-h.release
	})
	if r.Kind == host.KindAgents {
		var l []string
		for _, a := range r.Agents {
			l = append(l, a.ID+":"+a.Status.String()+":"+a.Result)
		}
		h.mu.Lock()
		h.lists = append(h.lists, strings.Join(l, ","))
		h.mu.Unlock()
	}
	return nil
}

// TestSubAgentEndNotLostWhileHostIsSlow: a sub-agent that ends while the
// host is busy, followed by another's start, reaches the host as ended,
// with its result; it is not left out of the next list (which a host
// that diffs lists would show as stopped).
func TestSubAgentEndNotLostWhileHostIsSlow(t *testing.T) {
	h := &heldHost{entered: make(chan struct{}), release: make(chan struct{})}
	b, err := bridge.New(bridge.WithBackends(h), bridge.WithSignalHandler(false))
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	b.Ready()
	select {
	case <-h.entered: // the host holds the first report: the rest queues
	case <-time.After(10 * time.Second):
		t.Fatal("the host never got the ready report")
	}
	b.Send(bridge.SubAgentStarted{ID: "a", Task: "look"})
	b.Send(bridge.SubAgentEnded{ID: "a", Result: "found it"})
	b.Send(bridge.SubAgentStarted{ID: "b", Task: "fix"})
	close(h.release)
	if err := b.Flush(t.Context()); err != nil {
		t.Fatal(err)
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	seen := false
	for _, l := range h.lists {
		seen = seen || strings.Contains(l, "a:done:found it")
	}
	if !seen {
		t.Errorf("the host never saw a end: lists %q", h.lists)
	}
}
