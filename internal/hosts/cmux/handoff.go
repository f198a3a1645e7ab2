package cmux

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
)

// Handoff says whether cmux shows the state, for the terminal, which draws
// the bar only once cmux refused its rows. Until cmux first answers, the
// terminal waits, bounded by its report; out of time, it stops waiting for
// good, and takes no state (errUnanswered: it comes again) until cmux answers.
//
// The cost, against a cmux that never answers (hung from the start): the
// terminal's state report fails at once on every retry, the back-off at its
// 5 s ceiling, so the terminal's Stats.Failed grows by one about every 5 s
// for the whole run (17 in the first minute), each a debug line; no bytes
// are written. That buys a refusal that comes late its state drawn at the
// next retry rather than at the next change (TestHandoffGivesUpAtTheDeadline).
type Handoff struct {
	refused atomic.Bool // set-status refused as unknown: for the run
	gaveUp  atomic.Bool
	once    sync.Once
	settled chan struct{} // closed at cmux's first answer
}

func newHandoff() *Handoff { return &Handoff{settled: make(chan struct{})} }

// settle records cmux's answer to a row command; a refusal stands for the run.
func (h *Handoff) settle(refused bool) {
	if refused {
		h.refused.Store(true)
	}
	h.once.Do(func() { close(h.settled) })
}

var errUnanswered = errors.New("cmux has not answered yet")

// HostShows reports whether cmux shows the state (terminal.Wiring.HostShows).
func (h *Handoff) HostShows(ctx context.Context) (bool, error) {
	if !h.gaveUp.Load() {
		select {
		case <-h.settled:
		case <-ctx.Done():
			// Out of time, not a report superseded by a newer one.
			h.gaveUp.Store(errors.Is(ctx.Err(), context.DeadlineExceeded))
		}
	}
	select {
	case <-h.settled:
		return !h.refused.Load(), nil
	default:
		return true, errUnanswered
	}
}

// Refused reports whether cmux refused its rows: the terminal shows the state.
func (h *Handoff) Refused() bool { return h.refused.Load() }
