package hosts

import (
	"context"
	"errors"
	"sync"
	"sync/atomic"
)

// handoff says whether cmux shows the chat's state, for the terminal
// backend, which draws the bar only once cmux has refused its rows (a
// remote workspace's cmux). Until cmux first answers, the terminal waits
// for the answer, bounded by its report; if that runs out of time it
// stops waiting for good and leaves the state to cmux until it refuses.
type handoff struct {
	refused atomic.Bool
	gaveUp  atomic.Bool
	once    sync.Once
	settled chan struct{} // closed at cmux's first answer
}

// cmuxFallback is what the terminal's channel adds beside cmux.
const cmuxFallback = "progress (OSC 9;4) if cmux refuses its status rows (as a remote workspace's cmux does)"

func newHandoff() *handoff { return &handoff{settled: make(chan struct{})} }

// settle records cmux's answer to a row command: refused, or not (it has
// rows). A refusal stands for the run.
func (h *handoff) settle(refused bool) {
	if refused {
		h.refused.Store(true)
	}
	h.once.Do(func() { close(h.settled) })
}

// hostShows reports whether cmux shows the state (terminal.Config.HostShows).
func (h *handoff) hostShows(ctx context.Context) bool {
	if !h.gaveUp.Load() {
		select {
		case <-h.settled:
		case <-ctx.Done():
			// Out of time, not a report superseded by a newer one.
			h.gaveUp.Store(errors.Is(ctx.Err(), context.DeadlineExceeded))
		}
	}
	return !h.refused.Load()
}
