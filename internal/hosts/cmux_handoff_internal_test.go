package hosts

import (
	"context"
	"testing"
	"time"
)

// The terminal waits for cmux's first answer, bounded by its report; once
// a wait has run out of time it never waits again (a cmux that does not
// answer must not hold every later bar and ping up), but a report
// superseded by a newer one leaves the next to wait; a refusal stands.
func TestHandoffWaits(t *testing.T) {
	h := newHandoff()
	superseded, cancel := context.WithCancel(context.Background())
	cancel()
	if !h.hostShows(superseded) {
		t.Error("cmux not yet answering: the terminal took the state")
	}
	if h.gaveUp.Load() {
		t.Error("a report superseded by a newer one stopped the waiting")
	}
	late, cancel := context.WithDeadline(context.Background(), time.Unix(1, 0))
	defer cancel()
	if !h.hostShows(late) {
		t.Error("cmux not yet answering: the terminal took the state")
	}
	answered := make(chan bool)
	go func() { answered <- h.hostShows(context.Background()) }() // would block, if it waited
	if !<-answered {
		t.Error("after a wait ran out: the terminal took the state")
	}

	h = newHandoff()
	go func() { answered <- h.hostShows(context.Background()) }()
	h.settle(true)
	if <-answered {
		t.Error("a waiting terminal was not told cmux refused")
	}
	h.settle(false)
	if h.hostShows(context.Background()) {
		t.Error("a later answer undid the refusal")
	}
}
