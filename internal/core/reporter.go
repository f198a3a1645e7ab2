package core

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"sync"
	"sync/atomic"
	"time"

	"github.com/hostbridge/hostbridge/host"
)

// Defaults for ReporterOptions.
const (
	DefaultTimeout     = 500 * time.Millisecond
	DefaultExitTimeout = time.Second
	DefaultRetryMin    = 100 * time.Millisecond
	DefaultRetryMax    = 5 * time.Second
	DefaultQueueLimit  = 1024
	// DefaultPingInterval is the least time between two attention pings
	// to one host: tuios holds a pane's OSC 9 to one per 500 ms for the
	// same reason (a burst of turns must not become a burst of desktop
	// notifications).
	DefaultPingInterval = 500 * time.Millisecond
	// closeGrace is how long Close waits, after its deadline, for workers to
	// notice that their in-flight report was cancelled.
	closeGrace = 100 * time.Millisecond
)

// ErrClosed is returned by Flush after Close.
var ErrClosed = errors.New("host: reporter closed")

// ReporterOptions tunes a Reporter. The zero value is the default.
type ReporterOptions struct {
	// Timeout bounds each report (default 500 ms).
	Timeout time.Duration
	// ExitTimeout bounds the exit report, which may take a host more than
	// one request (default 1 s; Close's context bounds it too).
	ExitTimeout time.Duration
	// PingInterval is the least time between two pings to one backend
	// (default 500 ms; negative: no limit). See Reporter.
	PingInterval time.Duration
	// Logger receives a debug line for every failed report (default: none).
	Logger *slog.Logger
	// RetryMin and RetryMax bound the back-off between attempts to deliver
	// a snapshot that failed (defaults 100 ms and 5 s).
	RetryMin, RetryMax time.Duration
	// QueueLimit caps the reports waiting for one backend; past it the
	// oldest is dropped and counted (default 1024). Coalescing keeps the
	// queue short unless a host is down and edge events pile up.
	QueueLimit int
	// EveryReport delivers every report as it was sent: none is coalesced
	// and none refreshed, so what a host receives depends on the reports
	// alone, not on its speed or the clock. For test kits, whose
	// transcripts must not change between runs; a real chat coalesces.
	EveryReport bool
}

// Reporter delivers reports to backends off the caller's goroutine. Each
// backend has one worker goroutine, which keeps that backend's reports in
// order; while a host is slow, a newer snapshot replaces an undelivered one
// of the same kind. Send never blocks. A Reporter is safe for concurrent
// use. It owns its goroutines: Close stops them.
//
// The exit has priority. Once a KindExit is sent, the reports queued
// before it that it supersedes (states, facts, sub-agents, suspends and
// sessions: the host is told the chat is gone; herdr's release drops the
// pane's session reference too) may use a tenth of ExitTimeout: a host
// that keeps up gets them all, in order. Then the one in flight is
// cancelled, the rest are not sent, and the exit goes next, bounded by
// ExitTimeout; pings left waiting go after it.
//
// Pings are rate-limited: one reaches a backend at most every PingInterval.
// A ping that comes sooner is held (a newer one replaces it) and sent when
// the interval ends, or when the worker stops, if the chat is still in the
// state it was made in (still needs you, still failed, still your move).
type Reporter struct {
	workers   []*worker
	cancel    context.CancelFunc
	closeOnce sync.Once
	closeErr  error
}

// NewReporter starts one worker per backend.
func NewReporter(backends []host.Backend, o ReporterOptions) *Reporter {
	if o.Timeout <= 0 {
		o.Timeout = DefaultTimeout
	}
	if o.ExitTimeout <= 0 {
		o.ExitTimeout = DefaultExitTimeout
	}
	if o.PingInterval == 0 {
		o.PingInterval = DefaultPingInterval
	}
	if o.RetryMin <= 0 {
		o.RetryMin = DefaultRetryMin
	}
	if o.RetryMax < o.RetryMin {
		o.RetryMax = max(DefaultRetryMax, o.RetryMin)
	}
	if o.QueueLimit <= 0 {
		o.QueueLimit = DefaultQueueLimit
	}
	if o.Logger == nil {
		o.Logger = slog.New(slog.DiscardHandler)
	}
	ctx, cancel := context.WithCancel(context.Background())
	r := &Reporter{cancel: cancel}
	for _, b := range backends {
		w := newWorker(b, o)
		r.workers = append(r.workers, w)
		go w.run(ctx)
	}
	return r
}

