package kitcore

import (
	"sync"
	"testing"
)

// TestQueueKeepsOrder: messages reach send in the order Send queued them,
// and Pump ends once done is closed.
func TestQueueKeepsOrder(t *testing.T) {
	q := newQueue[int]()
	var mu sync.Mutex
	var got []int
	all := make(chan struct{})
	send := func(m int) {
		mu.Lock()
		defer mu.Unlock()
		got = append(got, m)
		if len(got) == 100 {
			close(all)
		}
	}
	done := make(chan struct{})
	go q.Pump(send, done)
	for i := 0; i < 100; i += 4 {
		q.Send(i, i+1, i+2, i+3)
	}
	<-all
	close(done)
	<-q.Pumped()
	mu.Lock()
	defer mu.Unlock()
	for i, m := range got {
		if m != i {
			t.Fatalf("message %d is %d: order lost (%v)", i, m, got)
		}
	}
}

// TestWaitersReleaseWhatHolds: Check releases the waits whose condition
// holds and keeps the others for the next Check.
func TestWaitersReleaseWhatHolds(t *testing.T) {
	var w waiters[int]
	even := w.Add(func(n int) bool { return n%2 == 0 })
	big := w.Add(func(n int) bool { return n > 10 })
	w.Check(4)
	if !closed(even) || closed(big) {
		t.Fatalf("after 4: even %v, big %v; want true, false", closed(even), closed(big))
	}
	w.Check(11)
	if !closed(big) {
		t.Fatal("big not released at 11")
	}
	if len(w.list) != 0 {
		t.Errorf("%d waits left", len(w.list))
	}
	// A condition may add a wait (call the kit) without a deadlock.
	var inner <-chan struct{}
	w.Add(func(int) bool { inner = w.Add(func(n int) bool { return n == 1 }); return true })
	w.Check(0)
	w.Check(1)
	if inner == nil || !closed(inner) {
		t.Error("a wait added from a condition was lost")
	}
}

func closed(c <-chan struct{}) bool {
	select {
	case <-c:
		return true
	default:
		return false
	}
}
