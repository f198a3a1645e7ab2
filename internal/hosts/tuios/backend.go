package tuios

import (
	"context"
	"errors"
	"fmt"
	"sync"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/core"
)

// Verbs a Backend sends.
const (
	VerbSetAgentState = "set-agent-state"
	VerbSetAgentMeta  = "set-agent-meta"
	VerbReportAgent   = "report-agent-activity"
)

// Backend reports to one tuios pane over the daemon's socket. It
// implements host.Backend and host.Closer. Report and Close may be called
// from any goroutine; calls are serialised.
type Backend struct {
	cfg             Config
	session, window string

	mu     sync.Mutex
	conn   *client
	lacks  map[string]bool // verbs this tuios answered unknown_verb to
	exited bool

	// turned is set once a turn has run (any state but Idle was reported):
	// from then on the chat's Idle is tuios's done, as its own Claude Code
	// integration reports a turn that ended (integrations/claude-code/
	// tuios-agent-state.sh, Stop -> done); idle is only "ready, no turn yet".
	turned bool

	// What tuios was last told, so only changes are sent.
	stateSent bool
	state     string
	message   string
	meta      map[string]string
	agents    map[string]sentAgent
	actSent   bool   // a session_start went out in this process
	actSess   string // the session it was for
}

var (
	_ host.Backend = (*Backend)(nil)
	_ host.Closer  = (*Backend)(nil)
)

// Name implements host.Backend.
func (b *Backend) Name() string { return "tuios" }

// Report implements host.Backend.
func (b *Backend) Report(ctx context.Context, r host.Report) error {
	b.mu.Lock()
	defer b.mu.Unlock()
	if b.exited {
		return nil
	}
	if !b.actSent && r.Kind != host.KindAgents && r.Kind != host.KindExit {
		// A new process's first report starts with session_start, so tuios
		// forgets the sub-agents a killed or restarted predecessor left in
		// the pane. Best effort: the report itself goes on whatever happens
		// here, and a tuios without the verb is asked once.
		_ = b.reportAgents(ctx, host.Report{Session: r.Session})
	}
	var err error
	switch r.Kind {
	case host.KindState:
		err = b.reportState(ctx, r)
	case host.KindMeta:
		err = b.reportMeta(ctx, r)
	case host.KindAgents:
		err = b.reportAgents(ctx, r)
	case host.KindExit:
		err = b.exit(ctx)
	}
	// Pings, sessions and suspends are not tuios's: tuios raises its own
	// alert for needs_input, errored and done (see the package doc).
	return err
}

// Close implements host.Closer: it closes the connection. It is
// idempotent.
func (b *Backend) Close() error {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.conn.Close()
}

// stateNames maps a chat state to tuios's agent state (docs/AGENT_STATE.md
// in tuios, main 6037a8a). Idle after a turn is "done" (see turned).
var stateNames = [...]string{
	host.Idle:    "idle",
	host.Working: "working",
	host.Blocked: "needs_input",
	host.Failed:  "errored",
}

type stateParams struct {
	Session string `json:"session"`
	Window  string `json:"window"`
	State   string `json:"state"`
	Message string `json:"message,omitempty"`
	Harness string `json:"harness"`
}

func (b *Backend) reportState(ctx context.Context, r host.Report) error {
	if b.cfg.NoStates || int(r.State) >= len(stateNames) || stateNames[r.State] == "" {
		return nil
	}
	state, msg := stateNames[r.State], ""
	switch r.State {
	case host.Blocked, host.Failed:
		// tuios takes a message with every state (set-agent-state's
		// "message", verb_handlers.go): what the chat waits on, or the
		// failed turn's headline beside errored.
		msg = core.Clean(r.Message, core.MaxMessage)
	case host.Idle:
		if b.turned {
			state = "done"
		}
	}
	b.turned = b.turned || r.State != host.Idle
	if b.stateSent && !r.Repeat && state == b.state && msg == b.message {
		return nil
	}
	if err := b.send(ctx, VerbSetAgentState, stateParams{
		Session: b.session, Window: b.window, State: state, Message: msg, Harness: b.cfg.Agent,
	}); err != nil {
		b.stateSent = false // tuios may have applied it before the answer was lost
		return err
	}
	b.stateSent, b.state, b.message = true, state, msg
	return nil
}

// exit hands the pane back: state none, which makes tuios drop the pane's
// facts and sub-agents too. It closes the connection whatever happens.
func (b *Backend) exit(ctx context.Context) error {
	b.exited = true
	defer b.conn.Close()
	var errs []error
	if b.cfg.NoStates {
		errs = append(errs, ignoreLacks(b.clearMeta(ctx)), ignoreLacks(b.clearAgents(ctx)))
	} else {
		errs = append(errs, ignoreLacks(b.send(ctx, VerbSetAgentState, stateParams{
			Session: b.session, Window: b.window, State: "none", Harness: b.cfg.Agent,
		})))
	}
	b.stateSent, b.meta, b.agents = false, map[string]string{}, map[string]sentAgent{}
	return errors.Join(errs...)
}

// send makes one request. A verb tuios answered unknown_verb to is not
// sent again, and that answer is not an error: see the package doc.
func (b *Backend) send(ctx context.Context, verb string, params any) error {
	if b.lacks[verb] {
		return errLacks
	}
	_, err := b.conn.call(ctx, verb, params)
	if errors.Is(err, ErrUnknownVerb) {
		b.lacks[verb] = true
		b.cfg.Logger.Debug("tuios: this tuios lacks a verb; not sending it again", "verb", verb)
		return errLacks
	}
	return err
}

// errLacks is what send returns for a verb tuios lacks: the report is
// dropped (host.ErrDropped), not failed, and never tried again.
var errLacks = fmt.Errorf("tuios: verb not supported by this tuios: %w", host.ErrDropped)

func ignoreLacks(err error) error {
	if errors.Is(err, errLacks) {
		return nil
	}
	return err
}