// Send queues rep for every backend and returns at once. After Close it
// does nothing.
func (r *Reporter) Send(reps ...host.Report) {
	for _, w := range r.workers {
		w.enqueue(reps)
	}
}

// Flush waits until every report sent so far has been delivered or has
// failed, or until ctx is done.
func (r *Reporter) Flush(ctx context.Context) error {
	return r.FlushWhere(ctx, nil)
}

// FlushWhere is Flush for the backends keep accepts (all when keep is nil).
func (r *Reporter) FlushWhere(ctx context.Context, keep func(host.Backend) bool) error {
	for _, w := range r.workers {
		if keep != nil && !keep(w.b) {
			continue
		}
		if err := w.flush(ctx); err != nil {
			return err
		}
	}
	return nil
}

// Close delivers what is queued, then stops every worker and closes every
// backend that is a Closer. It returns once all workers stopped, or once ctx
// is done: then it cancels the report in flight, waits a short grace and
// returns an error naming the backends that did not stop. Close is
// idempotent; later calls return the first call's result at once.
func (r *Reporter) Close(ctx context.Context) error {
	r.closeOnce.Do(func() { r.closeErr = r.close(ctx) })
	return r.closeErr
}

func (r *Reporter) close(ctx context.Context) error {
	for _, w := range r.workers {
		w.shutdown()
	}
	if r.wait(ctx.Done()) {
		r.cancel()
		return nil
	}
	late := r.running()
	if len(late) == 0 {
		r.cancel()
		return nil // every worker stopped as the deadline came
	}
	r.cancel() // abandon in-flight reports
	grace, stop := context.WithTimeout(context.Background(), closeGrace)
	defer stop()
	if r.wait(grace.Done()) {
		return fmt.Errorf("host: close: gave up on %v at the deadline: %w", late, context.Cause(ctx))
	}
	return fmt.Errorf("host: close: %v did not stop: %w", r.running(), context.Cause(ctx))
}

// running names the backends whose worker has not stopped.
func (r *Reporter) running() []string {
	var names []string
	for _, w := range r.workers {
		select {
		case <-w.done:
		default:
			names = append(names, w.b.Name())
		}
	}
	return names
}

// wait reports whether every worker stopped before stop was closed.
func (r *Reporter) wait(stop <-chan struct{}) bool {
	for _, w := range r.workers {
		select {
		case <-w.done:
			continue // stopped: whatever stop says
		default:
		}
		select {
		case <-w.done:
		case <-stop:
			return false
		}
	}
	return true
}

// Stats returns each backend's counters, in backend order.
func (r *Reporter) Stats() []host.Stats {
	out := make([]host.Stats, len(r.workers))
	for i, w := range r.workers {
		out[i] = host.Stats{
			Backend:   w.b.Name(),
			Sent:      w.sent.Load(),
			Failed:    w.failed.Load(),
			Coalesced: w.coalesced.Load(),
			Dropped:   w.dropped.Load(),
			Retried:   w.retried.Load(),
			Refreshed: w.refreshed.Load(),
		}
	}
	return out
}

type item struct {
	r        host.Report
	seq      uint64
	agentIdx map[string]int // KindAgents changes merged in: where each id is
}

// worker is the one goroutine that talks to one backend.
type worker struct {
	b    host.Backend
	o    ReporterOptions
	wake chan struct{} // capacity 1: "the queue changed"
	done chan struct{} // closed when run returns

	mu       sync.Mutex
	queue    []item
	closing  bool
	queued   uint64        // seq of the newest queued item
	handled  uint64        // seq of the newest item delivered or failed
	progress chan struct{} // closed and replaced whenever handled moves
	flight   flight        // the report in flight, which an exit may cancel

	sent, failed, coalesced, dropped, retried, refreshed atomic.Int64
}

