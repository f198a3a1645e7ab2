package core

import (
	"context"
	"errors"
	"fmt"
	"time"

	"github.com/hostbridge/hostbridge/host"
)

// errSuperseded cancels a report in flight that the exit made pointless.
var errSuperseded = errors.New("host: superseded by the exit")

// supersededByExit: the exit undoes a report of kind k (herdr's release
// drops the session too: ogulcancelik/herdr 10974c82, src/terminal/state.rs
// release_agent_with_mutation); not a ping, whose reply is still on screen.
func supersededByExit(k host.Kind) bool {
	return k != host.KindPing && k != host.KindExit
}

// inFlight is the report in flight and whether the exit was sent (w.mu).
type inFlight struct {
	kind   host.Kind // 0 when none
	cancel context.CancelCauseFunc
	cut    *time.Timer // cancels it when the exit's grace runs out

	graceEnd time.Time // zero until the exit is sent
}

func (f *inFlight) exiting() bool { return !f.graceEnd.IsZero() }

// exitSent (w.mu held) gives the reports queued before the exit a tenth of
// its budget, then cancels the one in flight if the exit supersedes it.
func (w *worker) exitSent() {
	if w.inFlight.exiting() {
		return
	}
	grace := w.o.ExitTimeout / 10
	w.inFlight.graceEnd = time.Now().Add(grace)
	if k := w.inFlight.kind; k != 0 && supersededByExit(k) {
		cancel := w.inFlight.cancel
		w.inFlight.cut = time.AfterFunc(grace, func() { cancel(errSuperseded) })
	}
}

// pastGrace: what the exit supersedes is no longer sent; pings wait.
func (w *worker) pastGrace() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.inFlight.exiting() && !time.Now().Before(w.inFlight.graceEnd)
}

// call runs one report, in flight, bounded by its timeout and the exit's
// grace. A panic fails the report: nothing on this goroutine would restore
// the terminal.
func (w *worker) call(ctx context.Context, r host.Report) (superseded bool, err error) {
	timeout := w.o.Timeout
	if r.Kind == host.KindExit {
		timeout = w.o.ExitTimeout
	}
	w.mu.Lock()
	if w.inFlight.exiting() && supersededByExit(r.Kind) {
		left := time.Until(w.inFlight.graceEnd)
		if left <= 0 {
			w.mu.Unlock()
			return true, nil
		}
		timeout = min(timeout, left)
	}
	ctx, cancel := context.WithCancelCause(ctx)
	ctx, stop := context.WithTimeout(ctx, timeout)
	w.inFlight.kind, w.inFlight.cancel = r.Kind, cancel
	w.mu.Unlock()
	defer func() {
		stop()
		cancel(nil)
		w.mu.Lock()
		if w.inFlight.cut != nil {
			w.inFlight.cut.Stop()
		}
		w.inFlight.kind, w.inFlight.cancel, w.inFlight.cut = 0, nil, nil
		w.mu.Unlock()
		if p := recover(); p != nil {
			err = fmt.Errorf("host: %s panicked: %v", w.b.Name(), p)
		}
	}()
	err = w.b.Report(ctx, r)
	superseded = err != nil && (errors.Is(context.Cause(ctx), errSuperseded) || w.pastGrace() && supersededByExit(r.Kind))
	return superseded, err
}
