package host

import "strconv"

// State is what the chat is doing, as every host is told it.
type State uint8

const (
	Unknown State = iota // before the chat reported anything
	Idle                 // your move: ready for input
	Working              // a turn runs
	Blocked              // the model needs you: an approval or a question
	Failed               // the last turn failed
)

var stateNames = [...]string{"unknown", "idle", "working", "blocked", "failed"}

func (s State) String() string { return name(stateNames[:], s, "State") }

// name is the String of a typed constant.
func name[T ~uint8](names []string, v T, typ string) string {
	if int(v) < len(names) && names[v] != "" {
		return names[v]
	}
	return typ + "(" + strconv.Itoa(int(v)) + ")"
}

// Kind says what a Report is about.
type Kind uint8

const (
	// KindState: the state changed (State, Message). A snapshot: a newer
	// one supersedes a queued one.
	KindState Kind = iota + 1
	// KindPing: the attention ping (Message), only when the user should be interrupted.
	KindPing
	// KindSession: the session started, was saved or switched (Session).
	KindSession
	// KindMeta: the facts beside the chat changed (Meta holds all). A snapshot.
	KindMeta
	// KindAgents: the sub-agents changed (Agents holds all). A snapshot.
	KindAgents
	// KindSuspend: another program has the terminal: hide what is drawn
	// there, keep the pane. The next KindState restores it.
	KindSuspend
	// KindExit: the chat exits: clear the bar, release the pane, remove
	// the row. Only a ping held back may come after it.
	KindExit
)

var kindNames = [...]string{"", "state", "ping", "session", "meta", "agents", "suspend", "exit"}

func (k Kind) String() string { return name(kindNames[:], k, "Kind") }

// Origin says why a session is reported.
type Origin uint8

const (
	OriginStartup  Origin = iota // the session the chat started with
	OriginSaved                  // saved
	OriginSwitched               // the chat switched to another session
)

var originNames = [...]string{"startup", "saved", "switched"}

func (o Origin) String() string { return name(originNames[:], o, "Origin") }

// Session is the session the chat writes into.
type Session struct {
	ID     string // empty when the chat has none
	Dir    string // its bundle directory, absolute, if any
	Resume string // the command that brings it back, if the app gave one
	Origin Origin
}

// Fact is one piece of metadata shown beside the chat ("model", "cost").
type Fact struct{ Name, Value string }

// AgentStatus is where a sub-agent is in its life.
type AgentStatus uint8

const (
	AgentRunning AgentStatus = iota
	AgentWaiting             // on an approval or a question
	AgentDone
	AgentFailed
	AgentStopped // stopped before it finished
)

var agentStatusNames = [...]string{"running", "waiting", "done", "failed", "stopped"}

func (a AgentStatus) String() string { return name(agentStatusNames[:], a, "AgentStatus") }

// Ended reports whether the sub-agent has finished, one way or another.
func (a AgentStatus) Ended() bool { return a >= AgentDone }

// SubAgent is one child task of the chat.
type SubAgent struct {
	ID      string
	Type    string // kind, model, engine: "explore · Sonnet 5.5 · claude"
	Task    string // what it was asked
	Tool    string // the tool it runs now, if any
	Status  AgentStatus
	Waiting string // what it waits on, while AgentWaiting ("Allow shell")
	Result  string // its answer's first line (done) or its error (failed)
}

// Report is one thing a backend is told. Its text is cleaned and bounded;
// a backend still encodes it for its protocol.
type Report struct {
	Kind  Kind
	State State // the chat's state when the report was made, whatever its kind
	// Message is what a blocked chat waits on or a failed turn's headline
	// (KindState), or the ping's text.
	Message string
	Session Session // the current session (zero when none)
	Meta    []Fact  // every current fact (KindMeta); read-only
	// Agents is every sub-agent of the session (KindAgents): read-only and
	// valid only during the Report call.
	Agents []SubAgent
	Repeat bool // the backend may have shown this already; send it anyway (see Backend)
}