func newWorker(b host.Backend, o ReporterOptions) *worker {
	return &worker{
		b: b, o: o,
		wake:     make(chan struct{}, 1),
		done:     make(chan struct{}),
		progress: make(chan struct{}),
	}
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
		switch {
		case w.o.EveryReport:
		case r.Kind == host.KindAgents:
			// Changes, not a snapshot: merged into the queued ones.
			if q := w.queuedSnapshot(host.KindAgents); q != nil {
				mergeAgents(q, r)
				w.coalesced.Add(1)
				continue
			}
		case snapshot(r.Kind) && w.coalesce(r.Kind):
			w.coalesced.Add(1)
		}
		if len(w.queue) >= w.o.QueueLimit {
			w.dropOldest()
		}
		w.queued++
		w.queue = append(w.queue, item{r: r, seq: w.queued})
	}
	w.mu.Unlock()
	w.signal()
}

// coalesce removes the queued report of kind k that a new one supersedes.
// It looks back only across snapshots: an edge event (a ping, a session,
// the exit) keeps the reports before it, so edges stay in order.
func (w *worker) coalesce(k host.Kind) bool {
	for i := len(w.queue) - 1; i >= 0 && snapshot(w.queue[i].r.Kind); i-- {
		if w.queue[i].r.Kind == k {
			w.queue = append(w.queue[:i], w.queue[i+1:]...)
			return true
		}
	}
	return false
}

// queuedSnapshot is the queued report of kind k a new one can be merged
// into: looking back across snapshots only, as coalesce does.
func (w *worker) queuedSnapshot(k host.Kind) *item {
	for i := len(w.queue) - 1; i >= 0 && snapshot(w.queue[i].r.Kind); i-- {
		if w.queue[i].r.Kind == k {
			return &w.queue[i]
		}
	}
	return nil
}

func (w *worker) dropOldest() {
	for i, it := range w.queue {
		if it.r.Kind == host.KindExit {
			continue
		}
		if it.r.Kind == host.KindAgents {
			// Sub-agent changes are never lost: folded into the next
			// queued ones, or kept.
			j := slices.IndexFunc(w.queue[i+1:], func(n item) bool { return n.r.Kind == host.KindAgents })
			if j < 0 {
				continue
			}
			next := w.queue[i+1+j]
			older := it
			mergeAgents(&older, next.r)
			w.queue[i+1+j] = item{r: older.r, seq: next.seq, agentIdx: older.agentIdx}
			w.queue = append(w.queue[:i], w.queue[i+1:]...)
			w.coalesced.Add(1)
			return
		}
		if i == 0 { // the usual case: no copying
			w.queue[0] = item{}
			w.queue = w.queue[1:]
		} else {
			w.queue = append(w.queue[:i], w.queue[i+1:]...)
		}
		w.dropped.Add(1)
		return
	}
}

func (w *worker) signal() {
	select {
	case w.wake <- struct{}{}:
	default:
	}
}

func (w *worker) shutdown() {
	w.mu.Lock()
	w.closing = true
	w.mu.Unlock()
	w.signal()
}

// next pops the head of the queue. ok is false when the queue is empty;
// closing says whether the worker should stop then.
func (w *worker) next() (it item, ok, closing bool) {
	w.mu.Lock()
	defer w.mu.Unlock()
	if len(w.queue) == 0 {
		return item{}, false, w.closing
	}
	it = w.queue[0]
	w.queue[0] = item{}
	w.queue = w.queue[1:]
	return it, true, w.closing
}

func (w *worker) markHandled(seq uint64) {
	w.mu.Lock()
	if seq > w.handled {
		w.handled = seq
		close(w.progress)
		w.progress = make(chan struct{})
	}
	w.mu.Unlock()
}

func (w *worker) flush(ctx context.Context) error {
	w.mu.Lock()
	target := w.queued
	w.mu.Unlock()
	for {
		w.mu.Lock()
		handled, progress := w.handled, w.progress
		w.mu.Unlock()
		if handled >= target {
			return nil
		}
		select {
		case <-progress:
		case <-w.done:
			return ErrClosed
		case <-ctx.Done():
			return context.Cause(ctx)
		}
	}
}

