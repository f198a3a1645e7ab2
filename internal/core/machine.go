package core

import (
	"slices"

	"github.com/hostbridge/hostbridge/host"
)

// Limits on the text a Machine puts in a report, in runes.
const (
	// MaxMessage caps a blocked message and a ping.
	MaxMessage = 200
	// MaxPing caps the words of a reply that become a ping.
	MaxPing = 100
	// MaxField caps ids, names, directories and facts.
	MaxField = 4096
)

// Config is how a Machine behaves. The zero value is the default: pings on,
// a ping while focus is unknown, no sub-agent holds the chat blocked.
type Config struct {
	// Quiet silences the attention ping entirely (notify: false).
	Quiet bool
	// QuietWhileUnknown silences the ping until the terminal has reported
	// focus once. By default a chat whose terminal never reports focus still
	// pings: a missed ping is worse than one too many.
	QuietWhileUnknown bool
	// SubAgentsBlock makes a sub-agent that waits on an approval or a
	// question hold the chat blocked, with "<task>: <what it waits on>" as
	// the message, so hosts without sub-agent rows still show it.
	SubAgentsBlock bool
	// Resume, if set, turns a session id into the command that resumes it;
	// the command goes with every report's Session.
	Resume func(sessionID string) string
}

// Machine is the chat state machine. It turns what the chat does into the
// reports hosts receive and performs no I/O, so it is deterministic and
// table-testable. A Machine is not safe for concurrent use.
//
// Each method returns the reports to deliver, in order (often none). After
// Exit every method returns nothing.
type Machine struct {
	cfg Config

	state   host.State // the chat's own state
	request string     // what the chat waits on (Blocked) or why it failed (Failed)
	shown   host.State // the effective state last reported
	shownTo string     // the effective message last reported
	focus   Focus
	session host.Session
	meta    []host.Fact
	agents  liveAgents
	// agentsShown: a sub-agent was reported in this session.
	agentsShown bool

	started   bool
	exited    bool
	suspended bool
}

// NewMachine returns a Machine in the Unknown state with the given initial
// session (which may be zero).
func NewMachine(cfg Config, s host.Session) *Machine {
	m := &Machine{cfg: cfg}
	m.session = m.cleanSession(s)
	m.session.Origin = host.OriginStartup
	return m
}

// State returns the effective state: the chat's own, or Blocked while a
// sub-agent waits (with Config.SubAgentsBlock).
func (m *Machine) State() host.State { s, _ := m.effective(); return s }

// Focus returns what the machine knows of the terminal's focus.
func (m *Machine) Focus() Focus { return m.focus }

// Session returns the current session.
func (m *Machine) Session() host.Session { return m.session }

// Exited reports whether Exit was called.
func (m *Machine) Exited() bool { return m.exited }

// Start marks the chat ready for input: the first report (Idle) and the
// startup session. Calling it again does nothing.
func (m *Machine) Start() []host.Report {
	if m.exited || m.started {
		return nil
	}
	m.state = host.Idle
	return m.start(nil)
}

// TurnStarted marks a turn running.
func (m *Machine) TurnStarted() []host.Report {
	if m.exited {
		return nil
	}
	m.state, m.request = host.Working, ""
	return m.start(m.changed(nil))
}

// NeedsYou marks the model waiting on the user; request says for what
// ("approve shell: git push", or the question). Every new request pings.
func (m *Machine) NeedsYou(request string) []host.Report {
	if m.exited {
		return nil
	}
	m.state, m.request = host.Blocked, Clean(request, MaxMessage)
	out := m.start(m.changed(nil))
	return m.ping(out, m.request)
}

// TurnFailed marks the last turn failed; headline is its error. The
// cleaned headline is the Failed state report's Message (tuios shows it
// beside errored) and the ping's text.
func (m *Machine) TurnFailed(headline string) []host.Report {
	if m.exited {
		return nil
	}
	m.state, m.request = host.Failed, Clean(headline, MaxMessage)
	out := m.start(m.changed(nil))
	return m.ping(out, m.request)
}

