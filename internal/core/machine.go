package core

import (
	"cmp"
	"slices"

	"github.com/hostbridge/hostbridge/host"
)

// Limits on the text a Machine puts in a report, in runes.
const (
	MaxMessage = 200  // a blocked message, a headline, a ping
	MaxPing    = 100  // the words of a reply that become a ping
	MaxField   = 4096 // ids, directories
	// maxAgentID caps a sub-agent's id: its start and each of its steps
	// clean the id alike, or the steps would not find it.
	maxAgentID = 128
)

// Config is how a Machine behaves; the zero value is the default.
type Config struct {
	// Quiet silences the attention ping.
	Quiet bool
	// QuietBlocked, QuietFailed and QuietDone silence the ping for one
	// kind of event (the model needs you, a turn failed, a turn ended),
	// for an app that notifies for it itself.
	QuietBlocked, QuietFailed, QuietDone bool
	// QuietWhileUnknown holds pings back until the terminal reported focus
	// once. By default a terminal that never reports focus still gets
	// them: a missed ping costs more than an extra one.
	QuietWhileUnknown bool
	// SubAgentsBlock makes a waiting sub-agent hold the chat Blocked with
	// "<task>: <what it waits on>", for hosts without sub-agent rows.
	SubAgentsBlock bool
	// Resume turns a session id into the command that resumes it.
	Resume func(sessionID string) string
	// Agent names the chat in a ping that has no text of its own: a turn
	// that ended with no reply pings "<Agent> finished". Default "chat".
	Agent string
}

// Machine turns what the chat does into reports, with no I/O. It says what
// the chat did; the Reporter decides what a host has already been shown.
// Each method returns the reports to deliver, in order; after Exit, none.
// A Machine is not safe for concurrent use.
type Machine struct {
	cfg Config

	state       host.State
	request     string // what a Blocked chat waits on, or a Failed turn's headline
	focused     bool
	focusKnown  bool
	session     host.Session
	meta        []host.Fact
	agents      liveAgents
	agentsShown bool // a sub-agent was reported in this session

	started, exited, suspended bool
}

// NewMachine returns a Machine in the Unknown state with the session the
// chat starts with (which may be zero).
func NewMachine(cfg Config, s host.Session) *Machine {
	m := &Machine{cfg: cfg}
	m.session = m.cleanSession(s)
	m.session.Origin = host.OriginStartup
	return m
}

// Focus returns whether the terminal has the user's focus, and whether it
// has said so at all yet.
func (m *Machine) Focus() (focused, known bool) { return m.focused, m.focusKnown }

// SetFocus records a focus report from the terminal: it gates the ping.
func (m *Machine) SetFocus(focused bool) { m.focused, m.focusKnown = focused, true }

// Start marks the chat ready for input: Idle and the startup session.
func (m *Machine) Start() []host.Report {
	if m.exited || m.started {
		return nil
	}
	return m.start(nil)
}

// TurnStarted marks a turn running.
func (m *Machine) TurnStarted() []host.Report {
	return m.set(host.Working, "", "")
}

// NeedsYou marks the chat waiting on the user for request; every request
// pings.
func (m *Machine) NeedsYou(request string) []host.Report {
	request = Clean(request, MaxMessage)
	return m.set(host.Blocked, request, request)
}

// TurnFailed marks the last turn failed; the cleaned headline is the
// state's message (tuios shows it beside errored) and the ping's text.
func (m *Machine) TurnFailed(headline string) []host.Report {
	headline = Clean(headline, MaxMessage)
	return m.set(host.Failed, headline, headline)
}

// Idle marks the user's move. When a turn was running, the reply's first
// words ping.
func (m *Machine) Idle(reply string) []host.Report {
	ping := ""
	if m.state == host.Working || m.state == host.Blocked {
		ping = ReplyWords(reply, MaxPing)
		if ping == "" { // the app's finish carries no text: say so, as hosts do
			ping = cmp.Or(Clean(m.cfg.Agent, MaxPing-len(" finished")), "chat") + " finished"
		}
	}
	return m.set(host.Idle, "", ping)
}

func (m *Machine) set(s host.State, request, ping string) []host.Report {
	if m.exited {
		return nil
	}
	m.state, m.request = s, request
	return m.ping(m.start(m.stateChanged(nil)), ping, s)
}

// SessionChanged records that the chat saved (OriginSaved) or switched to
// (OriginSwitched) session s.
func (m *Machine) SessionChanged(s host.Session, o host.Origin) []host.Report {
	if m.exited {
		return nil
	}
	m.session = m.cleanSession(s)
	m.session.Origin = o
	out := m.start(nil) // a first report carries the session already
	if len(out) == 0 || out[len(out)-1].Kind != host.KindSession {
		out = append(out, m.report(host.KindSession))
	}
	if o == host.OriginSwitched && m.agentsShown {
		// The old session's sub-agents are not the new one's.
		m.agents, m.agentsShown = liveAgents{}, false
		r := m.report(host.KindAgents)
		r.Agents = []host.SubAgent{{}} // see resets
		out = m.agentStateChanged(append(out, r))
	}
	return out
}