func (w *worker) run(ctx context.Context) {
	defer close(w.done)
	defer w.closeBackend()
	l := &loop{
		w: w, ctx: ctx,
		retries: map[host.Kind]host.Report{},
		unsure:  map[host.Kind]bool{},
		backoff: w.o.RetryMin,
		retry:   newStoppedTimer(),
		refresh: newStoppedTimer(),
		pings:   pinger{timer: newStoppedTimer()},
	}
	if !w.o.EveryReport {
		l.refresher, _ = w.b.(host.Refresher)
	}
	defer l.retry.Stop()
	defer l.refresh.Stop()
	defer l.pings.timer.Stop()

	for {
		it, ok, closing := w.next()
		if !ok {
			if closing && ctx.Err() == nil {
				l.heldPing() // the last word: a ping held back that still matters
			}
			if closing || ctx.Err() != nil {
				return
			}
			select {
			case <-w.wake:
			case <-ctx.Done():
				return
			case <-l.retry.C:
				l.retryNow()
			case <-l.refresh.C:
				l.refreshNow()
			case <-l.pings.timer.C:
				l.heldPing()
			}
			continue
		}
		if ctx.Err() != nil {
			w.dropped.Add(1)
		} else {
			l.handle(it.r, closing)
		}
		w.markHandled(it.seq)
	}
}

// retryOrder is the order failed reports are tried again in: the state
// first, since it is what the host shows.
var retryOrder = [...]host.Kind{host.KindState, host.KindSession, host.KindMeta, host.KindAgents}

// loop is a worker's memory between reports: what failed and waits for
// another try, and what to re-send to keep the host from forgetting.
type loop struct {
	w       *worker
	ctx     context.Context
	retries map[host.Kind]host.Report // failed, newest per kind
	// unsure holds the kinds whose last report failed: the host may have
	// applied it anyway (it answered too late, or half of it went through),
	// so what the backend remembers as shown is not to be trusted, and the
	// next report of that kind goes as a Repeat, even if it looks unchanged.
	unsure    map[host.Kind]bool
	backoff   time.Duration
	retry     *time.Timer
	refresh   *time.Timer
	refresher host.Refresher
	current   host.Report  // the last state delivered, for refresh
	session   host.Session // the newest session seen
	state     host.State   // the chat's state in the newest report seen
	pings     pinger
	agents    agentList
}

func (l *loop) handle(r host.Report, closing bool) {
	// Reports are made in order, so the newest one's session is current: a
	// retried report carries it, not the session it was made with.
	l.session = r.Session
	l.state = r.State
	if r.Kind == host.KindPing {
		l.ping(r)
		return
	}
	if retried(r.Kind) {
		delete(l.retries, r.Kind) // superseded
	}
	switch r.Kind {
	case host.KindAgents:
		l.agents.apply(&r)
	case host.KindState, host.KindExit:
		l.refresh.Stop()
	case host.KindSuspend:
		// Nothing is drawn while another program has the terminal; the
		// state after Resume supersedes a failed one.
		l.refresh.Stop()
		delete(l.retries, host.KindState)
	}
	if l.send(r) {
		switch r.Kind {
		case host.KindState:
			l.delivered(r)
		case host.KindAgents:
			l.agents.shown()
		}
	} else if retried(r.Kind) && !closing {
		l.failed(r)
	}
	if r.Kind == host.KindExit {
		clear(l.retries)
		l.retry.Stop()
	}
}

// send delivers r, as a Repeat if the last report of its kind failed.
func (l *loop) send(r host.Report) bool {
	if l.unsure[r.Kind] {
		r.Repeat = true
	}
	if !l.w.deliver(l.ctx, r) {
		l.unsure[r.Kind] = true
		return false
	}
	delete(l.unsure, r.Kind)
	return true
}

func (l *loop) delivered(r host.Report) {
	l.current = r
	l.w.armRefresh(l.refresh, l.refresher, r)
}

