package host

// Kind says what a Report is about.
type Kind uint8

const (
	// KindState: the chat's state changed (Report.State, Report.Message).
	// A snapshot: a newer one supersedes a queued older one.
	KindState Kind = iota + 1
	// KindPing: the attention ping (Report.Message is its text). The machine
	// emits it only when the user should be interrupted; backends that carry
	// pings just deliver it.
	KindPing
	// KindSession: the session was started, saved or switched
	// (Report.Session). An edge event: never coalesced, but retried.
	KindSession
	// KindMeta: the facts shown beside the chat changed (Report.Meta holds
	// all of them). A snapshot.
	KindMeta
	// KindAgents: the sub-agent list changed (Report.Agents holds all of
	// them when a backend gets it). A snapshot.
	KindAgents
	// KindSuspend: the terminal is handed to another program for a while
	// (suspend, exec). A backend hides what it draws in the terminal; the
	// claim on a pane stays. The next KindState restores it.
	KindSuspend
	// KindExit: the chat exits. Clear the bar, release the pane, remove the
	// row. The last report a backend receives, but for a ping that waited
	// behind it (see Reporter).
	KindExit
)

var kindNames = [...]string{"", "state", "ping", "session", "meta", "agents", "suspend", "exit"}

func (k Kind) String() string {
	if k > 0 && int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "Kind(" + itoa(int(k)) + ")"
}

// Origin says why a session report is sent.
type Origin uint8

const (
	// OriginStartup: the session the chat started with.
	OriginStartup Origin = iota
	// OriginSaved: the session was saved.
	OriginSaved
	// OriginSwitched: the chat switched to another session.
	OriginSwitched
)

var originNames = [...]string{"startup", "saved", "switched"}

func (o Origin) String() string {
	if int(o) < len(originNames) {
		return originNames[o]
	}
	return "Origin(" + itoa(int(o)) + ")"
}

// Session is the session the chat writes into.
type Session struct {
	// ID is the session's id; empty when the chat has none.
	ID string
	// Dir is the session's bundle directory (absolute), if any.
	Dir string
	// Resume is the command that brings the session back, when the app
	// asked for it to be reported (for example "chat --session 42").
	Resume string
	// Origin says why the session was last reported.
	Origin Origin
}

// Fact is one piece of metadata shown beside the chat ("model", "context",
// "cost").
type Fact struct {
	Name  string
	Value string
}

// AgentStatus is where a sub-agent is in its life.
type AgentStatus uint8

const (
	// AgentRunning: the sub-agent is working.
	AgentRunning AgentStatus = iota
	// AgentWaiting: the sub-agent waits on an approval or a question.
	AgentWaiting
	// AgentDone: the sub-agent finished; Result is its answer's first line.
	AgentDone
	// AgentFailed: the sub-agent failed; Result is its error.
	AgentFailed
	// AgentStopped: the sub-agent was stopped before it finished.
	AgentStopped
)

var agentStatusNames = [...]string{"running", "waiting", "done", "failed", "stopped"}

func (a AgentStatus) String() string {
	if int(a) < len(agentStatusNames) {
		return agentStatusNames[a]
	}
	return "AgentStatus(" + itoa(int(a)) + ")"
}

// Ended reports whether the sub-agent has finished, one way or another.
func (a AgentStatus) Ended() bool { return a >= AgentDone }

// SubAgent is one child task of the chat.
type SubAgent struct {
	// ID identifies the sub-agent within the session.
	ID string
	// Type is what kind of agent it is, as "explore · Sonnet 5.5 · claude".
	Type string
	// Task is what it was asked.
	Task string
	// Tool is the tool it runs now, if any.
	Tool string
	// Status is where it is.
	Status AgentStatus
	// Waiting is what it waits on, while Status is AgentWaiting
	// ("Allow shell").
	Waiting string
	// Result is the first line of its answer (done) or its error (failed).
	Result string
}

// Report is one thing a backend is told. Every field is already sanitised
// and bounded by the Machine; a backend still encodes it for its own
// protocol (JSON, argv, an escape sequence).
type Report struct {
	Kind Kind
	// State is the chat's state when the report was made, whatever its kind.
	State State
	// Message is what a blocked chat is waiting on or a failed turn's
	// headline (KindState), or the ping's text (KindPing).
	Message string
	// Session is the chat's current session (zero when none).
	Session Session
	// Meta holds every current fact (KindMeta; read-only).
	Meta []Fact
	// Agents holds every sub-agent of the session, as a backend gets it
	// (KindAgents; read-only, and valid only during the Report call: a
	// backend that keeps it copies it). A Machine's report holds only the
	// sub-agents that changed; the Reporter keeps each backend's whole
	// list, off the chat's goroutine.
	Agents []SubAgent
	// Repeat is set when the reporter re-sends a report the backend has
	// already delivered (a keep-alive). A backend that skips unchanged
	// states must send a Repeat anyway.
	Repeat bool
}
