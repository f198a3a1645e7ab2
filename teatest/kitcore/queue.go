package kitcore

import "sync"

// queue hands messages to a program, in order, from a goroutine of its
// own (Pump), so that neither the test nor a kit's Send blocks on a busy
// or stuck program.
type queue[M any] struct {
	mu     sync.Mutex
	queue  []M
	wake   chan struct{}
	pumped chan struct{}
}

// newQueue returns an empty queue; run its Pump.
func newQueue[M any]() *queue[M] {
	return &queue[M]{wake: make(chan struct{}, 1), pumped: make(chan struct{})}
}

// Send queues msgs, in order, and returns without waiting.
func (q *queue[M]) Send(msgs ...M) {
	q.mu.Lock()
	q.queue = append(q.queue, msgs...)
	q.mu.Unlock()
	select {
	case q.wake <- struct{}{}:
	default:
	}
}

// Pump hands the queued messages to send until done is closed (the
// program has ended: its Send then returns at once), then closes Pumped.
func (q *queue[M]) Pump(send func(M), done <-chan struct{}) {
	defer close(q.pumped)
	for {
		q.mu.Lock()
		batch := q.queue
		q.queue = nil
		q.mu.Unlock()
		for _, msg := range batch {
			send(msg)
		}
		select {
		case <-q.wake:
		case <-done:
			return
		}
	}
}

// Pumped is closed once Pump has returned.
func (q *queue[M]) Pumped() <-chan struct{} { return q.pumped }