// Idle marks the chat's move over: your move. When a turn was running, the
// reply's first words ping.
func (m *Machine) Idle(reply string) []host.Report {
	if m.exited {
		return nil
	}
	ended := m.state == host.Working || m.state == host.Blocked
	m.state, m.request = host.Idle, ""
	out := m.start(m.changed(nil))
	if ended {
		out = m.ping(out, FirstWords(reply, MaxPing))
	}
	return out
}

// SetFocus records a focus report from the terminal. It reports nothing:
// focus gates only the ping.
func (m *Machine) SetFocus(f Focus) { m.focus = f }

// SessionChanged records that the chat saved (OriginSaved) or switched to
// (OriginSwitched) session s.
func (m *Machine) SessionChanged(s host.Session, o host.Origin) []host.Report {
	if m.exited {
		return nil
	}
	m.session = m.cleanSession(s)
	m.session.Origin = o
	out := m.start(nil) // a first report already carries the session
	if len(out) == 0 || out[len(out)-1].Kind != host.KindSession {
		out = append(out, m.report(host.KindSession))
	}
	if o == host.OriginSwitched && m.agentsShown {
		// The old session's sub-agents (live, or shown ended) are not the
		// new one's: hosts that list them start the new session empty.
		m.agents, m.agentsShown = liveAgents{}, false
		r := m.report(host.KindAgents)
		r.Agents = []host.SubAgent{{}} // resets: the list starts again empty
		out = append(out, r)
		out = m.changed(out)
	}
	return out
}

// SetMeta replaces the facts shown beside the chat. Only a change reports;
// a fact left out is removed.
func (m *Machine) SetMeta(facts []host.Fact) []host.Report {
	if m.exited {
		return nil
	}
	clean := make([]host.Fact, 0, len(facts))
	for _, f := range facts {
		f = host.Fact{Name: Clean(f.Name, 64), Value: Clean(f.Value, MaxMessage)}
		if f.Name == "" || f.Value == "" {
			continue // an empty value is a fact that went away
		}
		if i := slices.IndexFunc(clean, func(g host.Fact) bool { return g.Name == f.Name }); i >= 0 {
			clean[i] = f
			continue
		}
		clean = append(clean, f)
	}
	if slices.Equal(clean, m.meta) {
		return nil
	}
	m.meta = clean
	return []host.Report{m.report(host.KindMeta)}
}

// AgentStarted records that sub-agent id started (again, if it is live):
// its type ("explore · Sonnet 5.5 · claude") and what it was asked. Past
// MaxAgents live, the oldest is dropped and reported stopped.
func (m *Machine) AgentStarted(id, typ, task string) []host.Report {
	a := host.SubAgent{ID: Clean(id, 128), Type: Clean(typ, MaxMessage), Task: Clean(task, MaxMessage), Status: host.AgentRunning}
	if m.exited || a.ID == "" {
		return nil
	}
	if e := m.agents.get(a.ID); e != nil {
		return m.agentChanged(e, a)
	}
	changes := []host.SubAgent{a}
	if d := m.agents.add(a); d != nil {
		changes = []host.SubAgent{*d, a}
	}
	return m.changed([]host.Report{m.agentReport(changes...)})
}

// AgentStep records what live sub-agent id does now: AgentRunning with the
// tool it runs, AgentWaiting with what it waits on ("Allow shell"), or an
// end: AgentDone with its answer, AgentFailed with its error, AgentStopped.
// Only a change reports; an id that is not live is ignored. It costs the
// same with one sub-agent live or a thousand: only this one is cleaned.
func (m *Machine) AgentStep(id string, s host.AgentStatus, text string) []host.Report {
	if m.exited {
		return nil
	}
	e := m.agents.get(Clean(id, 128))
	if e == nil {
		return nil
	}
	a := e.SubAgent
	a.Status, a.Tool, a.Waiting, a.Result = s, "", "", ""
	switch s {
	case host.AgentRunning:
		a.Tool = Clean(text, MaxMessage)
	case host.AgentWaiting:
		a.Tool, a.Waiting = e.Tool, Clean(text, MaxMessage)
	case host.AgentDone, host.AgentFailed:
		a.Result = FirstWords(text, MaxMessage)
	}
	return m.agentChanged(e, a)
}

