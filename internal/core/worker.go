package core

import (
	"context"
	"errors"
	"log/slog"
	"slices"
	"sync"
	"time"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/settings"
)

// worker is the one goroutine that talks to one backend, and its queue.
type worker struct {
	b    host.Backend
	s    settings.Settings
	wake chan struct{} // capacity 1: the queue changed
	done chan struct{} // closed when run returns

	mu       sync.Mutex
	queue    []item
	closing  bool
	queued   uint64        // seq of the newest queued item
	handled  uint64        // seq of the newest item delivered or failed
	progress chan struct{} // closed and replaced whenever handled moves
	inFlight inFlight
	stats    host.Stats
}

type item struct {
	r      host.Report
	seq    uint64
	agents *agentSet // KindAgents: the changes merged in
}

// count adds one to a counter of w.stats (w.mu not held).
func (w *worker) count(n *int64) {
	w.mu.Lock()
	*n++
	w.mu.Unlock()
}

func (w *worker) enqueue(reps []host.Report) {
	w.mu.Lock()
	if w.closing {
		w.mu.Unlock()
		return
	}
	for _, r := range reps {
		if r.Kind == host.KindExit {
			w.exitSent()
		}
		if i := w.queuedSnapshot(r.Kind); i >= 0 {
			w.stats.Coalesced++
			if r.Kind == host.KindAgents {
				w.queue[i].mergeAgents(r)
				continue
			}
			w.queue = slices.Delete(w.queue, i, i+1)
		}
		if len(w.queue) >= w.s.QueueLimit {
			w.dropOldest()
		}
		w.queued++
		w.queue = append(w.queue, item{r: r, seq: w.queued})
	}
	w.mu.Unlock()
	w.poke()
}

