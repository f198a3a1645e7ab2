package hosts

import (
	"context"
	"testing"
	"time"
)

// The terminal waits for cmux's first answer, bounded by its report; once
// a wait has run out of time it never waits again (a cmux that does not
// answer must not hold every later bar and ping up), but a report
// superseded by a newer one leaves the next to wait. Until cmux answers,
// the answer is an error (the state is not taken, so it comes again); a
// refusal stands.
func TestHandoffWaits(t *testing.T) {
	h := newHandoff()
	superseded, cancel := context.WithCancel(context.Background())
	cancel()
	if shows, err := h.hostShows(superseded); !shows || err == nil {
		t.Errorf("cmux not yet answering: shows %v, err %v; want true and an error", shows, err)
	}
	if h.gaveUp.Load() {
		t.Error("a report superseded by a newer one stopped the waiting")
	}
	late, cancel := context.WithDeadline(context.Background(), time.Unix(1, 0))
	defer cancel()
	if shows, err := h.hostShows(late); !shows || err == nil {
		t.Errorf("cmux not yet answering: shows %v, err %v; want true and an error", shows, err)
	}
	type answer struct {
		shows bool
		err   error
	}
	answered := make(chan answer)
	ask := func() {
		shows, err := h.hostShows(context.Background())
		answered <- answer{shows, err}
	}
	go ask() // would block, if it waited
	if a := <-answered; !a.shows || a.err == nil {
		t.Errorf("after a wait ran out: %+v, want true and an error", a)
	}
	h.settle(true) // cmux refuses after the terminal stopped waiting
	if shows, err := h.hostShows(context.Background()); shows || err != nil {
		t.Errorf("a refusal after the wait ran out: shows %v, err %v", shows, err)
	}

	h = newHandoff()
	go ask()
	h.settle(true)
	if a := <-answered; a.shows || a.err != nil {
		t.Errorf("a waiting terminal was not told cmux refused: %+v", a)
	}
	h.settle(false)
	if shows, _ := h.hostShows(context.Background()); shows {
		t.Error("a later answer undid the refusal")
	}

	h = newHandoff()
	h.settle(false)
	if shows, err := h.hostShows(context.Background()); !shows || err != nil {
		t.Errorf("cmux shows its rows: shows %v, err %v", shows, err)
	}
}
