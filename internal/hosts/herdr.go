package hosts

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"path/filepath"
	"strings"
	"time"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/core"
)

// herdrConfig says where the pane is and how the chat shows in it.
type herdrConfig struct {
	Socket string // HERDR_SOCKET_PATH; required unless CLI
	Pane   string // HERDR_PANE_ID
	Bin    string // HERDR_BIN_PATH for CLI; "" runs "herdr" from PATH
	Agent  string
	// Source orders reports per source and pane in herdr: 1-80 of
	// [A-Za-z0-9:._-]; default "custom:<agent>", herdr's convention for
	// third-party reporters.
	Source string
	// CLI runs the herdr binary per request, as herdr's own hooks do on
	// Windows, where herdr listens on a named pipe.
	CLI bool
	// The reference behaviours: what a blocked chat waits on as the
	// message, the session with every state, facts as sidebar tokens.
	BlockedMessage, SessionInReports, Metadata bool
	Now                                        func() time.Time // for seq
	Logger                                     *slog.Logger
}

// herdr caps.
const (
	maxSource     = 80
	maxAgent      = 64
	maxTokenValue = 80 // herdr shows at most 80 characters
	resumeToken   = "resume"
)

// herdrBackend reports to one herdr pane (herdr 0.8.0, protocol 20):
//
//	Working, Blocked, Idle    pane.report_agent working, blocked (+ message), idle
//	Failed                    pane.report_metadata state_labels done,idle = "failed", then idle
//	after a failure           the state, then pane.report_metadata clear_state_labels
//	session                   pane.report_agent_session
//	facts, resume command     pane.report_metadata tokens
//	exit                      the tokens and labels cleared, pane.release_agent
//
// Pings, suspends and sub-agents are not herdr's: herdr does not forward a
// pane's OSC 9 and words its notifications from the state.
type herdrBackend struct {
	cfg    herdrConfig
	seq    *sequence
	client lineClient

	tokens  map[string]string // the tokens herdr holds from us
	facts   []host.Fact       // the latest facts, for a session report's tokens
	labels  labels
	refused refusals
}

var _ host.Backend = (*herdrBackend)(nil)

func newHerdr(c herdrConfig) (*herdrBackend, error) {
	switch {
	case !validAgent(c.Agent, maxAgent):
		return nil, fmt.Errorf("herdr: %w: agent name %q: want 1-%d printable characters on one line", ErrConfig, c.Agent, maxAgent)
	case c.Pane == "" || core.Clean(c.Pane, 0) != c.Pane || len(c.Pane) > maxID:
		return nil, fmt.Errorf("herdr: %w: pane id %q (HERDR_PANE_ID): want printable text on one line", ErrConfig, c.Pane)
	case c.Source != "" && !validSource(c.Source):
		return nil, fmt.Errorf("herdr: %w: source %q: want 1-%d of [A-Za-z0-9:._-]", ErrConfig, c.Source, maxSource)
	case !c.CLI && c.Socket == "":
		return nil, fmt.Errorf("herdr: %w: socket path is required (HERDR_SOCKET_PATH)", ErrConfig)
	case strings.ContainsRune(c.Socket, 0) || strings.ContainsRune(c.Bin, 0):
		return nil, fmt.Errorf("herdr: %w: socket or binary path contains NUL", ErrConfig)
	}
	if c.Source == "" {
		c.Source = defaultSource(c.Agent)
	}
	if c.Now == nil {
		c.Now = time.Now
	}
	c.Logger = orDiscard(c.Logger)
	return &herdrBackend{
		cfg:     c,
		seq:     &processSeq,
		client:  lineClient{host: "herdr", path: c.Socket, opField: "method", dial: dialUnix, log: c.Logger},
		tokens:  map[string]string{},
		refused: refusals{host: "herdr", log: c.Logger},
	}, nil
}

func (b *herdrBackend) Name() string { return "herdr" }

