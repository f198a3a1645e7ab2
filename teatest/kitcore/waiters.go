package kitcore

import "sync"

// waiters are the conditions WaitModel waits on, tested against the app's
// model after each Update, on the program's goroutine.
type waiters[T any] struct {
	mu   sync.Mutex
	list []*waiter[T]
}

type waiter[T any] struct {
	cond func(T) bool
	done chan struct{}
}

// Add adds cond and returns a channel closed once it has held.
func (w *waiters[T]) Add(cond func(T) bool) <-chan struct{} {
	wt := &waiter[T]{cond: cond, done: make(chan struct{})}
	w.mu.Lock()
	w.list = append(w.list, wt)
	w.mu.Unlock()
	return wt.done
}

// Check releases the waits whose condition holds for model. The
// conditions run without the lock held, so one may call the kit's own
// methods (View, Send) without a deadlock.
func (w *waiters[T]) Check(model T) {
	w.mu.Lock()
	list := w.list
	w.list = nil
	w.mu.Unlock()
	if len(list) == 0 {
		return
	}
	var kept, met []*waiter[T]
	for _, wt := range list {
		if wt.cond(model) {
			met = append(met, wt)
		} else {
			kept = append(kept, wt)
		}
	}
	w.mu.Lock()
	w.list = append(kept, w.list...) // and any added meanwhile
	w.mu.Unlock()
	for _, wt := range met {
		close(wt.done)
	}
}
