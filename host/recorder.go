package host

import (
	"context"
	"slices"
	"sync"
)

// Recorder is a Backend that keeps every report it is given, for tests.
// Its methods are safe for concurrent use.
type Recorder struct {
	// N is the recorder's name (default "recorder").
	N string

	mu      sync.Mutex
	reports []Report
	changed chan struct{}
}

var _ Backend = (*Recorder)(nil)

// Name implements Backend.
func (r *Recorder) Name() string {
	if r.N == "" {
		return "recorder"
	}
	return r.N
}

// Report implements Backend: it records rep.
func (r *Recorder) Report(_ context.Context, rep Report) error {
	rep.Agents = slices.Clone(rep.Agents) // valid only during the call
	r.mu.Lock()
	r.reports = append(r.reports, rep)
	if r.changed != nil {
		close(r.changed)
		r.changed = nil
	}
	r.mu.Unlock()
	return nil
}

// Reports returns a copy of what was recorded so far.
func (r *Recorder) Reports() []Report {
	r.mu.Lock()
	defer r.mu.Unlock()
	return append([]Report(nil), r.reports...)
}

// Wait blocks until cond holds for the recorded reports, or ctx is done.
func (r *Recorder) Wait(ctx context.Context, cond func([]Report) bool) error {
	for {
		r.mu.Lock()
		if cond(r.reports) {
			r.mu.Unlock()
			return nil
		}
		if r.changed == nil {
			r.changed = make(chan struct{})
		}
		ch := r.changed
		r.mu.Unlock()
		select {
		case <-ch:
		case <-ctx.Done():
			return context.Cause(ctx)
		}
	}
}
