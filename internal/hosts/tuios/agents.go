package tuios

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"slices"

	"github.com/hostbridge/hostbridge/host"
)

// Activity events a Backend sends.
const (
	EventSessionStart  = "session_start"
	EventSubagentStart = "subagent_start"
	EventSubagentStop  = "subagent_stop"
)

// maxAgentID is the longest agent_id a Backend sends as it is.
const maxAgentID = 64

// maxSessionID is tuios's cap on agent_session_id, in bytes.
const maxSessionID = 256

// sentAgent is what tuios was last told about one sub-agent.
type sentAgent struct {
	typ, task, tool string
	ended           bool
	status          host.AgentStatus
	result          string
}

type activityParams struct {
	Session        string   `json:"session"`
	Window         string   `json:"window"`
	Harness        string   `json:"harness"`
	AgentSessionID string   `json:"agent_session_id,omitempty"`
	Activity       activity `json:"activity"`
}

type activity struct {
	Event     string `json:"event"`
	AgentID   string `json:"agent_id,omitempty"`
	AgentType string `json:"agent_type,omitempty"`
	Target    string `json:"target,omitempty"`
	Tool      string `json:"tool,omitempty"`
	Text      string `json:"text,omitempty"`
	OK        *bool  `json:"ok,omitempty"`
}

// AgentID turns a sub-agent's id into one tuios accepts: the id itself when
// it is 1–64 of [A-Za-z0-9_.:@-], else "h-" and a hash of it, so a start
// and its stop always name the same child.
func AgentID(id string) string {
	ok := id != "" && len(id) <= maxAgentID
	for i := 0; ok && i < len(id); i++ {
		c := id[i]
		ok = c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' ||
			c == '_' || c == '.' || c == ':' || c == '@' || c == '-'
	}
	if ok {
		return id
	}
	sum := sha256.Sum256([]byte(id))
	return "h-" + hex.EncodeToString(sum[:12])
}

// sessionID cuts id to tuios's cap on a rune boundary.
func sessionID(id string) string {
	if len(id) <= maxSessionID {
		return id
	}
	n := 0
	for i := range id {
		if i > maxSessionID {
			break
		}
		n = i
	}
	return id[:n]
}

func (b *Backend) reportAgents(ctx context.Context, r host.Report) error {
	if b.actSent && b.actSess == "" && len(b.agents) == 0 {
		// The session got its id after the first report (a chat saved
		// for the first time): nothing was listed under the empty one, so
		// this is no switch.
		b.actSess = r.Session.ID
	}
	if !b.actSent || r.Session.ID != b.actSess {
		why := "startup" // the process's first
		if b.actSent {
			why = "switch"
		}
		if err := b.activity(ctx, r, activity{Event: EventSessionStart, Text: why}); err != nil {
			return err
		}
		b.actSent, b.actSess = true, r.Session.ID
		clear(b.agents)
	}
	seen := map[string]bool{}
	for _, a := range r.Agents {
		id := AgentID(a.ID)
		seen[id] = true
		want := sentAgent{typ: a.Type, task: a.Task, tool: a.Tool, ended: a.Status.Ended(), status: a.Status, result: a.Result}
		if err := b.moveAgent(ctx, r, id, want); err != nil {
			return err
		}
	}
	// A child that left the list while running is stopped (the Machine
	// already reports it so once; this covers a list that just drops it).
	var gone []string
	for id := range b.agents {
		if !seen[id] {
			gone = append(gone, id)
		}
	}
	slices.Sort(gone)
	for _, id := range gone {
		have := b.agents[id]
		if !have.ended {
			have.ended, have.status, have.result = true, host.AgentStopped, ""
			if err := b.moveAgent(ctx, r, id, have); err != nil {
				return err
			}
		}
		delete(b.agents, id)
	}
	return nil
}

// moveAgent sends what takes one sub-agent from what tuios was told to
// want, recording each event as it is delivered.
func (b *Backend) moveAgent(ctx context.Context, r host.Report, id string, want sentAgent) error {
	have, known := b.agents[id]
	if known && have == want {
		return nil
	}
	running := known && !have.ended
	if known && have.ended && want.ended {
		// Ended, and ended still: a changed tool or type is no news, and a
		// start would show the child running again. Only a different end
		// (done, failed, stopped, or its text) is sent.
		if have.status == want.status && have.result == want.result {
			b.agents[id] = want
			return nil
		}
	} else if !running || have.typ != want.typ || have.task != want.task || have.tool != want.tool {
		if !want.ended || !running {
			start := activity{Event: EventSubagentStart, AgentID: id, AgentType: want.typ, Target: want.task, Tool: want.tool}
			if err := b.activity(ctx, r, start); err != nil {
				return err
			}
			b.agents[id] = sentAgent{typ: want.typ, task: want.task, tool: want.tool}
		}
	}
	if !want.ended {
		b.agents[id] = want // a waiting child reads as running in tuios
		return nil
	}
	stop := activity{Event: EventSubagentStop, AgentID: id, AgentType: want.typ, Text: want.result}
	switch want.status {
	case host.AgentDone:
		stop.OK = new(true)
	case host.AgentFailed:
		stop.OK = new(false)
	default:
		stop.Text = "" // stopped: neither an answer nor an error
	}
	if err := b.activity(ctx, r, stop); err != nil {
		return err
	}
	b.agents[id] = want
	return nil
}

func (b *Backend) activity(ctx context.Context, r host.Report, a activity) error {
	return b.send(ctx, VerbReportAgent, activityParams{
		Session: b.session, Window: b.window, Harness: b.cfg.Agent,
		AgentSessionID: sessionID(r.Session.ID), Activity: a,
	})
}

// clearAgents makes tuios forget the chat's children, for an exit that
// does not send state none.
func (b *Backend) clearAgents(ctx context.Context) error {
	if !b.actSent || len(b.agents) == 0 {
		return nil
	}
	err := b.activity(ctx, host.Report{Session: host.Session{ID: b.actSess}},
		activity{Event: EventSessionStart, Text: "exit"})
	if err == nil {
		clear(b.agents)
	}
	return err
}
