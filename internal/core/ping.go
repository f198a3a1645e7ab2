package core

import (
	"time"

	"github.com/hostbridge/hostbridge/host"
)

// pinger is a worker's rate limit on pings (ReporterOptions.PingInterval).
type pinger struct {
	last  time.Time // when the last ping went out
	held  *host.Report
	timer *time.Timer
}

// ping sends r, or holds it when the last ping went out less than an
// interval ago or the exit goes first; a newer ping replaces a held one.
func (l *loop) ping(r host.Report) {
	p, every := &l.pings, l.w.o.PingInterval
	now := time.Now()
	if p.held != nil {
		l.w.count(&l.w.stats.Coalesced) // r replaces it, or goes in its place
	}
	if !l.w.pastGrace() && (every < 0 || p.last.IsZero() || now.Sub(p.last) >= every) {
		p.held = nil
		p.timer.Stop()
		p.last = now
		l.send(r)
		return
	}
	if p.held == nil {
		// Read only once the queue is empty: a ping held behind the exit
		// goes right after it.
		p.timer.Reset(max(0, p.last.Add(every).Sub(now)))
	}
	p.held = &r
}

// heldPing sends the held ping if the chat is still in the state it was
// made in (it still needs you, still failed, it is still your move).
func (l *loop) heldPing() {
	p := &l.pings
	if p.held == nil {
		return
	}
	p.timer.Stop()
	r := *p.held
	p.held = nil
	if r.State != l.state {
		l.w.count(&l.w.stats.Coalesced)
		return
	}
	p.last = time.Now()
	l.send(r)
}
