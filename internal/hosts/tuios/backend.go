package tuios

import (
	"context"
	"errors"
	"slices"
	"strconv"
	"strings"
	"time"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/hosts/hostio"
	"github.com/hostbridge/hostbridge/internal/settings"
)

// The verbs tuios's daemon takes. It refuses a parameter it does not know
// (invalid_params), so set-agent-state has no source: its default,
// "report", ranks highest, and a build from before sources would refuse
// it. set-agent-meta and report-agent-activity are in no public tuios
// build: answered unknown_verb, each is dropped for the run.
// Gaurav-Gosain/tuios@6037a8a internal/session/verb_protocol.go, internal/session/verb_compat.go
const (
	verbState    = "set-agent-state"
	verbMeta     = "set-agent-meta"
	verbActivity = "report-agent-activity"
)

// tuiosStates maps the states as tuios's Claude Code integration does
// (Stop -> done): idle is "no turn yet", after a turn Idle is done.
// Gaurav-Gosain/tuios@6037a8a integrations/claude-code/tuios-agent-state.sh, docs/AGENT_STATE.md
// done, needs_input and errored raise tuios's own alert (coordination.go in the registry).
var tuiosStates = map[host.State]string{
	host.Idle:    "idle",
	host.Working: "working",
	host.Blocked: "needs_input",
	host.Failed:  "errored",
}

type stateParams struct {
	Session string `json:"session"`
	Window  string `json:"window"` // without it tuios marks the focused pane
	State   string `json:"state"`
	Message string `json:"message,omitempty"`
	Harness string `json:"harness"`
}

type metaParams struct {
	Session string        `json:"session"`
	Window  string        `json:"window"`
	Source  string        `json:"source"`
	Tokens  hostio.Tokens `json:"tokens,omitempty"` // a null value removes the key
	Clear   bool          `json:"clear,omitempty"`
}

// Backend reports to a tuios pane on one kept connection to the
// daemon; each request names the session (may hold blanks) and window.
type Backend struct {
	c              settings.Settings
	session, pane  string
	noStates       bool // the states go over herdr's API: the exit clears facts and sub-agents itself
	client         hostio.LineClient
	refused        hostio.Refusals
	id             uint64
	exited, turned bool                     // turned: a turn has run, so Idle is done
	meta           map[string]string        // the facts tuios holds
	agents         map[string]host.SubAgent // what tuios was last told of each, by agentID
	actSent        bool                     // a session_start went out in this process
	actSess        string                   // the session it was for
	harness        string                   // Agent as tuios's rail shows it whole
	stall          time.Duration
	ended          time.Time // when tuios took a done or errored it still shows
	now            func() time.Time
}

var (
	_ host.Closer    = (*Backend)(nil)
	_ host.Refresher = (*Backend)(nil)
)

// tuiosSettle is how long tuios holds a done or errored alert, dropped if the
// pane leaves the state first (settle_seconds):
// Gaurav-Gosain/tuios@6037a8a internal/config/agent_alerts.go
const tuiosSettle = 2 * time.Second

// New makes the backend for pane p. With p.HerdrAPI the states go over
// herdr's API (room herdr's backend, made beside this one by the registry)
// and this one sends the rail facts and the sub-agents. Nothing is checked
// again here: bridge validated c (the agent) and detection p (hostio.Env's
// ID and Socket; an unusable pane is never built).
func New(c settings.Settings, p Pane) *Backend {
	return &Backend{
		c: c, session: p.Session, pane: p.Window, noStates: p.HerdrAPI,
		client:  hostio.LineClient{Host: "tuios", Path: p.Socket, OpField: "verb", Keep: true, Log: c.Logger},
		refused: hostio.Refusals{Host: "tuios", Log: c.Logger},
		meta:    map[string]string{},
		agents:  map[string]host.SubAgent{},
		// tuios's rail shows a harness id up to its first '-': each is U+2011.
		// Gaurav-Gosain/tuios@6037a8a internal/app/render_sidebar.go sidebarHarnessLabel
		harness: strings.ReplaceAll(c.Agent, "-", "\u2011"),
		stall:   tuiosStall(p.Stall),
		now:     time.Now,
	}
}

// tuiosStall is the silence after which tuios's daemon demotes working to
// idle, read as it does (a pane has the daemon's environment; detection read
// it through the settings' Getenv): 0 or less off, 30 s default.
// Gaurav-Gosain/tuios@6037a8a internal/session/daemon.go resolveAgentStallTimeout
func tuiosStall(v string) time.Duration {
	n, err := strconv.Atoi(strings.TrimSpace(v))
	if err != nil {
		return 30 * time.Second
	}
	return time.Duration(max(n, 0)) * time.Second
}

