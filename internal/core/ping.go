package core

import (
	"time"

	"github.com/hostbridge/hostbridge/host"
)

// pinger is a worker's rate limit on pings (ReporterOptions.PingInterval).
type pinger struct {
	next  time.Time // when the next ping may go out: an interval after the last
	held  *host.Report
	timer *time.Timer
}

// ping sends r, or holds it when the last ping went out less than an
// interval ago or the exit goes first; a newer ping replaces a held one.
func (d *delivery) ping(r host.Report) {
	p, every := &d.pings, d.w.o.PingInterval
	now := time.Now()
	if p.held != nil {
		d.w.count(&d.w.stats.Coalesced) // r replaces it, or goes in its place
	}
	if !d.w.pastGrace() && (every < 0 || !now.Before(p.next)) {
		d.sendPing(r, now)
		return
	}
	if p.held == nil {
		// Read only once the queue is empty: a ping held behind the exit
		// goes right after it.
		p.timer.Reset(max(0, p.next.Sub(now)))
	}
	p.held = &r
}

// heldPing sends the held ping if the chat is still in the state it was
// made in (it still needs you, still failed, it is still your move).
func (d *delivery) heldPing() {
	p := &d.pings
	if p.held == nil {
		return
	}
	r := *p.held
	if r.State != d.state {
		p.held = nil
		p.timer.Stop()
		d.w.count(&d.w.stats.Coalesced)
		return
	}
	d.sendPing(r, time.Now())
}

// sendPing sends r now, in place of any held ping, and starts the
// interval.
func (d *delivery) sendPing(r host.Report, now time.Time) {
	p := &d.pings
	p.held = nil
	p.timer.Stop()
	p.next = now.Add(d.w.o.PingInterval)
	d.send(r)
}
