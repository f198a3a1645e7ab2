package host

import (
	"cmp"
	"context"
	"slices"
	"sync"
)

// Recorder is a Backend that keeps every report it is given, for tests.
// It is safe for concurrent use.
type Recorder struct {
	N string // its name (default "recorder")

	mu      sync.Mutex
	reports []Report
}

func (r *Recorder) Name() string { return cmp.Or(r.N, "recorder") }

// Report records rep.
func (r *Recorder) Report(_ context.Context, rep Report) error {
	rep.Agents = slices.Clone(rep.Agents) // valid only during the call
	r.mu.Lock()
	r.reports = append(r.reports, rep)
	r.mu.Unlock()
	return nil
}

// Reports returns a copy of what was recorded so far.
func (r *Recorder) Reports() []Report {
	r.mu.Lock()
	defer r.mu.Unlock()
	return slices.Clone(r.reports)
}