func (w *worker) poke() {
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

// queuedSnapshot is the index of the queued snapshot of kind k a new one
// supersedes, or -1; edge events (pings, sessions, the exit) keep order.
func (w *worker) queuedSnapshot(k host.Kind) int {
	if w.s.EveryReport || !snapshot(k) {
		return -1
	}
	for i := len(w.queue) - 1; i >= 0 && snapshot(w.queue[i].r.Kind); i-- {
		if w.queue[i].r.Kind == k {
			return i
		}
	}
	return -1
}

// dropOldest makes room, never by the exit; sub-agent changes fold into
// the next queued ones.
func (w *worker) dropOldest() {
	for i, it := range w.queue {
		switch it.r.Kind {
		case host.KindExit:
			continue
		case host.KindAgents:
			j := slices.IndexFunc(w.queue[i+1:], func(n item) bool { return n.r.Kind == host.KindAgents })
			if j < 0 {
				continue
			}
			next := &w.queue[i+1+j]
			it.mergeAgents(next.r)
			next.r, next.agents = it.r, it.agents
			w.queue = slices.Delete(w.queue, i, i+1)
			w.stats.Coalesced++
			return
		}
		if i == 0 {
			w.popHead() // the usual case, without copying the rest
		} else {
			w.queue = slices.Delete(w.queue, i, i+1)
		}
		w.stats.Dropped++
		return
	}
}

func (w *worker) popHead() {
	w.queue[0] = item{}
	w.queue = w.queue[1:]
}

func (w *worker) shutdown() {
	w.mu.Lock()
	w.closing = true
	w.mu.Unlock()
	w.poke()
}

// next records item number handled as handled, and takes the next one.
func (w *worker) next(handled uint64) (it item, ok, closing bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if handled > w.handled {
		w.handled = handled
		close(w.progress)
		w.progress = make(chan struct{})
	}
	if len(w.queue) == 0 {
		return item{}, false, w.closing
	}
	it = w.queue[0]
	w.popHead()
	return it, true, w.closing
}

func (w *worker) flush(ctx context.Context) error {
	w.mu.Lock()
	target := w.queued
	for w.handled < target {
		progress := w.progress
		w.mu.Unlock()
		select {
		case <-progress:
		case <-w.done:
			return ErrClosed
		case <-ctx.Done():
			return context.Cause(ctx)
		}
		w.mu.Lock()
	}
	w.mu.Unlock()
	return nil
}

func (w *worker) run(ctx context.Context) {
	defer close(w.done)
	defer w.closeBackend()
	d := &delivery{w: w, ctx: ctx, retry: stoppedTimer(), refresh: stoppedTimer()}
	d.pings.timer = stoppedTimer()
	if !w.s.EveryReport {
		d.refresher, _ = w.b.(host.Refresher)
	}
	_, d.drawer = w.b.(host.Drawer)
	var handled uint64
	for {
		it, ok, closing := w.next(handled)
		if ok {
			if ctx.Err() != nil {
				w.count(&w.stats.Dropped)
			} else {
				d.handle(it.r, closing)
			}
			handled = it.seq
			continue
		}
		if closing && ctx.Err() == nil {
			d.heldPing() // the last word: a held ping that still matters
		}
		if closing || ctx.Err() != nil {
			return
		}
		select {
		case <-w.wake:
		case <-ctx.Done():
			return
		case <-d.retry.C:
			d.retryNow()
		case <-d.refresh.C:
			d.refreshNow()
		case <-d.pings.timer.C:
			d.heldPing()
		}
	}
}

// delivery is the worker goroutine's own memory between reports.
type delivery struct {
	w         *worker
	ctx       context.Context
	kinds     [host.KindExit + 1]given
	backoff   time.Duration // the wait before the next retry; failed starts it
	retry     *time.Timer
	refresh   *time.Timer
	refresher host.Refresher
	drawer    bool
	session   host.Session // the newest seen: a retried report carries it
	state     host.State   // the chat's state in the newest report seen
	pings     pinger
	agents    agentList
}

type given struct {
	last  host.Report
	taken bool // the host took last
	// doubt guards against believing what the host shows: the next report
	// of the kind goes as a Repeat (host.Report.Repeat), so the backend
	// sends it even if it equals the last. A failed report may have been
	// applied anyway (answered after the deadline, half written), so what
	// the host shows is unknown; and a suspend cleared what a Drawer (the
	// terminal's bar) showed, though the state did not change.
	doubt bool
	retry bool // last failed and waits for another try
}

// retryOrder: the state, what the host shows, is retried first.
var retryOrder = [...]host.Kind{host.KindState, host.KindSession, host.KindMeta, host.KindAgents}

func (d *delivery) handle(r host.Report, closing bool) {
	d.session, d.state = r.Session, r.State
	s := &d.kinds[r.Kind]
	unchanged := false
	switch r.Kind {
	case host.KindPing:
		d.ping(r)
		return
	case host.KindState:
		unchanged = s.last.State == r.State && s.last.Message == r.Message
	case host.KindMeta:
		unchanged = slices.Equal(s.last.Meta, r.Meta)
	case host.KindAgents: // listed per session (tuios)
		unchanged = !d.agents.apply(&r) && s.last.Session == r.Session
	case host.KindSuspend:
		state := &d.kinds[host.KindState]
		state.retry = false // nothing is drawn meanwhile; Resume's state supersedes it
		state.doubt = state.doubt || d.drawer
	}
	if unchanged && s.taken && !s.doubt {
		d.w.count(&d.w.stats.Coalesced)
		return
	}
	if r.Kind == host.KindState || r.Kind == host.KindExit || r.Kind == host.KindSuspend {
		d.refresh.Stop()
	}
	s.retry = false // superseded
	if !d.send(r) && retried(r.Kind) && !closing {
		d.failed(r.Kind)
	}
	if r.Kind == host.KindExit {
		clear(d.kinds[:]) // the host forgot the chat
		d.retry.Stop()
	}
}

// send gives r to the backend, as a Repeat when in doubt; ErrDropped
// counts as taken: there is nothing to retry.
func (d *delivery) send(r host.Report) bool {
	s, w := &d.kinds[r.Kind], d.w
	r.Repeat = r.Repeat || s.doubt && snapshot(r.Kind)
	s.last = r
	superseded, err := w.call(d.ctx, r)
	ok := !superseded && (err == nil || errors.Is(err, host.ErrDropped))
	switch {
	case superseded:
		w.count(&w.stats.Coalesced)
	case err == nil:
		w.count(&w.stats.Sent)
	case ok:
		w.count(&w.stats.Dropped)
	default:
		w.count(&w.stats.Failed)
		w.s.Logger.LogAttrs(d.ctx, slog.LevelDebug, "hostbridge: report failed",
			slog.String("backend", w.b.Name()), slog.String("kind", r.Kind.String()),
			slog.String("state", r.State.String()), slog.Any("err", err))
	}
	s.taken, s.doubt = ok, !ok
	if ok {
		d.taken(r)
	}
	return ok
}

func (d *delivery) taken(r host.Report) {
	switch r.Kind {
	case host.KindState:
		d.refresh.Stop()
		if d.refresher != nil {
			if after := d.refresher.Refresh(r.State); after > 0 {
				d.refresh.Reset(after)
			}
		}
	case host.KindAgents:
		d.agents.delivered()
	}
}

func (d *delivery) failed(k host.Kind) {
	if !slices.ContainsFunc(retryOrder[:], func(o host.Kind) bool { return d.kinds[o].retry }) {
		d.backoff = d.w.s.RetryMin
		d.retry.Reset(d.backoff)
	}
	d.kinds[k].retry = true
}

// retryNow stops at the first failure: new reports must not wait behind a
// timeout per kind.
func (d *delivery) retryNow() {
	for _, k := range retryOrder {
		s := &d.kinds[k]
		if !s.retry {
			continue
		}
		r := s.last
		r.Session = d.session
		if k == host.KindAgents {
			r.Agents = d.agents.list
		}
		d.w.count(&d.w.stats.Retried)
		if !d.send(r) {
			d.backoff = min(2*d.backoff, d.w.s.RetryMax)
			d.retry.Reset(d.backoff)
			return
		}
		s.retry = false
	}
}

func (d *delivery) refreshNow() {
	r := d.kinds[host.KindState].last
	r.Repeat = true
	d.w.count(&d.w.stats.Refreshed)
	if !d.send(r) {
		d.failed(host.KindState)
	}
}

func (w *worker) closeBackend() {
	if c, ok := w.b.(host.Closer); ok {
		if err := c.Close(); err != nil {
			w.s.Logger.Debug("hostbridge: close failed", "backend", w.b.Name(), "err", err)
		}
	}
}

func stoppedTimer() *time.Timer {
	t := time.NewTimer(time.Hour)
	t.Stop()
	return t
}

// snapshot: a newer report of kind k makes an older one pointless.
func snapshot(k host.Kind) bool {
	return k == host.KindState || k == host.KindMeta || k == host.KindAgents
}

// retried: the snapshots and the session (a host down at start-up would
// never learn it).
func retried(k host.Kind) bool { return slices.Contains(retryOrder[:], k) }