func (l *loop) failed(r host.Report) {
	if len(l.retries) == 0 {
		l.backoff = l.w.o.RetryMin
		l.retry.Reset(l.backoff)
	}
	l.retries[r.Kind] = r
}

// retryNow tries the failed reports again, state first, and stops at the
// first that fails again: the host is still down, and each try may take a
// whole timeout, which new reports should not wait behind.
func (l *loop) retryNow() {
	for _, k := range retryOrder {
		r, ok := l.retries[k]
		if !ok {
			continue
		}
		r.Session = l.session
		if k == host.KindAgents {
			r.Agents = l.agents.list // the list as it is now
		}
		l.w.retried.Add(1)
		if !l.send(r) {
			l.backoff = min(2*l.backoff, l.w.o.RetryMax)
			l.retry.Reset(l.backoff)
			return
		}
		delete(l.retries, k)
		switch k {
		case host.KindState:
			l.delivered(r)
		case host.KindAgents:
			l.agents.shown()
		}
	}
	l.backoff = l.w.o.RetryMin
}

// refreshNow re-sends the current state. One that fails is retried like
// any failed state, and refreshed again once the host has it.
func (l *loop) refreshNow() {
	r := l.current
	r.Repeat = true
	l.w.refreshed.Add(1)
	if l.send(r) {
		l.w.armRefresh(l.refresh, l.refresher, r)
		return
	}
	l.failed(l.current)
}

// deliver runs one report under its deadline and counts the outcome.
func (w *worker) deliver(ctx context.Context, r host.Report) bool {
	ctx, done, ok := w.begin(ctx, r)
	if !ok {
		w.coalesced.Add(1) // superseded by the exit
		return false
	}
	err := w.call(ctx, r)
	done()
	if err != nil && (errors.Is(context.Cause(ctx), errSuperseded) || w.pastGrace() && supersededByExit(r.Kind)) {
		w.coalesced.Add(1)
		return false
	}
	if errors.Is(err, host.ErrDropped) {
		w.dropped.Add(1) // taken care of: nothing to retry, nothing to log
		return true
	}
	if err != nil {
		w.failed.Add(1)
		w.o.Logger.LogAttrs(ctx, slog.LevelDebug, "hostbridge: report failed",
			slog.String("backend", w.b.Name()), slog.String("kind", r.Kind.String()),
			slog.String("state", r.State.String()), slog.Any("err", err))
		return false
	}
	w.sent.Add(1)
	return true
}

// call runs the backend's Report. A backend that panics (a custom one,
// say) fails that report; it must not take the chat down with it, least
// of all from a goroutine where nothing restores the terminal.
func (w *worker) call(ctx context.Context, r host.Report) (err error) {
	defer func() {
		if p := recover(); p != nil {
			err = fmt.Errorf("host: %s panicked: %v", w.b.Name(), p)
		}
	}()
	return w.b.Report(ctx, r)
}

func (w *worker) armRefresh(t *time.Timer, f host.Refresher, r host.Report) {
	t.Stop()
	if f == nil {
		return
	}
	if d := f.Refresh(r.State); d > 0 {
		t.Reset(d)
	}
}

func (w *worker) closeBackend() {
	if c, ok := w.b.(host.Closer); ok {
		if err := c.Close(); err != nil {
			w.o.Logger.Debug("hostbridge: close failed", "backend", w.b.Name(), "err", err)
		}
	}
}

func newStoppedTimer() *time.Timer {
	t := time.NewTimer(time.Hour)
	t.Stop()
	return t
}

// snapshot reports whether a newer report of kind k makes an older,
// undelivered one pointless. Snapshot kinds are coalesced; the others
// (edge events) are delivered once each, in order.
func snapshot(k host.Kind) bool {
	return k == host.KindState || k == host.KindMeta || k == host.KindAgents
}

// retried reports whether a report of kind k that failed is tried again
// until the host takes it or a newer one of its kind replaces it: the
// snapshots, and the session, which a host that was down at start-up would
// otherwise never learn.
func retried(k host.Kind) bool { return snapshot(k) || k == host.KindSession }
