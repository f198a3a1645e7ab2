package tuios

import (
	"context"
	"crypto/sha256"
	"encoding/hex"
	"maps"
	"slices"
	"strings"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/settings"
)

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

// agentID is a sub-agent's id as tuios takes it: itself when it is 1-64 of
// [A-Za-z0-9_.:@-], else "h-" and its hash, the same for a start and its stop.
func agentID(id string) string {
	keep := func(r rune) bool { return settings.Alnum(r) || strings.ContainsRune("_.:@-", r) }
	if settings.ValidName(id, keep, 64) {
		return id
	}
	sum := sha256.Sum256([]byte(id))
	return "h-" + hex.EncodeToString(sum[:12])
}

// tuiosSessionID cuts id to tuios's cap of 256 bytes; the Machine's text
// is valid UTF-8, so what is invalid after the cut is the cut rune.
func tuiosSessionID(id string) string {
	if len(id) <= 256 {
		return id
	}
	return strings.ToValidUTF8(id[:256], "")
}

// reportAgents sends one sub-agent event per report-agent-activity: session_start
// (the process's first report but an exit, "startup", or a new session id,
// "switch") makes tuios forget the children it had, from a crash or a restart;
// subagent_start and subagent_stop follow the list (moveAgent). Each event
// names the harness and the session, so a child is never put on another agent.
func (b *Backend) reportAgents(ctx context.Context, r host.Report) error {
	if b.actSent && b.actSess == "" && len(b.agents) == 0 {
		// The session got its id after the first report (a chat saved for the
		// first time): nothing was listed under the empty one, so no switch.
		b.actSess = r.Session.ID
	}
	if !b.actSent || r.Session.ID != b.actSess {
		why := "startup" // the process's first
		if b.actSent {
			why = "switch"
		}
		if err := b.activity(ctx, r, activity{Event: "session_start", Text: why}); err != nil {
			return err
		}
		b.actSent, b.actSess = true, r.Session.ID
		clear(b.agents)
	}
	seen := map[string]bool{}
	for _, a := range r.Agents {
		id := agentID(a.ID)
		seen[id] = true
		if err := b.moveAgent(ctx, r, id, a); err != nil {
			return err
		}
	}
	// A child that left the list while running is stopped (the Machine
	// already reports it so once; this covers a list that just drops it).
	for _, id := range slices.Sorted(maps.Keys(b.agents)) {
		if seen[id] {
			continue
		}
		if have := b.agents[id]; !have.Status.Ended() {
			have.Status, have.Result = host.AgentStopped, ""
			if err := b.moveAgent(ctx, r, id, have); err != nil {
				return err
			}
		}
		delete(b.agents, id)
	}
	return nil
}

// moveAgent sends the events that take one sub-agent from what tuios was
// told to want: a start when it is new, runs again or runs changed; a stop
// when it ended, unless tuios has that end already (a start would show it
// running again).
func (b *Backend) moveAgent(ctx context.Context, r host.Report, id string, want host.SubAgent) error {
	have, known := b.agents[id]
	changed := have.Type != want.Type || have.Task != want.Task || have.Tool != want.Tool
	if !known || !want.Status.Ended() && (have.Status.Ended() || changed) {
		start := activity{Event: "subagent_start", AgentID: id, AgentType: want.Type, Target: want.Task, Tool: want.Tool}
		if err := b.activity(ctx, r, start); err != nil {
			return err
		}
		have = host.SubAgent{Type: want.Type, Task: want.Task, Tool: want.Tool}
		b.agents[id] = have
	}
	if want.Status.Ended() && (have.Status != want.Status || have.Result != want.Result) {
		stop := activity{Event: "subagent_stop", AgentID: id, AgentType: want.Type, Text: want.Result}
		switch ok := want.Status == host.AgentDone; want.Status {
		case host.AgentDone, host.AgentFailed:
			stop.OK = &ok
		default:
			stop.Text = "" // stopped: neither an answer nor an error
		}
		if err := b.activity(ctx, r, stop); err != nil {
			return err
		}
	}
	b.agents[id] = want // a waiting child reads as running in tuios
	return nil
}

func (b *Backend) activity(ctx context.Context, r host.Report, a activity) error {
	return b.send(ctx, verbActivity, activityParams{
		Session: b.session, Window: b.pane, Harness: b.harness,
		AgentSessionID: tuiosSessionID(r.Session.ID), Activity: a,
	})
}

// clearAgents makes tuios forget the chat's children, for an exit without none.
func (b *Backend) clearAgents(ctx context.Context) error {
	if !b.actSent || len(b.agents) == 0 {
		return nil
	}
	err := b.activity(ctx, host.Report{Session: host.Session{ID: b.actSess}},
		activity{Event: "session_start", Text: "exit"})
	if err == nil {
		clear(b.agents)
	}
	return err
}
