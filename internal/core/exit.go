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

// supersededByExit reports whether the exit makes an undelivered report of
// kind k pointless: it clears the bar, releases the pane (and with it the
// session reference: ogulcancelik/herdr 10974c82, src/terminal/state.rs
// release_agent_with_mutation), sets tuios to none, removes the cmux row.
// A ping is not: the reply it announces is still on the screen.
func supersededByExit(k host.Kind) bool {
	return k != host.KindPing && k != host.KindExit
}

// exitGrace is the part of the exit's budget the reports queued before it
// may use.
func exitGrace(exitTimeout time.Duration) time.Duration { return exitTimeout / 10 }

// inFlight is the report in flight and whether the exit was sent (w.mu).
type inFlight struct {
	kind   host.Kind // 0 when none
	cancel context.CancelCauseFunc
	cut    *time.Timer // cancels it when the exit's grace runs out

	graceEnd time.Time // when the exit's grace runs out; zero until the exit is sent
}

// exiting reports whether the exit was sent.
func (f *inFlight) exiting() bool { return !f.graceEnd.IsZero() }

// exitSent marks the exit sent (w.mu held): the report in flight, if the
// exit supersedes it, is cancelled once the grace runs out.
func (w *worker) exitSent() {
	if w.inFlight.exiting() {
		return
	}
	grace := exitGrace(w.o.ExitTimeout)
	w.inFlight.graceEnd = time.Now().Add(grace)
	if k := w.inFlight.kind; k != 0 && supersededByExit(k) {
		cancel := w.inFlight.cancel
		w.inFlight.cut = time.AfterFunc(grace, func() { cancel(errSuperseded) })
	}
}

// pastGrace: the exit was sent and its grace ran out, so what it
// supersedes is no longer sent, and pings wait behind it.
func (w *worker) pastGrace() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.inFlight.exiting() && !time.Now().Before(w.inFlight.graceEnd)
}

// call runs one report, bounded by ExitTimeout, Timeout or the end of the
// exit's grace, and marked in flight meanwhile. superseded: the exit made
// it pointless, before it started or while it ran. A panic fails the
// report rather than take the chat down from a goroutine where nothing
// restores the terminal.
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
