package herdr

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"path/filepath"
	"strings"
	"time"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/core"
	"github.com/hostbridge/hostbridge/internal/hosts/hostio"
	"github.com/hostbridge/hostbridge/internal/settings"
)

const (
	maxTokenValue = 80 // herdr keeps 80 characters of a token or a label: ogulcancelik/herdr@10974c82 src/app/api/panes.rs normalize_presentation_text
	// resumeToken is the token that carries the session's resume command:
	// pane.report_agent and report_agent_session have no field for a
	// command, and a token is what herdr shows the user as it is ($resume in
	// its sidebar), to copy. A fact of that name is not sent (herdrTokenName).
	resumeToken = "resume"
)

// Backend reports to one herdr pane (herdr 0.8.0 to 0.8.2, protocol 20;
// read at ogulcancelik/herdr@10974c82, the 0.8.0 release):
//
//	Working, Blocked, Idle    pane.report_agent working, blocked (+ message), idle
//	Blocked's message         pane.report_metadata state_labels, then blocked
//	Failed                    pane.report_metadata state_labels, then idle
//	session                   pane.report_agent_session
//	facts, resume command     pane.report_metadata tokens
//	exit                      tokens and labels cleared, pane.release_agent
//	ping                      notification.show after the release, if it dropped herdr's toast; not while blocked
//
// herdr does not forward a pane's OSC 9; suspends and sub-agents are not herdr's.
type Backend struct {
	c                 settings.Settings
	socket, pane, bin string
	cli               bool // the binary per request, as herdr's hooks do on Windows (a named pipe there)
	now               func() time.Time
	seq               *sequence
	client            hostio.LineClient
	tokens            map[string]string // the tokens herdr holds from us
	facts             []host.Fact       // the latest, for a session report's tokens
	labelsCleared     bool              // herdr holds none of our state labels: a clear is skipped (not a refusal: Refusals has those)
	refused           hostio.Refusals
	ping              *host.Report // the last ping, until the exit shows it
	pingAt            time.Time
	owed              bool // the exit showed no toast: a held ping after it is shown
}

// herdrToastDelay is herdr's default delay_seconds: it holds its own toast
// that long, dropped if the pane is released meanwhile, so notification.show
// (0.6.9+) shows it instead:
// ogulcancelik/herdr@10974c82 src/app/actions.rs record_or_deliver_agent_notification (pending_agent_notifications)
const herdrToastDelay = time.Second

// New makes the backend for pane p. Nothing is checked again here: bridge
// validated c (Config.settings: the agent, the source and its default) and
// detection p (hostio.Env's ID and Socket; an unusable pane is never built).
func New(c settings.Settings, p Pane) *Backend {
	return &Backend{
		c: c, socket: p.Socket, pane: p.ID, bin: p.Bin, cli: p.CLI, now: time.Now, seq: &processSeq,
		client:  hostio.LineClient{Host: "herdr", Path: p.Socket, OpField: "method", Log: c.Logger},
		tokens:  map[string]string{},
		refused: hostio.Refusals{Host: "herdr", Log: c.Logger},
	}
}

func (b *Backend) Name() string { return "herdr" }

func (b *Backend) Report(ctx context.Context, r host.Report) error {
	switch r.Kind {
	case host.KindState:
		if b.ping != nil && b.ping.State != r.State {
			b.ping = nil // herdr drops its toast too: the pane's state changed
		}
		return b.reportState(ctx, r)
	case host.KindSession:
		err := b.reportSession(ctx, r)
		if err != nil && !errors.Is(err, host.ErrDropped) {
			return err // herdr unreachable: tried again, the tokens with it
		}
		return cmp.Or(hostio.IgnoreDropped(b.syncTokens(ctx, r, false)), err)
	case host.KindMeta:
		b.facts = r.Meta
		return b.syncTokens(ctx, r, r.Repeat)
	case host.KindPing:
		b.ping, b.pingAt = &r, b.now()
		if b.owed {
			b.owed = !b.toast(ctx)
		}
	case host.KindExit:
		// The exit's budget (its context's deadline, from when the chat
		// quit: internal/core/exit.go) goes to the pane first. The facts and
		// labels are cleared first (best effort: herdr clears only agents it
		// detected), but within half of what is left, so the release always
		// has the other half: a herdr answering just inside the report bound
		// (450 ms of 500) would otherwise spend it all on the two clears. The
		// toast comes last, within what the release left.
		cctx, cancel := withHalf(ctx)
		clearErr := errors.Join(hostio.IgnoreDropped(b.sendTokens(cctx, nil, false)), b.setLabels(cctx, nil))
		cancel()
		err := errors.Join(b.send(ctx, methodReleaseAgent, b.params()), clearErr)
		b.owed = !b.toast(ctx)
		return err
	}
	return nil
}

