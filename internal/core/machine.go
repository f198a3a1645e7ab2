package core

import (
	"cmp"
	"slices"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/settings"
)

// Limits on the text a Machine puts in a report, in runes.
const (
	MaxMessage = 200  // a blocked message, a headline, a ping
	MaxPing    = 100  // the words of a reply that become a ping
	MaxField   = 4096 // ids, directories
	maxAgentID = 128  // the start and each step must clean an id alike
)

// Machine turns what the chat does into reports, with no I/O; the Reporter
// decides what each host was already shown. Not safe for concurrent use.
type Machine struct {
	s settings.Settings // the ping's gates, SubAgentsBlock, ResumeCommand, Agent

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

// NewMachine returns a Machine, Unknown, with the startup session s.Session.
func NewMachine(s settings.Settings) *Machine {
	m := &Machine{s: s}
	m.session = m.cleanSession(s.Session)
	m.session.Origin = host.OriginStartup
	return m
}

// Focus returns the terminal's last focus report, if any came.
func (m *Machine) Focus() (focused, known bool) { return m.focused, m.focusKnown }

// SetFocus records a focus report, which gates the ping.
func (m *Machine) SetFocus(focused bool) { m.focused, m.focusKnown = focused, true }

// Start marks the chat ready: Idle and the startup session.
func (m *Machine) Start() []host.Report {
	if m.exited || m.started {
		return nil
	}
	return m.start(nil)
}

// TurnStarted marks a turn running.
func (m *Machine) TurnStarted() []host.Report { return m.set(host.Working, "", "") }

// NeedsYou marks the chat Blocked on request; each request pings.
func (m *Machine) NeedsYou(request string) []host.Report {
	request = Clean(request, MaxMessage)
	return m.set(host.Blocked, request, request)
}

// TurnFailed marks the turn failed; the headline is the state's message
// (tuios shows it beside errored) and the ping's.
func (m *Machine) TurnFailed(headline string) []host.Report {
	headline = Clean(headline, MaxMessage)
	return m.set(host.Failed, headline, headline)
}

// Idle marks the user's move; after a turn, the reply's first words ping.
func (m *Machine) Idle(reply string) []host.Report {
	ping := ""
	if m.state == host.Working || m.state == host.Blocked {
		ping = ReplyWords(reply, MaxPing)
		if ping == "" { // the app's finish carries no text: say so, as hosts do
			ping = cmp.Or(Clean(m.s.Agent, MaxPing-len(" finished")), settings.DefaultAgent) + " finished"
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

// SessionChanged records that the chat saved or switched to session s.
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
		m.agents, m.agentsShown = liveAgents{}, false
		r := m.report(host.KindAgents)
		r.Agents = []host.SubAgent{{}} // see resets
		out = m.agentStateChanged(append(out, r))
	}
	return out
}

// SetMeta replaces the facts; one left out or empty is removed.
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

// AgentStarted records that sub-agent id started (again, if live).
func (m *Machine) AgentStarted(id, typ, task string) []host.Report {
	a := host.SubAgent{ID: Clean(id, maxAgentID), Type: Clean(typ, MaxMessage), Task: Clean(task, MaxMessage), Status: host.AgentRunning}
	if m.exited || a.ID == "" {
		return nil
	}
	if e := m.agents.byID[a.ID]; e != nil {
		return m.agentChanged(e, a)
	}
	changes := []host.SubAgent{a}
	if d := m.agents.add(a); d != nil {
		changes = []host.SubAgent{*d, a}
	}
	return m.agentStateChanged(m.agentReport(changes...))
}

// AgentStep records live sub-agent id's tool, wait or end. Only its own
// text is cleaned: a step costs the same with a thousand live.
func (m *Machine) AgentStep(id string, s host.AgentStatus, text string) []host.Report {
	e := m.agents.byID[Clean(id, maxAgentID)]
	if e == nil {
		return nil // not live; none is once the chat exited
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

// agentReport carries only the changes: each worker keeps its host's whole
// list, off the chat's goroutine. Room for the state follows.
func (m *Machine) agentReport(changes ...host.SubAgent) []host.Report {
	m.agentsShown = true
	r := m.report(host.KindAgents)
	r.Agents = changes
	return append(make([]host.Report, 0, 2), r)
}

func (m *Machine) agentStateChanged(out []host.Report) []host.Report {
	if !m.s.SubAgentsBlock {
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

// Suspend marks the terminal handed to another program.
func (m *Machine) Suspend() []host.Report {
	if m.exited || m.suspended || !m.started {
		return nil
	}
	m.suspended = true
	return []host.Report{m.report(host.KindSuspend)}
}

// Resume ends a Suspend: the state is shown again.
func (m *Machine) Resume() []host.Report {
	if m.exited || !m.suspended {
		return nil
	}
	m.suspended = false
	return []host.Report{m.report(host.KindState)}
}

// Exit marks the chat gone; before any report, silently: a run that only
// detects must not release a pane someone else holds.
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

// start puts the first state and the startup session ahead of out, once.
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

// stateChanged appends the state, except before start and while
// suspended, which report it themselves.
func (m *Machine) stateChanged(out []host.Report) []host.Report {
	if !m.started || m.suspended {
		return out
	}
	return append(out, m.report(host.KindState))
}

// ping adds a ping for an event ev (Blocked, Failed, Idle), unless gated.
func (m *Machine) ping(out []host.Report, text string, ev host.State) []host.Report {
	on := map[host.State]bool{host.Blocked: m.s.ApprovalPing, host.Failed: m.s.FailurePing,
		host.Idle: m.s.FinishedPing}[ev]
	if !m.s.Ping || !on || text == "" || m.focused || (!m.focusKnown && !m.s.PingWhileFocusUnknown) {
		return out
	}
	r := m.report(host.KindPing)
	r.Message = text
	return append(out, r)
}

// Shown is the state a renderer draws itself (Bubble Tea v2's
// View.ProgressBar): Unknown before the first report and after the exit;
// unchanged while suspended, as the renderer redraws around that itself.
func (m *Machine) Shown() host.State {
	if !m.started || m.exited {
		return host.Unknown
	}
	s, _ := m.effective()
	return s
}

// effective is the state hosts are told (SubAgentsBlock included).
func (m *Machine) effective() (host.State, string) {
	if m.state != host.Blocked && m.s.SubAgentsBlock {
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
	if s.ID != "" && m.s.ResumeCommand != nil {
		s.Resume = Clean(m.s.ResumeCommand(s.ID), MaxField)
	}
	return s
}
