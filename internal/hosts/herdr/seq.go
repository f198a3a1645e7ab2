package herdr

import (
	"sync/atomic"
	"time"
)

// sequence hands out herdr's seq values. herdr keeps, per source and pane,
// the highest seq it has seen for the pane's whole life and ignores any
// report at or below it. So a value must be above everything this process
// sent before (strictly increasing) and above everything a predecessor in
// the same pane sent (a chat restarted after a crash). Both hold when each
// value is max(previous+1, now in Unix nanoseconds): a predecessor's values
// trail its own clock, which the successor's clock has passed.
//
// One sequence serves the whole process (processSeq), so two backends that
// report with the same source to the same pane cannot undercut each other.
type sequence struct {
	last atomic.Uint64
}

// processSeq is shared by every Backend in the process.
var processSeq sequence

// next returns a value above every value returned before and not below
// now. It is safe for concurrent use.
func (s *sequence) next(now time.Time) uint64 {
	floor := uint64(0)
	if ns := now.UnixNano(); ns > 0 {
		floor = uint64(ns)
	}
	for {
		last := s.last.Load()
		v := max(last+1, floor)
		if s.last.CompareAndSwap(last, v) {
			return v
		}
	}
}