// agentChanged records a live sub-agent's new value a and reports it, with
// the state it changes and the ping a new wait makes.
func (m *Machine) agentChanged(e *liveAgent, a host.SubAgent) []host.Report {
	if a == e.SubAgent {
		return nil
	}
	newWait := a.Status == host.AgentWaiting && (e.Status != host.AgentWaiting || e.Waiting != a.Waiting)
	m.agents.set(e, a)
	out := m.changed([]host.Report{m.agentReport(a)})
	if newWait {
		// A sub-agent that starts waiting on the user needs them as much as
		// the chat itself would: it pings (once per request).
		out = m.ping(out, waitingMessage(a))
	}
	return out
}

func (m *Machine) agentReport(changes ...host.SubAgent) host.Report {
	m.agentsShown = true
	r := m.report(host.KindAgents)
	r.Agents = changes
	return r
}

// waitingMessage is what a waiting sub-agent shows: "<task>: <what it
// waits on>".
func waitingMessage(a host.SubAgent) string {
	if a.Task == "" {
		return a.Waiting
	}
	return Clean(a.Task+": "+a.Waiting, MaxMessage)
}

// Suspend marks the terminal handed to another program; Resume takes it
// back and restores what the terminal showed.
func (m *Machine) Suspend() []host.Report {
	if m.exited || m.suspended || !m.started {
		return nil
	}
	m.suspended = true
	return []host.Report{m.report(host.KindSuspend)}
}

// Resume ends a Suspend.
func (m *Machine) Resume() []host.Report {
	if m.exited || !m.suspended {
		return nil
	}
	m.suspended = false
	return []host.Report{m.stateReport()}
}

// Exit marks the chat gone: the last report every backend receives. Later
// calls do nothing, and so does an Exit before the chat reported anything:
// there is nothing to clear or release (and a diagnostic run that only
// detects must not release a pane someone else holds).
func (m *Machine) Exit() []host.Report {
	if m.exited {
		return nil
	}
	m.exited = true
	if !m.started {
		return nil
	}
	m.agents = liveAgents{}
	return []host.Report{m.report(host.KindExit)}
}

// start emits the first state report and the startup session the first
// time the chat does anything, ahead of out.
func (m *Machine) start(out []host.Report) []host.Report {
	if m.started {
		return out
	}
	m.started = true
	if m.state == host.Unknown {
		m.state = host.Idle // a session saved before anything else: the chat is ready
	}
	first := []host.Report{m.stateReport()}
	if m.session.ID != "" {
		first = append(first, m.report(host.KindSession))
	}
	return append(first, out...)
}

// changed appends a state report when the effective state or its message
// differs from what was last reported.
func (m *Machine) changed(out []host.Report) []host.Report {
	if !m.started || m.suspended {
		return out // start, or Resume, will report the state
	}
	s, msg := m.effective()
	if s == m.shown && msg == m.shownTo {
		return out
	}
	return append(out, m.stateReport())
}

func (m *Machine) stateReport() host.Report {
	r := m.report(host.KindState)
	m.shown, m.shownTo = r.State, r.Message
	return r
}

func (m *Machine) ping(out []host.Report, text string) []host.Report {
	if m.cfg.Quiet || text == "" || m.focus == Focused ||
		(m.focus == FocusUnknown && m.cfg.QuietWhileUnknown) {
		return out
	}
	r := m.report(host.KindPing)
	r.Message = text
	return append(out, r)
}

func (m *Machine) effective() (host.State, string) {
	if m.state == host.Blocked || !m.cfg.SubAgentsBlock {
		return m.state, m.request
	}
	if a, ok := m.agents.firstWaiting(); ok {
		return host.Blocked, waitingMessage(a)
	}
	return m.state, m.request
}

func (m *Machine) report(k host.Kind) host.Report {
	s, msg := m.effective()
	r := host.Report{Kind: k, State: s, Session: m.session}
	switch k {
	case host.KindState:
		r.Message = msg
	case host.KindMeta:
		r.Meta = m.meta
	}
	return r
}

func (m *Machine) cleanSession(s host.Session) host.Session {
	s.ID, s.Dir = Clean(s.ID, 256), Clean(s.Dir, MaxField)
	s.Resume = ""
	if s.ID != "" && m.cfg.Resume != nil {
		s.Resume = Clean(m.cfg.Resume(s.ID), MaxField)
	}
	return s
}