func (b *herdrBackend) Report(ctx context.Context, r host.Report) error {
	switch r.Kind {
	case host.KindState:
		return b.reportState(ctx, r)
	case host.KindSession:
		err := b.reportSession(ctx, r)
		if err != nil && !errors.Is(err, host.ErrDropped) {
			return err // herdr unreachable: tried again, the tokens with it
		}
		if terr := ignoreDropped(b.syncTokens(ctx, r, false)); terr != nil {
			return terr
		}
		return err
	case host.KindMeta:
		b.facts = r.Meta
		return b.syncTokens(ctx, r, r.Repeat)
	case host.KindExit:
		return b.release(ctx)
	}
	return nil
}

// herdrState maps the chat's state to herdr's; "" sends nothing. herdr has
// no failed state: a failed turn is idle, with the failure labels.
func herdrState(s host.State) string {
	switch s {
	case host.Working:
		return "working"
	case host.Blocked:
		return "blocked"
	case host.Idle, host.Failed:
		return "idle"
	}
	return ""
}

func (b *herdrBackend) params() *herdrParams {
	return &herdrParams{PaneID: b.cfg.Pane, Source: b.cfg.Source, Agent: b.cfg.Agent}
}

func (b *herdrBackend) reportState(ctx context.Context, r host.Report) error {
	state := herdrState(r.State)
	if state == "" {
		return nil
	}
	failed := r.State == host.Failed
	if failed {
		if err := b.setLabels(ctx, failedLabels); err != nil {
			return err
		}
	}
	p := b.params()
	p.State = state
	if b.cfg.BlockedMessage && r.State == host.Blocked {
		p.Message = r.Message
	}
	if b.cfg.SessionInReports {
		p.SessionID, p.SessionPath = r.Session.ID, sessionPath(r.Session.Dir)
	}
	if err := b.send(ctx, methodReportAgent, p); err != nil || failed {
		return err
	}
	return b.setLabels(ctx, nil)
}

// A failed turn is reported idle, and herdr reads working -> idle as a
// finished turn: its sidebar shows "done" until someone looks, then "idle"
// (herdr 0.8.0: src/ui/status.rs state_label, src/app/actions.rs
// state_label_text). So the failure sets state labels that show "failed"
// for those two words wherever herdr shows the pane's state
// (src/terminal/metadata.rs), ahead of the idle so the pane never reads
// done; the next state that is not a failure, and the exit, clear them.
// Labels only rename their own state, so they never show while a turn
// runs. title and display_agent rename the pane, not the state;
// notification.show (0.6.9+) is a global toast that would come beside
// herdr's own "finished" one. herdr takes labels since 0.6.3
// (src/app/api/panes.rs normalize_state_labels).
var failedLabels = map[string]string{"done": "failed", "idle": "failed"}

// labels is what herdr shows of our state labels, as far as we know.
type labels uint8

const (
	labelsUnknown labels = iota // a crashed predecessor may have left "failed"
	labelsNone
	labelsFailed
)

// setLabels sets the failure labels, or with nil clears any there may be.
func (b *herdrBackend) setLabels(ctx context.Context, l map[string]string) error {
	want := labelsFailed
	if l == nil {
		want = labelsNone
	}
	if want == labelsNone && b.labels == labelsNone {
		return nil
	}
	p := b.params()
	p.Labels, p.ClearLabels = l, l == nil
	b.labels = labelsUnknown // until herdr answers
	err := ignoreDropped(b.send(ctx, methodReportMeta, p))
	if err == nil {
		b.labels = want
	}
	return err
}

