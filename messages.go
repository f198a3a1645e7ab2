package hostbridge

import "github.com/hostbridge/hostbridge/bridge"

// The messages alias package bridge's, shared with teav2; each doc shows
// the fields, which go doc does not show for an alias.

// TurnStarted says a turn is running: hosts show "working". After an
// approval is granted, send it again: the turn goes on.
//
//	type TurnStarted struct{}
type TurnStarted = bridge.TurnStarted

// ApprovalNeeded says the model needs you: a tool waits for approval
// ("shell", "git push"), or the model asked a Question, which wins. Hosts
// show "blocked"; an unfocused terminal gets a ping with its Summary
// ("approve shell: git push"). Once answered, send TurnStarted (granted)
// or Idle (denied).
//
//	type ApprovalNeeded struct {
//		Tool     string // the tool that wants to act ("shell")
//		Action   string // what it wants to do ("git push")
//		Question string // asked by the model; wins over Tool and Action
//	}
type ApprovalNeeded = bridge.ApprovalNeeded

// TurnFailed says the last turn failed: hosts show the failure; an
// unfocused terminal gets the Headline as a ping.
//
//	type TurnFailed struct {
//		Headline string // one line: "Error: rate limited"
//	}
type TurnFailed = bridge.TurnFailed

// Idle says it is your move. When a turn was running, an unfocused
// terminal gets the Reply's first words as a ping.
//
//	type Idle struct {
//		Reply string // the turn's answer, if any
//	}
type Idle = bridge.Idle

// SessionSaved says the chat saved its session, or switched to another
// (Switched); hosts that list sessions (herdr) are told.
//
//	type SessionSaved struct {
//		ID       string
//		Dir      string // the session's bundle directory, absolute
//		Switched bool   // the chat now writes into another session
//	}
type SessionSaved = bridge.SessionSaved

// MetaChanged says a fact shown beside the chat changed (tuios's rail;
// herdr's metadata with WithMetadata); an empty field is a fact that went
// away.
//
//	type MetaChanged struct {
//		Model   string // "Sonnet 5.5"
//		Context string // "42%"
//		Cost    string // "$0.12"
//	}
type MetaChanged = bridge.MetaChanged

// SubAgentStarted says a sub-agent started: its type and what it was
// asked.
//
//	type SubAgentStarted struct {
//		ID   string
//		Type string // kind, model and engine: "explore · Sonnet 5.5 · claude"
//		Task string
//	}
type SubAgentStarted = bridge.SubAgentStarted

// SubAgentProgressed says a sub-agent runs a tool.
//
//	type SubAgentProgressed struct {
//		ID   string
//		Tool string
//	}
type SubAgentProgressed = bridge.SubAgentProgressed

// SubAgentWaiting says a sub-agent waits on an approval or a question
// ("Allow shell"); with WithSubAgentsBlock it holds the chat blocked with
// "<task>: <on>".
//
//	type SubAgentWaiting struct {
//		ID string
//		On string
//	}
type SubAgentWaiting = bridge.SubAgentWaiting

// SubAgentEnded says a sub-agent ended: done with Result, failed with
// Err, or Stopped.
//
//	type SubAgentEnded struct {
//		ID      string
//		Result  string // done
//		Err     string // failed
//		Stopped bool
//	}
type SubAgentEnded = bridge.SubAgentEnded
