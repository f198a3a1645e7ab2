package bridge

import "github.com/hostbridge/hostbridge/internal/core"

// The messages an app sends to say what the chat does. Each frontend
// re-exports them as aliases, with their documentation.

type TurnStarted struct{}

type ApprovalNeeded struct {
	Tool     string // the tool that wants to act ("shell")
	Action   string // what it wants to do ("git push")
	Question string // asked by the model; wins over Tool and Action
}

// Summary is the one line hosts show for the request: the question, or
// "approve <tool>: <action>".
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

// summaryPart cuts s to what core.Clean reads of a message anyway, before
// the parts are joined: a 10 MB action costs what a short one does.
func summaryPart(s string) string {
	return s[:min(len(s), core.Window+4*core.MaxMessage)]
}

type TurnFailed struct{ Headline string }

type Idle struct{ Reply string }

type SessionSaved struct {
	ID       string
	Dir      string // absolute
	Switched bool   // the chat now writes into another session
}

// MetaChanged: an empty field is a fact that went away.
type MetaChanged struct{ Model, Context, Cost string }

type SubAgentStarted struct {
	ID   string
	Type string // kind, model and engine: "explore · Sonnet 5.5 · claude"
	Task string
}

type SubAgentProgressed struct{ ID, Tool string }

type SubAgentWaiting struct{ ID, On string }

type SubAgentEnded struct {
	ID      string
	Result  string // done
	Err     string // failed
	Stopped bool
}