// toast shows the last ping as herdr words its own if herdr may still hold
// that toast, and reports whether it tried. Best effort: an older herdr
// refuses the method (invalid_request). notification.show names no pane,
// so it is shown after the release as before it. The wording and the method:
// ogulcancelik/herdr@10974c82 src/app/actions.rs toast_event_text
// ogulcancelik/herdr@10974c82 src/app/api.rs handle_notification_show
//
// Not for a blocked ping: toasts go only at or after the exit, and once
// the chat is gone nothing waits for the user ("needs attention" would be
// false; a user who quits while asked was looking at the chat), while
// "finished" and "failed" stay true after it.
func (b *Backend) toast(ctx context.Context) bool {
	r := b.ping
	if b.ping = nil; r == nil || r.State == host.Blocked || b.now().Sub(b.pingAt) >= herdrToastDelay {
		return false
	}
	t := &herdrToast{Title: b.c.Agent + " finished", Body: core.Clean(r.Message, 240), Sound: "done"}
	if r.State == host.Failed {
		t.Title = b.c.Agent + " failed"
	} // 64+9 characters at most: herdr keeps 80
	// Half the time left at most: what is left after it is Close's margin.
	ctx, cancel := withHalf(ctx)
	defer cancel()
	_ = b.request(ctx, methodShowNotification, b.seq.next(b.now()), t, "notification_show")
	return true
}

// withHalf bounds ctx to half the time its deadline leaves (unbounded
// without one).
func withHalf(ctx context.Context) (context.Context, context.CancelFunc) {
	if d, ok := ctx.Deadline(); ok {
		return context.WithTimeout(ctx, time.Until(d)/2)
	}
	return context.WithCancel(ctx)
}

func (b *Backend) params() *herdrParams {
	return &herdrParams{PaneID: b.pane, Source: b.c.Source, Agent: b.c.Agent}
}

// herdrStates are report_agent's states; herdr has none for failed: the labels say it.
var herdrStates = map[host.State]string{
	host.Working: "working", host.Blocked: "blocked", host.Idle: "idle", host.Failed: "idle",
}

func (b *Backend) reportState(ctx context.Context, r host.Report) error {
	p := b.params()
	if p.State = herdrStates[r.State]; p.State == "" {
		return nil
	}
	labels := map[string]string(nil)
	switch {
	case r.State == host.Failed:
		labels = failedLabels
	case r.State == host.Blocked && b.c.BlockedMessage:
		// herdr keeps the message but draws it nowhere; a label shows in its
		// agent panel and navigator until the next state:
		// ogulcancelik/herdr@10974c82 src/ui/sidebar.rs
		p.Message = r.Message
		if label := core.Clean(r.Message, maxTokenValue); label != "" {
			labels = map[string]string{"blocked": label}
		}
	}
	if labels != nil {
		if err := b.setLabels(ctx, labels); err != nil {
			return err
		}
	}
	if b.c.ResumeCommand != nil {
		p.SessionID, p.SessionPath = r.Session.ID, sessionPath(r.Session.Dir)
	}
	if err := b.send(ctx, methodReportAgent, p); err != nil || labels != nil {
		return err
	}
	return b.setLabels(ctx, nil)
}