// reportSession sends the session. herdr keeps session references only
// for its official "herdr:<agent>" sources (src/agent_resume.rs,
// session_ref_from_report) and answers the rest ok; they are sent anyway,
// as the seed asks. A report herdr refused for what it says would be
// refused again, so it is dropped; only herdr's own trouble
// (server_unavailable, internal_error: src/api/server.rs) is tried again.
func (b *herdrBackend) reportSession(ctx context.Context, r host.Report) error {
	p := b.params()
	p.SessionID, p.SessionPath = r.Session.ID, sessionPath(r.Session.Dir)
	switch r.Session.Origin {
	case host.OriginStartup:
		p.StartSource = "startup"
	case host.OriginSwitched:
		p.StartSource = "resume"
	}
	err := b.send(ctx, methodReportSession, p)
	if errors.Is(err, ErrRejected) && !hasCode(err, "server_unavailable", "internal_error") && !errors.Is(err, host.ErrDropped) {
		return fmt.Errorf("%w (not asked again): %w", err, host.ErrDropped)
	}
	return err
}

// syncTokens brings herdr's tokens in line with the resume command and the
// facts (Metadata only): herdr shows tokens as $name in its sidebar, its
// only channel for model, context and cost, and a state report has no
// field for a command.
func (b *herdrBackend) syncTokens(ctx context.Context, r host.Report, all bool) error {
	if !b.cfg.Metadata {
		return nil
	}
	var want tokens
	if resume := core.Clean(r.Session.Resume, maxTokenValue); resume != "" {
		want = tokens{{resumeToken, &resume}}
	}
	want = wantTokens(want, b.facts, herdrTokenName, maxTokenValue, maxTokensPerCall) // herdr holds 32 per pane
	return b.sendTokens(ctx, tokenChanges(b.tokens, want, all))
}

func (b *herdrBackend) sendTokens(ctx context.Context, changes tokens) error {
	return syncTokens(b.tokens, changes, func(c tokens) error {
		p := b.params()
		p.Tokens = c
		return b.send(ctx, methodReportMeta, p)
	})
}

// release takes the tokens and a failure with the chat, best effort, then
// releases the pane: herdr clears only agents it detected by process.
func (b *herdrBackend) release(ctx context.Context) error {
	clearErr := errors.Join(ignoreDropped(b.sendTokens(ctx, tokenChanges(b.tokens, nil, false))), b.setLabels(ctx, nil))
	if err := b.send(ctx, methodReleaseAgent, b.params()); err != nil {
		return errors.Join(err, clearErr)
	}
	return clearErr
}

// sessionPath is dir if herdr takes it: absolute, at most 4096 bytes.
func sessionPath(dir string) string {
	if dir == "" || len(dir) > core.MaxField || !filepath.IsAbs(dir) {
		return ""
	}
	return dir
}

// defaultSource is "custom:" and the agent name, each run of characters
// herdr does not take replaced by one '_', cut to maxSource bytes.
func defaultSource(agent string) string {
	var b strings.Builder
	b.WriteString("custom:")
	under := false
	for _, r := range agent {
		if sourceRune(r) {
			b.WriteRune(r)
			under = false
		} else if !under {
			b.WriteByte('_')
			under = true
		}
	}
	s := strings.TrimRight(b.String(), "_")
	if s == "custom:" {
		s = "custom:agent"
	}
	return s[:min(len(s), maxSource)]
}

func validSource(s string) bool {
	return s != "" && len(s) <= maxSource && strings.IndexFunc(s, func(r rune) bool { return !sourceRune(r) }) < 0
}

func sourceRune(r rune) bool {
	return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' || strings.ContainsRune(":._-", r)
}

// herdrTokenName turns a fact's name into a token name herdr takes
// (^[A-Za-z0-9_-]{1,32}$): other characters become '_'. It returns "" for
// a name with nothing to keep, and for the resume command's token.
func herdrTokenName(name string) string {
	b := make([]byte, 0, min(len(name), 32))
	keep := false
	for _, r := range name {
		if len(b) == 32 {
			break
		}
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-', r == '_':
			b = append(b, byte(r))
			keep = true
		default:
			b = append(b, '_')
		}
	}
	if !keep || string(b) == resumeToken {
		return ""
	}
	return string(b)
}
