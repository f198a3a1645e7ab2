package core

import "github.com/hostbridge/hostbridge/host"

// MaxAgents caps the live sub-agents a Machine keeps (and each backend's
// list holds): past it, starting one more drops the oldest live one, which
// hosts are told has stopped (nothing else would ever end it there). A
// chat that starts sub-agents and never ends them costs bounded memory,
// at most a few kilobytes each (every text is capped); one that runs
// thousands at once is still shown whole.
const MaxAgents = 10000

// liveAgents is what a Machine knows of the live sub-agents. Every
// operation costs O(1) amortised, whatever their number: the chat's
// goroutine makes them.
type liveAgents struct {
	byID  map[string]*liveAgent
	order []*liveAgent // by start; ended ones go lazily (compacted, or passed at the front)
	waits []wait       // by the time they began waiting, stale ones too
	live  int          // entries of byID
	wait  int          // live agents waiting
}

type liveAgent struct {
	host.SubAgent
	ended bool
	waits int // bumped each time it begins to wait, to tell stale waits apart
}

// wait is one time a sub-agent began waiting.
type wait struct {
	a *liveAgent
	n int // a.waits then
}

func (l *liveAgents) get(id string) *liveAgent { return l.byID[id] }

// add starts a new sub-agent; when MaxAgents are live, the oldest is
// dropped and returned.
func (l *liveAgents) add(a host.SubAgent) (dropped *host.SubAgent) {
	if l.byID == nil {
		l.byID = map[string]*liveAgent{}
	}
	if l.live >= MaxAgents {
		for l.order[0].ended { // each ended one is passed once
			l.order[0] = nil
			l.order = l.order[1:]
		}
		old := l.order[0]
		l.end(old)
		d := old.SubAgent
		d.Status, d.Waiting = host.AgentStopped, ""
		dropped = &d
	}
	e := &liveAgent{SubAgent: a}
	l.byID[a.ID] = e
	l.order = append(l.order, e)
	l.live++
	if len(l.order) > 2*l.live+16 {
		l.order = compact(l.order, func(e *liveAgent) bool { return !e.ended })
	}
	return dropped
}

// set records a live sub-agent's new value.
func (l *liveAgents) set(e *liveAgent, a host.SubAgent) {
	was := e.Status == host.AgentWaiting
	now := a.Status == host.AgentWaiting
	e.SubAgent = a
	switch {
	case now && !was:
		l.wait++
		fallthrough
	case now && was: // waits on something else now: queued again
		e.waits++
		l.waits = append(l.waits, wait{e, e.waits})
		if len(l.waits) > 2*l.wait+16 {
			l.waits = compact(l.waits, func(w wait) bool { return l.waiting(w) })
		}
	case was && !now:
		l.wait--
	}
	if a.Status.Ended() {
		l.end(e)
	}
}

func (l *liveAgents) end(e *liveAgent) {
	if e.Status == host.AgentWaiting {
		l.wait--
	}
	e.ended = true
	delete(l.byID, e.ID)
	l.live--
}

func (l *liveAgents) waiting(w wait) bool {
	return !w.a.ended && w.a.Status == host.AgentWaiting && w.a.waits == w.n
}

// firstWaiting returns the sub-agent that has waited longest, if any.
func (l *liveAgents) firstWaiting() (host.SubAgent, bool) {
	for len(l.waits) > 0 && !l.waiting(l.waits[0]) {
		l.waits[0] = wait{}
		l.waits = l.waits[1:]
	}
	if len(l.waits) == 0 {
		return host.SubAgent{}, false
	}
	return l.waits[0].a.SubAgent, true
}

// compact keeps the elements of s that keep says to, in order, in place.
func compact[T any](s []T, keep func(T) bool) []T {
	out := s[:0]
	for _, v := range s {
		if keep(v) {
			out = append(out, v)
		}
	}
	clear(s[len(out):])
	return out
}

// agentList is the whole sub-agent list one backend is shown, kept by its
// worker from the changes the Machine reports (Report.Agents holds only
// those): a report's list is built off the chat's goroutine, and a
// backend still gets it whole, to diff against what it sent.
type agentList struct {
	list  []host.SubAgent
	index map[string]int
	ended int
}

// apply takes a KindAgents report's changes into the list and makes r
// carry the whole list, which stays valid until the next apply.
func (l *agentList) apply(r *host.Report) {
	if resets(r.Agents) {
		r.Agents = r.Agents[1:]
		clear(l.list)
		l.list, l.ended = l.list[:0], 0
		clear(l.index)
	}
	if l.index == nil {
		l.index = map[string]int{}
	}
	for _, a := range r.Agents {
		i, ok := l.index[a.ID]
		if !ok {
			i = len(l.list)
			l.index[a.ID] = i
			l.list = append(l.list, host.SubAgent{})
		} else if l.list[i].Status.Ended() {
			l.ended--
		}
		if a.Status.Ended() {
			l.ended++
		}
		l.list[i] = a
	}
	r.Agents = l.list
}

// shown is called once a list was delivered: the sub-agents that had
// ended have been shown so, and go once they are half the list (so the
// cost stays O(1) per change; until then they are sent again unchanged,
// which a backend that diffs ignores).
func (l *agentList) shown() {
	if l.ended == 0 || 2*l.ended < len(l.list) {
		return
	}
	l.list = compact(l.list, func(a host.SubAgent) bool { return !a.Status.Ended() })
	clear(l.index)
	for i, a := range l.list {
		l.index[a.ID] = i
	}
	l.ended = 0
}

// mergeAgents folds the changes in r into the queued KindAgents item q:
// the newer value of a sub-agent wins. Called with the worker's mu held;
// q's changes are copied the first time, since Send hands one Report to
// every worker.
func mergeAgents(q *item, r host.Report) {
	if resets(r.Agents) {
		q.r.Agents, q.agentIdx = []host.SubAgent{{}}, nil
		r.Agents = r.Agents[1:]
	}
	if q.agentIdx == nil {
		q.r.Agents = append([]host.SubAgent(nil), q.r.Agents...)
		q.agentIdx = make(map[string]int, len(q.r.Agents))
		for i, a := range q.r.Agents {
			q.agentIdx[a.ID] = i
		}
	}
	for _, a := range r.Agents {
		if i, ok := q.agentIdx[a.ID]; ok {
			q.r.Agents[i] = a
			continue
		}
		q.agentIdx[a.ID] = len(q.r.Agents)
		q.r.Agents = append(q.r.Agents, a)
	}
	q.r.State, q.r.Session = r.State, r.Session
}

// A Machine's KindAgents report whose changes start with the zero SubAgent
// (an id is never empty otherwise) empties the list first: a session
// switch. It is an encoding between the Machine and the Reporter; a
// backend always gets the whole list.
func resets(changes []host.SubAgent) bool { return len(changes) > 0 && changes[0].ID == "" }