// SetMeta replaces the facts shown beside the chat; a fact left out, or
// with an empty value, is removed.
func (m *Machine) SetMeta(facts []host.Fact) []host.Report {
	if m.exited {
		return nil
	}
	m.meta = make([]host.Fact, 0, len(facts))
	for _, f := range facts {
		f = host.Fact{Name: Clean(f.Name, 64), Value: Clean(f.Value, MaxMessage)}
		if f.Name == "" || f.Value == "" {
			continue
		}
		if i := slices.IndexFunc(m.meta, func(g host.Fact) bool { return g.Name == f.Name }); i >= 0 {
			m.meta[i] = f
			continue
		}
		m.meta = append(m.meta, f)
	}
	return []host.Report{m.report(host.KindMeta)}
}

// AgentStarted records that sub-agent id started (again, if it is live).
// Past MaxAgents live, the oldest is dropped and reported stopped.
func (m *Machine) AgentStarted(id, typ, task string) []host.Report {
	a := host.SubAgent{ID: Clean(id, maxAgentID), Type: Clean(typ, MaxMessage), Task: Clean(task, MaxMessage), Status: host.AgentRunning}
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
	return m.agentStateChanged(m.agentReport(changes...))
}

// AgentStep records what live sub-agent id does now: the tool it runs
// (AgentRunning), what it waits on (AgentWaiting), or its end with its
// answer or error. Only this sub-agent's text is cleaned, so a step costs
// the same with a thousand live; an id that is not live is ignored.
func (m *Machine) AgentStep(id string, s host.AgentStatus, text string) []host.Report {
	if m.exited {
		return nil
	}
	e := m.agents.get(Clean(id, maxAgentID))
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

func (m *Machine) agentChanged(e *liveAgent, a host.SubAgent) []host.Report {
	if a == e.SubAgent {
		return nil // a repeated wait must not ping again, nor queue it anew
	}
	newWait := a.Status == host.AgentWaiting && (e.Status != host.AgentWaiting || e.Waiting != a.Waiting)
	m.agents.set(e, a)
	out := m.agentStateChanged(m.agentReport(a))
	if newWait {
		out = m.ping(out, waitingMessage(a), host.Blocked)
	}
	return out
}

// agentReport carries only the changes: the Reporter keeps each host's
// whole list off the chat's goroutine. It has room for the state.
func (m *Machine) agentReport(changes ...host.SubAgent) []host.Report {
	m.agentsShown = true
	r := m.report(host.KindAgents)
	r.Agents = changes
	return append(make([]host.Report, 0, 2), r)
}

// agentStateChanged adds the state a sub-agent change may have changed.
func (m *Machine) agentStateChanged(out []host.Report) []host.Report {
	if !m.cfg.SubAgentsBlock {
		return out
	}
	return m.stateChanged(out)
}

func waitingMessage(a host.SubAgent) string {
	if a.Task == "" {
		return a.Waiting
	}
	return Clean(a.Task+": "+a.Waiting, MaxMessage)
}

// Suspend marks the terminal handed to another program; Resume takes it
// back and shows the state again.
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
	return []host.Report{m.report(host.KindState)}
}

// Exit marks the chat gone. An Exit before the chat reported anything
// reports nothing: a diagnostic run that only detects must not release a
// pane someone else holds.
func (m *Machine) Exit() []host.Report {
	if m.exited {
		return nil
	}
	m.exited = true
	m.agents = liveAgents{}
	if !m.started {
		return nil
	}
	return []host.Report{m.report(host.KindExit)}
}

// start puts the first state report and the startup session ahead of out,
// the first time the chat does anything.
func (m *Machine) start(out []host.Report) []host.Report {
	if m.started {
		return out
	}
	m.started = true
	if m.state == host.Unknown {
		m.state = host.Idle // ready, or a session saved before anything else
	}
	first := []host.Report{m.report(host.KindState)}
	if m.session.ID != "" {
		first = append(first, m.report(host.KindSession))
	}
	return append(first, out...)
}

// stateChanged appends the state, but before start and while suspended,
// which report it themselves.
func (m *Machine) stateChanged(out []host.Report) []host.Report {
	if !m.started || m.suspended {
		return out
	}
	return append(out, m.report(host.KindState))
}

// ping adds the attention ping text for an event of kind ev (Blocked,
// Failed, or Idle: a turn ended), unless it is gated.
func (m *Machine) ping(out []host.Report, text string, ev host.State) []host.Report {
	var quiet bool
	switch ev {
	case host.Blocked:
		quiet = m.cfg.QuietBlocked
	case host.Failed:
		quiet = m.cfg.QuietFailed
	case host.Idle:
		quiet = m.cfg.QuietDone
	}
	if m.cfg.Quiet || quiet || text == "" || m.focused || (!m.focusKnown && m.cfg.QuietWhileUnknown) {
		return out
	}
	r := m.report(host.KindPing)
	r.Message = text
	return append(out, r)
}

// effective is the state hosts are told: the chat's own, or Blocked while
// a sub-agent waits (Config.SubAgentsBlock).
func (m *Machine) effective() (host.State, string) {
	if m.state != host.Blocked && m.cfg.SubAgentsBlock {
		if a, ok := m.agents.firstWaiting(); ok {
			return host.Blocked, waitingMessage(a)
		}
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
	s.ID, s.Dir, s.Resume = Clean(s.ID, 256), Clean(s.Dir, MaxField), ""
	if s.ID != "" && m.cfg.Resume != nil {
		s.Resume = Clean(m.cfg.Resume(s.ID), MaxField)
	}
	return s
}
