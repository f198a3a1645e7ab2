package core

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
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

// flight is the report in flight and whether the exit was sent (w.mu).
type flight struct {
	kind   host.Kind // 0 when none
	cancel context.CancelCauseFunc
	cut    *time.Timer // cancels it when the exit's grace runs out

	graceEnd time.Time // when the exit's grace runs out; zero until the exit is sent
}

// exiting reports whether the exit was sent.
func (f *flight) exiting() bool { return !f.graceEnd.IsZero() }

// exitSent marks the exit sent (w.mu held): the report in flight, if the
// exit supersedes it, is cancelled once the grace runs out.
func (w *worker) exitSent() {
	if w.flight.exiting() {
		return
	}
	grace := exitGrace(w.o.ExitTimeout)
	w.flight.graceEnd = time.Now().Add(grace)
	if k := w.flight.kind; k != 0 && supersededByExit(k) {
		cancel := w.flight.cancel
		w.flight.cut = time.AfterFunc(grace, func() { cancel(errSuperseded) })
	}
}

// pastGrace: the exit was sent and its grace ran out, so what it
// supersedes is no longer sent, and pings wait behind it.
func (w *worker) pastGrace() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.flight.exiting() && !time.Now().Before(w.flight.graceEnd)
}

// begin bounds one report (by ExitTimeout, Timeout, or the end of the
// exit's grace) and marks it in flight until done; ok is false for one the
// exit superseded before it started.
func (w *worker) begin(ctx context.Context, r host.Report) (_ context.Context, done func(), ok bool) {
	timeout := w.o.Timeout
	if r.Kind == host.KindExit {
		timeout = w.o.ExitTimeout
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.flight.exiting() && supersededByExit(r.Kind) {
		left := time.Until(w.flight.graceEnd)
		if left <= 0 {
			return nil, nil, false
		}
		timeout = min(timeout, left)
	}
	ctx, cancel := context.WithCancelCause(ctx)
	ctx, stop := context.WithTimeout(ctx, timeout)
	w.flight.kind, w.flight.cancel = r.Kind, cancel
	return ctx, func() {
		stop()
		cancel(nil)
		w.mu.Lock()
		if w.flight.cut != nil {
			w.flight.cut.Stop()
		}
		w.flight.kind, w.flight.cancel, w.flight.cut = 0, nil, nil
		w.mu.Unlock()
	}, true
}

// deliver runs one report and counts the outcome. One the backend cannot
// show (host.ErrDropped) counts as taken: there is nothing to retry.
func (w *worker) deliver(ctx context.Context, r host.Report) bool {
	ctx, done, ok := w.begin(ctx, r)
	if !ok {
		w.count(&w.stats.Coalesced)
		return false
	}
	err := w.call(ctx, r)
	done()
	switch {
	case err == nil:
		w.count(&w.stats.Sent)
		return true
	case errors.Is(context.Cause(ctx), errSuperseded) || w.pastGrace() && supersededByExit(r.Kind):
		w.count(&w.stats.Coalesced)
		return false
	case errors.Is(err, host.ErrDropped):
		w.count(&w.stats.Dropped)
		return true
	}
	w.count(&w.stats.Failed)
	w.o.Logger.LogAttrs(ctx, slog.LevelDebug, "hostbridge: report failed",
		slog.String("backend", w.b.Name()), slog.String("kind", r.Kind.String()),
		slog.String("state", r.State.String()), slog.Any("err", err))
	return false
}

// call runs Report; a panic fails the report rather than take the chat
// down from a goroutine where nothing restores the terminal.
func (w *worker) call(ctx context.Context, r host.Report) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("host: %s panicked: %v", w.b.Name(), p)
		}
	}()
	return w.b.Report(ctx, r)
}
