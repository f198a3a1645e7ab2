package hostbridge

import "github.com/hostbridge/hostbridge/bridge"

// The messages an app sends, as the Msg of a tea.Cmd (see Sequence for
// several in order) or with Program.Send, to say what the chat is doing.
// The wrapped model sees each of them too: hostbridge only watches them on
// the way through. They are the same types in every frontend (this
// package for Bubble Tea v1, teav2 for v2); their fields are documented in
// the README and with go doc on the names below.

// TurnStarted says a turn is running: hosts show "working".
type TurnStarted = bridge.TurnStarted

// ApprovalNeeded{Tool, Action, Question} says the model needs you: a tool
// waits for approval ("shell", "git push"), or the model asked a Question,
// which wins. Hosts show "blocked"; an unfocused terminal gets a ping with
// its Summary ("approve shell: git push").
type ApprovalNeeded = bridge.ApprovalNeeded

// TurnFailed{Headline} says the last turn failed ("Error: rate limited"):
// hosts show the failure; an unfocused terminal gets the headline as a
// ping.
type TurnFailed = bridge.TurnFailed

// Idle{Reply} says it is your move. When a turn was running, an unfocused
// terminal gets the reply's first words as a ping.
type Idle = bridge.Idle

// SessionSaved{ID, Dir, Switched} says the chat saved its session, or
// switched to another (Switched); Dir is the bundle directory, absolute.
type SessionSaved = bridge.SessionSaved

// MetaChanged{Model, Context, Cost} says a fact shown beside the chat
// changed; an empty field is a fact that went away.
type MetaChanged = bridge.MetaChanged

// SubAgentStarted{ID, Type, Task} says a sub-agent started: its type
// ("explore · Sonnet 5.5 · claude") and what it was asked.
type SubAgentStarted = bridge.SubAgentStarted

// SubAgentProgressed{ID, Tool} says a sub-agent runs a tool.
type SubAgentProgressed = bridge.SubAgentProgressed

// SubAgentWaiting{ID, On} says a sub-agent waits on an approval or a
// question ("Allow shell"); with WithSubAgentsBlock it holds the chat
// blocked with "<task>: <on>".
type SubAgentWaiting = bridge.SubAgentWaiting

// SubAgentEnded{ID, Result, Err, Stopped} says a sub-agent ended: done with
// Result, failed with Err, or Stopped.
type SubAgentEnded = bridge.SubAgentEnded
