package herdr

import (
	"sync"
	"testing"
	"time"
)

func TestSequenceConcurrent(t *testing.T) {
	var s sequence
	now := time.Unix(100, 0)
	const workers, each = 8, 1000
	got := make([][]uint64, workers)
	var wg sync.WaitGroup
	for w := range workers {
		wg.Go(func() {
			for range each {
				got[w] = append(got[w], s.next(now))
			}
		})
	}
	wg.Wait()
	seen := map[uint64]bool{}
	for _, vs := range got {
		for i, v := range vs {
			if seen[v] || v < uint64(now.UnixNano()) || i > 0 && v <= vs[i-1] {
				t.Fatalf("value %d repeated, below the clock or out of order", v)
			}
			seen[v] = true
		}
	}
	if next := s.next(now.Add(time.Hour)); next != uint64(now.Add(time.Hour).UnixNano()) {
		t.Errorf("a later clock should lift the sequence: %d", next)
	}
	if next := s.next(time.Unix(0, 0)); next != uint64(now.Add(time.Hour).UnixNano())+1 {
		t.Errorf("a clock that went back must not lower it: %d", next)
	}
}