// Refresh re-sends working within half the stall window: a set-agent-state
// restamps the state time the stall clock starts from. No other state is demoted.
// Gaurav-Gosain/tuios@6037a8a internal/session/agent_state.go ApplyAgentReport, stalledAt
func (b *Backend) Refresh(s host.State) time.Duration {
	if s != host.Working || b.noStates {
		return 0
	}
	return b.stall / 2
}

func (b *Backend) Name() string { return "tuios" }

func (b *Backend) Close() error { return b.client.Close() }

func (b *Backend) Report(ctx context.Context, r host.Report) error {
	if b.exited {
		return nil
	}
	if !b.actSent && r.Kind != host.KindAgents && r.Kind != host.KindExit {
		// Best effort: tuios forgets the sub-agents a killed predecessor left.
		_ = b.reportAgents(ctx, host.Report{Session: r.Session})
	}
	switch r.Kind {
	case host.KindState:
		return b.reportState(ctx, r)
	case host.KindMeta:
		return b.reportMeta(ctx, r)
	case host.KindAgents:
		return b.reportAgents(ctx, r)
	case host.KindExit:
		return b.exit(ctx)
	}
	return nil
}

func (b *Backend) reportState(ctx context.Context, r host.Report) error {
	state, ok := tuiosStates[r.State]
	if b.noStates || !ok {
		return nil
	}
	msg := ""
	switch {
	case r.State == host.Blocked || r.State == host.Failed:
		msg = r.Message // what the chat waits on, or the failed turn's headline
	case r.State == host.Idle && b.turned:
		state = "done"
	}
	b.turned = b.turned || r.State != host.Idle
	err := b.send(ctx, verbState, stateParams{
		Session: b.session, Window: b.pane, State: state, Message: msg, Harness: b.harness,
	})
	b.ended = time.Time{}
	if err == nil && (state == "done" || state == "errored") {
		b.ended = b.now()
	}
	return err
}

// reportMeta sends the facts that changed; one gone is sent null, removing it.
func (b *Backend) reportMeta(ctx context.Context, r host.Report) error {
	want := hostio.WantTokens(nil, r.Meta, metaKey, 0, 0)
	return hostio.SyncTokens(b.meta, want, r.Repeat, func(c hostio.Tokens) error {
		return b.send(ctx, verbMeta, metaParams{Session: b.session, Window: b.pane, Source: b.harness, Tokens: c})
	})
}

// exit hands the pane back: state none, with which tuios drops the pane's facts,
// sub-agents and attribution too. With NoStates, or a done or errored tuios took
// less than tuiosSettle ago (a none would drop its alert unseen), it clears those.
func (b *Backend) exit(ctx context.Context) error {
	b.exited = true
	defer b.client.Close()
	if !b.noStates && (b.ended.IsZero() || b.now().Sub(b.ended) >= tuiosSettle) {
		return hostio.IgnoreDropped(b.send(ctx, verbState, stateParams{
			// No harness: tuios keeps the one a none names, attributing the pane to an agent that left.
			// Gaurav-Gosain/tuios@6037a8a internal/session/agent_state.go harnessAfterReport
			Session: b.session, Window: b.pane, State: "none",
		}))
	}
	var err error
	if len(b.meta) > 0 {
		err = hostio.IgnoreDropped(b.send(ctx, verbMeta, metaParams{
			Session: b.session, Window: b.pane, Source: b.harness, Clear: true,
		}))
	}
	return errors.Join(err, hostio.IgnoreDropped(b.clearAgents(ctx)))
}

// send makes one request; a verb answered unknown_verb is not sent again.
func (b *Backend) send(ctx context.Context, verb string, params any) error {
	if err := b.refused.Before(verb); err != nil {
		return err
	}
	b.id++
	_, err := b.client.Call(ctx, verb, b.id, params, "")
	if hostio.HasCode(err, "unknown_verb") {
		return b.refused.Note(verb, err)
	}
	return err
}

// metaKey is a fact's name as a key tuios takes: 1-24 of [a-z0-9_-] from a
// letter (lower-cased); "" without a letter and for tuios's own keys.
func metaKey(name string) string {
	name = strings.TrimLeftFunc(strings.ToLower(name), func(r rune) bool { return r < 'a' || r > 'z' })
	k := hostio.Sanitize(name, func(r rune) bool { return r >= 'a' && r <= 'z' || r >= '0' && r <= '9' || r == '_' || r == '-' }, 24)
	if slices.Contains([]string{"now", "prompt", "subagents"}, k) {
		return ""
	}
	return k
}