// failedLabels are the state labels a failed turn sets. herdr has no
// failed state, so a failed turn is reported idle, which herdr reads after
// working as a finished turn: "done" until someone looks, then "idle".
// These labels replace those two words with "failed" wherever herdr shows
// the pane's state (sidebar, navigator, agent panel). A label replaces
// only the word of the state it names, so it never shows while a turn
// runs; they are set before the idle (the pane never reads "done" in
// between) and cleared with the next state that is not a failure, and at
// the exit. Passed over: title and display_agent, which rename the pane
// and the agent, not the state; notification.show, a global toast tied to
// no pane, beside which herdr's own "finished" toast would still come.
// herdr takes state labels since 0.6.3; an older one refuses them and the
// chat goes on without (Refusals). Visual only: herdr's waits (`herdr
// agent wait --until done`) and rollups ("1 done") count the turn done.
// The functions they follow, each at ogulcancelik/herdr@10974c82:
//
//	the words "done" and "idle"  src/ui/status.rs state_label; src/app/actions.rs state_label_text
//	the labels taken             src/app/api/panes.rs normalize_state_labels
//	where they show              src/terminal/metadata.rs set_agent_metadata
//	the waits                    src/api/wait.rs
//	the rollups                  src/app/actions.rs tab_aggregate_state, activity_summary_for_panes
var failedLabels = map[string]string{"done": "failed", "idle": "failed"}

// setLabels sets labels in place of ours herdr holds; nil clears any a
// predecessor left (ogulcancelik/herdr@10974c82 src/terminal/metadata.rs set_agent_metadata).
func (b *Backend) setLabels(ctx context.Context, l map[string]string) error {
	if l == nil && b.labelsCleared {
		return nil
	}
	p := b.params()
	p.Labels, p.ClearLabels = l, l == nil
	b.labelsCleared = false // until herdr answers
	err := hostio.IgnoreDropped(b.send(ctx, methodReportMeta, p))
	b.labelsCleared = err == nil && l == nil
	return err
}

var herdrStarts = map[host.Origin]string{host.OriginStartup: "startup", host.OriginSwitched: "resume"}

// reportSession sends the session, though herdr keeps it only for its own
// "herdr:<agent>" sources and answers the rest ok
// (ogulcancelik/herdr@10974c82 src/agent_resume.rs session_ref_from_report).
// A refusal but herdr's own trouble (server_unavailable, internal_error:
// ogulcancelik/herdr@10974c82 src/api/server.rs) would come again: dropped.
func (b *Backend) reportSession(ctx context.Context, r host.Report) error {
	p := b.params()
	p.SessionID, p.SessionPath = r.Session.ID, sessionPath(r.Session.Dir)
	p.StartSource = herdrStarts[r.Session.Origin]
	err := b.send(ctx, methodReportSession, p)
	if errors.Is(err, hostio.ErrRejected) && !hostio.HasCode(err, "server_unavailable", "internal_error") && !errors.Is(err, host.ErrDropped) {
		return fmt.Errorf("%w (not asked again): %w", err, host.ErrDropped)
	}
	return err
}

// syncTokens sets herdr's tokens ($name in its sidebar) to the resume
// command (resumeToken) and the facts.
func (b *Backend) syncTokens(ctx context.Context, r host.Report, all bool) error {
	if !b.c.Metadata {
		return nil
	}
	var want hostio.Tokens
	if resume := core.Clean(r.Session.Resume, maxTokenValue); resume != "" {
		want = hostio.Tokens{{Name: resumeToken, Value: &resume}}
	}
	want = hostio.WantTokens(want, b.facts, herdrTokenName, maxTokenValue, hostio.MaxTokensPerCall) // of 32 a pane holds
	return b.sendTokens(ctx, want, all)
}

func (b *Backend) sendTokens(ctx context.Context, want hostio.Tokens, all bool) error {
	return hostio.SyncTokens(b.tokens, want, all, func(c hostio.Tokens) error {
		p := b.params()
		p.Tokens = c
		return b.send(ctx, methodReportMeta, p)
	})
}

// sessionPath is dir if herdr takes it: absolute, at most 4096 bytes.
func sessionPath(dir string) string {
	if len(dir) > core.MaxField || !filepath.IsAbs(dir) {
		return ""
	}
	return dir
}

// herdrTokenName is a fact's name as a token name herdr takes
// (^[A-Za-z0-9_-]{1,32}$); "" with nothing to keep, and for "resume".
func herdrTokenName(name string) string {
	tokenRune := func(r rune) bool { return settings.Alnum(r) || r == '-' || r == '_' }
	if t := hostio.Sanitize(name, tokenRune, 32); t != resumeToken && strings.IndexFunc(name, tokenRune) >= 0 {
		return t
	}
	return ""
}
