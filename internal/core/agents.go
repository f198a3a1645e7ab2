package core

import (
	"slices"

	"github.com/hostbridge/hostbridge/host"
)

// MaxAgents caps the live sub-agents a Machine keeps (bounded memory): one
// more drops the oldest, reported stopped.
const MaxAgents = 10000

// liveAgents is a Machine's live sub-agents; each operation is O(1)
// amortised, as the chat's goroutine makes them.
type liveAgents struct {
	byID  map[string]*liveAgent // the live ones
	order []*liveAgent          // by start; ended ones leave lazily
	waits []wait                // by when they began waiting, stale ones too
	wait  int                   // live agents waiting
}

type liveAgent struct {
	host.SubAgent
	ended bool
	waits int // bumped each time it begins to wait, to tell stale waits apart
}

type wait struct {
	a *liveAgent
	n int // a.waits then
}

// add starts a; at MaxAgents it drops and returns the oldest, stopped.
func (l *liveAgents) add(a host.SubAgent) (dropped *host.SubAgent) {
	if l.byID == nil {
		l.byID = map[string]*liveAgent{}
	}
	if len(l.byID) >= MaxAgents {
		l.order = dropStaleHead(l.order, hasEnded)
		old := l.order[0]
		l.end(old)
		d := old.SubAgent
		d.Status, d.Waiting = host.AgentStopped, ""
		dropped = &d
	}
	e := &liveAgent{SubAgent: a}
	l.byID[a.ID] = e
	l.order = append(l.order, e)
	l.order = prune(l.order, len(l.byID), hasEnded)
	return dropped
}

func (l *liveAgents) set(e *liveAgent, a host.SubAgent) {
	was, now := e.Status == host.AgentWaiting, a.Status == host.AgentWaiting
	e.SubAgent = a
	switch {
	case now:
		if !was {
			l.wait++
		}
		e.waits++ // waiting on something else is a new wait: queued again
		l.waits = append(l.waits, wait{e, e.waits})
		l.waits = prune(l.waits, l.wait, l.stale)
	case was:
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
}

// stale: w's sub-agent ended, was answered, or waits on something else.
func (l *liveAgents) stale(w wait) bool {
	return w.a.ended || w.a.Status != host.AgentWaiting || w.a.waits != w.n
}

func hasEnded(e *liveAgent) bool { return e.ended }

func (l *liveAgents) firstWaiting() (host.SubAgent, bool) {
	l.waits = dropStaleHead(l.waits, l.stale)
	if len(l.waits) == 0 {
		return host.SubAgent{}, false
	}
	return l.waits[0].a.SubAgent, true
}

// prune drops stale entries once they outnumber the n live ones by n+16.
func prune[T any](list []T, n int, stale func(T) bool) []T {
	if len(list) > 2*n+16 {
		return slices.DeleteFunc(list, stale)
	}
	return list
}

func dropStaleHead[T any](list []T, stale func(T) bool) []T {
	var zero T
	for len(list) > 0 && stale(list[0]) {
		list[0] = zero
		list = list[1:]
	}
	return list
}

// resets: a Machine's KindAgents changes that start with the zero SubAgent
// empty the list first (a session switch); backends get the whole list.
func resets(changes []host.SubAgent) bool { return len(changes) > 0 && changes[0].ID == "" }

// agentSet is sub-agents in the order they first came, indexed by id.
type agentSet struct {
	list  []host.SubAgent
	index map[string]int
}

func (s *agentSet) put(a host.SubAgent) (old host.SubAgent, replaced bool) {
	if s.index == nil {
		s.index = map[string]int{}
	}
	i, replaced := s.index[a.ID]
	if !replaced {
		s.index[a.ID] = len(s.list)
		s.list = append(s.list, a)
		return host.SubAgent{}, false
	}
	old, s.list[i] = s.list[i], a
	return old, true
}

func (s *agentSet) reset() {
	clear(s.list)
	s.list = s.list[:0]
	clear(s.index)
}

// agentList is the whole list one worker's backend is shown.
type agentList struct {
	agentSet
	ended int
}

// apply folds r's changes in and makes r carry the whole list (valid until
// the next apply).
func (l *agentList) apply(r *host.Report) (changed bool) {
	changes := r.Agents
	if resets(changes) {
		changes = changes[1:]
		changed = len(l.list) > 0
		l.reset()
		l.ended = 0
	}
	for _, a := range changes {
		old, replaced := l.put(a)
		if replaced && old == a {
			continue
		}
		changed = true
		if replaced && old.Status.Ended() {
			l.ended--
		}
		if a.Status.Ended() {
			l.ended++
		}
	}
	r.Agents = l.list
	return changed
}

// delivered: ended sub-agents were shown so, and leave once they are half
// the list (O(1) per change; until then they are re-sent unchanged).
func (l *agentList) delivered() {
	if l.ended == 0 || 2*l.ended < len(l.list) {
		return
	}
	l.list = slices.DeleteFunc(l.list, func(a host.SubAgent) bool { return a.Status.Ended() })
	clear(l.index)
	for i, a := range l.list {
		l.index[a.ID] = i
	}
	l.ended = 0
}

// mergeAgents folds newer r into the queued item (w.mu held), copying the
// changes first: Send hands one Report to every worker.
func (it *item) mergeAgents(r host.Report) {
	if it.agents == nil {
		it.agents = &agentSet{}
		for _, a := range it.r.Agents {
			it.agents.put(a)
		}
	}
	if resets(r.Agents) {
		it.agents.reset() // the reset, r.Agents[0], is put back first
	}
	for _, a := range r.Agents {
		it.agents.put(a)
	}
	it.r.Agents = it.agents.list
	it.r.State, it.r.Session = r.State, r.Session
}
