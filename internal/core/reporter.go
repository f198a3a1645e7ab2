package core

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"time"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/settings"
)

// closeGrace is Close's wait, past its deadline, for cancelled workers.
const closeGrace = 100 * time.Millisecond

// ErrClosed is returned by Flush after Close.
var ErrClosed = errors.New("host: reporter closed")

// Reporter delivers reports as host.Backend promises, one worker goroutine
// per backend, in order; Send never blocks. A newer snapshot replaces a
// queued one (sub-agent changes merge); failures retry with back-off; the
// reports before the exit get a tenth of ExitTimeout. Safe for concurrent use.
type Reporter struct {
	workers   []*worker
	cancel    context.CancelFunc
	closeOnce sync.Once
	closeErr  error
}

// NewReporter starts one worker per backend. It reads the bounds, the
// retries' back-off, the queue limit, the ping interval, EveryReport and
// the logger from s, as resolved (settings.Default for a test).
func NewReporter(backends []host.Backend, s settings.Settings) *Reporter {
	ctx, cancel := context.WithCancel(context.Background())
	r := &Reporter{cancel: cancel}
	for _, b := range backends {
		w := &worker{b: b, s: s, wake: make(chan struct{}, 1), done: make(chan struct{}), progress: make(chan struct{})}
		r.workers = append(r.workers, w)
		go w.run(ctx)
	}
	return r
}

// Send queues reps for every backend; after Close it does nothing.
func (r *Reporter) Send(reps ...host.Report) {
	if len(reps) == 0 {
		return
	}
	for _, w := range r.workers {
		w.enqueue(reps)
	}
}

// Flush waits until every report sent so far was handled, or ctx is done.
func (r *Reporter) Flush(ctx context.Context) error { return r.FlushWhere(ctx, nil) }

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

// Close delivers the queue, stops the workers and closes Closers; once ctx
// is done it cancels, waits closeGrace and names the backends given up on.
func (r *Reporter) Close(ctx context.Context) error {
	r.closeOnce.Do(func() { r.closeErr = r.close(ctx) })
	return r.closeErr
}

func (r *Reporter) close(ctx context.Context) error {
	for _, w := range r.workers {
		w.shutdown()
	}
	defer r.cancel()
	late := r.running(ctx.Done())
	if len(late) == 0 {
		return nil
	}
	r.cancel()
	grace, stop := context.WithTimeout(context.Background(), closeGrace)
	defer stop()
	if stuck := r.running(grace.Done()); len(stuck) > 0 {
		return fmt.Errorf("host: close: %v did not stop: %w", stuck, context.Cause(ctx))
	}
	return fmt.Errorf("host: close: gave up on %v at the deadline: %w", late, context.Cause(ctx))
}

// running waits for the workers until stop, and names those still running.
func (r *Reporter) running(stop <-chan struct{}) []string {
	var names []string
	for _, w := range r.workers {
		select {
		case <-w.done:
		case <-stop:
		}
		select {
		case <-w.done:
		default:
			names = append(names, w.b.Name())
		}
	}
	return names
}

// Stats returns each backend's counters, in backend order.
func (r *Reporter) Stats() []host.Stats {
	out := make([]host.Stats, len(r.workers))
	for i, w := range r.workers {
		w.mu.Lock()
		out[i] = w.stats
		w.mu.Unlock()
		out[i].Backend = w.b.Name()
	}
	return out
}
