package core

import (
	"time"

	"github.com/hostbridge/hostbridge/host"
)

// pinger is a worker's rate limit on pings (settings.Settings.PingInterval).
type pinger struct {
	next  time.Time // an interval after the last ping
	held  *host.Report
	timer *time.Timer
}

// ping sends r, or holds it (replacing a held one) within an interval of
// the last or behind the exit.
func (d *delivery) ping(r host.Report) {
	p, every := &d.pings, d.w.s.PingInterval
	now := time.Now()
	if p.held != nil {
		d.w.count(&d.w.stats.Coalesced) // r replaces it, or goes in its place
	}
	if !d.w.pastGrace() && (every < 0 || !now.Before(p.next)) {
		d.sendPing(r, now)
		return
	}
	if p.held == nil {
		// Read only once the queue is empty: one behind the exit goes next.
		p.timer.Reset(max(0, p.next.Sub(now)))
	}
	p.held = &r
}

// heldPing sends the held ping if the chat is still in its state.
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

// sendPing sends r now, in place of any held ping.
func (d *delivery) sendPing(r host.Report, now time.Time) {
	p := &d.pings
	p.held = nil
	p.timer.Stop()
	p.next = now.Add(d.w.s.PingInterval)
	d.send(r)
}
