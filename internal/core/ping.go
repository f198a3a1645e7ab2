package core

import (
	"time"

	"github.com/hostbridge/hostbridge/host"
)

// pinger is a worker's rate limit on pings (ReporterOptions.PingInterval).
type pinger struct {
	last  time.Time   // when the last ping went out
	held  host.Report // the newest ping that came too soon
	hold  bool        // held is set
	timer *time.Timer
}

// ping sends r, or holds it when the last ping went out less than an
// interval ago; a ping already held is replaced (a newer event says more).
func (l *loop) ping(r host.Report) {
	p, every := &l.pings, l.w.o.PingInterval
	now := time.Now()
	late := l.w.pastGrace() // the exit goes first: the ping waits behind it
	if !late && (every < 0 || p.last.IsZero() || now.Sub(p.last) >= every) {
		if p.hold { // older than r, which says more
			l.w.coalesced.Add(1)
			p.held, p.hold = host.Report{}, false
			p.timer.Stop() // no stale tick after Stop (Go 1.23 timers)
		}
		p.last = now
		l.send(r)
		return
	}
	if p.hold {
		l.w.coalesced.Add(1)
	} else {
		// The timer is read only once the queue is empty: a ping held
		// behind the exit goes right after it.
		p.timer.Reset(max(0, p.last.Add(every).Sub(now)))
	}
	p.held, p.hold = r, true
}

// heldPing sends the held ping if the chat is still in the state it was
// made in: it still needs you, the turn still failed, it is still your
// move. One whose moment has passed is dropped.
func (l *loop) heldPing() {
	p := &l.pings
	if !p.hold {
		return
	}
	p.timer.Stop()
	r := p.held
	p.held, p.hold = host.Report{}, false
	if r.State != l.state {
		l.w.coalesced.Add(1)
		return
	}
	p.last = time.Now()
	l.send(r)
}
