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
// drops the session too: ogulcancelik/herdr@10974c82, src/terminal/state.rs
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
	end      time.Time // the exit's budget ends: nothing runs past it
}

func (f *inFlight) exiting() bool { return !f.graceEnd.IsZero() }

// exitSent (w.mu held) gives the reports queued before the exit a tenth of
// its budget, then cancels the one in flight if the exit supersedes it.
// Why a tenth: a host that keeps up still gets everything queued, in order
// (a session saved just before quitting reaches herdr), while a slow one
// cannot eat the exit's share: nine tenths stay for the exit itself, which
// may take a host several requests (herdr's release, then its toast).
// The budget starts here, not when the exit's own turn comes: Close waits
// WithExitTimeout from about now, so every report from here on, the exit
// included, ends by then. A backend that does several things at the exit
// reads what it has left from its context's deadline (herdr: the release
// first, then its toast within what is left; internal/hosts/herdr/backend.go).
func (w *worker) exitSent() {
	if w.inFlight.exiting() {
		return
	}
	now := time.Now()
	grace := w.s.ExitTimeout / 10
	w.inFlight.graceEnd, w.inFlight.end = now.Add(grace), now.Add(w.s.ExitTimeout)
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

// call runs one report, in flight, bounded by its timeout and, once the
// exit is sent, by the exit's grace (what the exit supersedes) and its
// budget (everything, the exit too). A panic fails the report: nothing on
// this goroutine would restore the terminal.
func (w *worker) call(ctx context.Context, r host.Report) (superseded bool, err error) {
	timeout := w.s.Timeout
	if r.Kind == host.KindExit {
		timeout = w.s.ExitTimeout
	}
	w.mu.Lock()
	if w.inFlight.exiting() {
		end := w.inFlight.end
		if supersededByExit(r.Kind) {
			end = w.inFlight.graceEnd
		}
		left := time.Until(end)
		if left <= 0 && supersededByExit(r.Kind) {
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
