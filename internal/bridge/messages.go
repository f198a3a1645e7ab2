package bridge

import "github.com/hostbridge/hostbridge/internal/core"

// The messages an app sends, from its Update (as the Msg of a tea.Cmd) or
// with Program.Send, to say what the chat is doing. The wrapped model sees
// each of them too: hostbridge only watches them on the way through.
//
// Each one leads to a state every host is told (see the package doc's host
// table); sending the same state twice tells nobody anything new.

// TurnStarted says a turn is running: the model is answering or a tool
// runs. Hosts show "working".
type TurnStarted struct{}

// ApprovalNeeded says the model needs you: a tool wants to do something and
// waits for approval, or the model asked a question. Hosts show "blocked";
// an unfocused terminal gets an attention ping with Summary().
type ApprovalNeeded struct {
	// Tool is the tool that wants to act ("shell").
	Tool string
	// Action is what it wants to do ("git push").
	Action string
	// Question is the question asked, when the model asks rather than a
	// tool. It wins over Tool and Action.
	Question string
}

// Summary is the one line hosts show for the request: the question, or
// "approve <tool>: <action>". Tool and Action are cut to what a host can
// show before they are joined: a 10 MB action costs what a short one does.
func (a ApprovalNeeded) Summary() string {
	tool, action := summaryPart(a.Tool), summaryPart(a.Action)
	switch {
	case a.Question != "":
		return a.Question
	case tool != "" && action != "":
		return "approve " + tool + ": " + action
	case tool != "":
		return "approve " + tool
	case action != "":
		return "approve: " + action
	}
	return "approval needed"
}

// summaryPart cuts s to the bytes core.Clean reads of a message anyway; a
// rune cut in two is invalid UTF-8, which Clean drops.
func summaryPart(s string) string {
	return s[:min(len(s), core.Window+4*core.MaxMessage)]
}

// TurnFailed says the last turn failed. Hosts show "failed" (herdr shows
// idle: the pane is yours again); an unfocused terminal gets the headline as
// a ping.
type TurnFailed struct {
	// Headline is the error in one line ("Error: rate limited").
	Headline string
}

// Idle says it is your move: the turn ended with Reply. An unfocused
// terminal gets the reply's first words as a ping when a turn was running.
type Idle struct {
	Reply string
}

// SessionSaved says the chat saved its session, or switched to another one
// (Switched). Hosts that list sessions are told its id and directory.
type SessionSaved struct {
	// ID is the session's id.
	ID string
	// Dir is the session's bundle directory, absolute.
	Dir string
	// Switched is set when the chat now writes into another session, not
	// just a saved copy of the same one.
	Switched bool
}

// MetaChanged says one of the facts shown beside the chat changed. An
// empty field is a fact that went away and is removed from the host.
type MetaChanged struct {
	Model   string // the session's model
	Context string // how full the context is, as the prompt's status shows it
	Cost    string // what the session has cost, when it has a price
}

// SubAgentStarted says a sub-agent (a child task) started.
type SubAgentStarted struct {
	// ID identifies the sub-agent within the session.
	ID string
	// Type is its kind, model and engine ("explore · Sonnet 5.5 · claude").
	Type string
	// Task is what it was asked.
	Task string
}

// SubAgentProgressed says a sub-agent runs a tool.
type SubAgentProgressed struct {
	ID   string
	Tool string
}

// SubAgentWaiting says a sub-agent waits on an approval or a question; On
// says what ("Allow shell"). With WithSubAgentsBlock(true) it
// holds the chat blocked with "<task>: <on>".
type SubAgentWaiting struct {
	ID string
	On string
}

// SubAgentEnded says a sub-agent ended: done with Result as its answer, or
// failed with Err, or Stopped.
type SubAgentEnded struct {
	ID      string
	Result  string
	Err     string
	Stopped bool
}
