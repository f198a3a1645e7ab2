package core

import (
	"context"
	"errors"
	"time"

	"github.com/hostbridge/hostbridge/host"
)

// errSuperseded is the cause a report in flight is cancelled with when the
// exit makes it pointless.
var errSuperseded = errors.New("host: superseded by the exit")

// supersededByExit reports whether the exit makes an undelivered report of
// kind k pointless. The exit clears the bar, releases the pane, sets tuios
// to none (which drops its facts and sub-agents) and removes the cmux row,
// so a state, facts, sub-agents or a suspend no longer matter once it is
// sent. So does a session: herdr's release drops the pane's session
// reference for the releasing source (ogulcancelik/herdr 10974c82,
// src/terminal/state.rs release_agent_with_mutation), and herdr keeps
// references only for its official sources (src/agent_resume.rs), whose
// own hooks report them. A ping is not superseded: the reply it announces
// is still on the screen (a one-shot run ends right after it).
func supersededByExit(k host.Kind) bool {
	switch k {
	case host.KindState, host.KindMeta, host.KindAgents, host.KindSuspend, host.KindSession:
		return true
	}
	return false
}

// exitGrace is the part of the exit's budget that the reports queued before
// it may use: a host that keeps up gets them all, in order; a slow one gets
// the exit next.
func exitGrace(exitTimeout time.Duration) time.Duration { return exitTimeout / 10 }

// flight is what the worker is delivering, and whether the exit was sent.
// Guarded by the worker's mu.
type flight struct {
	kind   host.Kind // the report in flight; 0 when none
	cancel context.CancelCauseFunc
	cut    *time.Timer // cancels it when the exit's grace runs out

	exiting bool      // an exit was sent
	exitAt  time.Time // when
}

// exitSent marks the exit sent (w.mu held): the report in flight, if the
// exit supersedes it, is cancelled once the grace runs out.
func (w *worker) exitSent() {
	if w.flight.exiting {
		return
	}
	w.flight.exiting, w.flight.exitAt = true, time.Now()
	if k := w.flight.kind; k != 0 && supersededByExit(k) {
		cancel := w.flight.cancel
		w.flight.cut = time.AfterFunc(exitGrace(w.o.ExitTimeout), func() { cancel(errSuperseded) })
	}
}

// pastGrace reports whether the exit was sent and its grace has run out:
// what it supersedes is no longer sent, and pings wait behind it.
func (w *worker) pastGrace() bool {
	w.mu.Lock()
	defer w.mu.Unlock()
	return w.flight.exiting && time.Since(w.flight.exitAt) >= exitGrace(w.o.ExitTimeout)
}

// begin bounds one report (the exit by ExitTimeout, the others by Timeout,
// and what the exit supersedes by the end of its grace) and marks it in
// flight; done ends that. ok is false for a report the exit superseded
// before it started.
func (w *worker) begin(ctx context.Context, r host.Report) (_ context.Context, done func(), ok bool) {
	timeout := w.o.Timeout
	if r.Kind == host.KindExit {
		timeout = w.o.ExitTimeout
	}
	w.mu.Lock()
	defer w.mu.Unlock()
	if w.flight.exiting && supersededByExit(r.Kind) {
		left := exitGrace(w.o.ExitTimeout) - time.Since(w.flight.exitAt)
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
