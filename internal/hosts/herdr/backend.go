package herdr

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"path/filepath"
	"strconv"
	"time"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/core"
)

// Backend reports a chat to one herdr pane. Like every host.Backend it is
// driven by one goroutine at a time (the Reporter's worker for it).
type Backend struct {
	cfg Config
	t   transport
	seq *sequence

	// sent is the last pane.report_agent herdr took (seq left zero), so an
	// unchanged state is not sent again; nil after a release.
	sent *agentParams
	// tokens are the metadata tokens herdr holds from us.
	tokens map[string]string
	// facts are the latest facts (KindMeta), for token updates that a
	// session change makes.
	facts []host.Fact
	// labels is whether herdr shows the failure labels (failure.go).
	labels labels
	// lacks are the methods and features this herdr refused as unknown
	// (lacks.go): never sent again.
	lacks  map[string]bool
	closed bool
}

var (
	_ host.Backend = (*Backend)(nil)
	_ host.Closer  = (*Backend)(nil)
)

// New checks cfg and returns a Backend. It does not contact herdr.
func New(cfg Config) (*Backend, error) {
	cfg, err := cfg.check()
	if err != nil {
		return nil, err
	}
	b := &Backend{cfg: cfg, seq: &processSeq, tokens: map[string]string{}, lacks: map[string]bool{}}
	if cfg.Transport == TransportCLI {
		b.t = cliTransport{bin: cfg.BinPath, socket: cfg.SocketPath}
	} else {
		b.t = socketTransport{path: cfg.SocketPath}
	}
	return b, nil
}

// Name implements host.Backend.
func (b *Backend) Name() string { return "herdr" }

// Source returns the source the backend reports with.
func (b *Backend) Source() string { return b.cfg.Source }

// Close implements host.Closer. herdr holds no connection between reports;
// the pane is released by the exit report, not by Close.
func (b *Backend) Close() error {
	b.closed = true
	return nil
}

// Report implements host.Backend.
func (b *Backend) Report(ctx context.Context, r host.Report) error {
	if b.closed {
		return ErrClosed
	}
	switch r.Kind {
	case host.KindState:
		return b.reportState(ctx, r)
	case host.KindSession:
		err := b.reportSession(ctx, r)
		if err != nil && !errors.Is(err, host.ErrDropped) {
			return err // herdr unreachable: tried again, the tokens with it
		}
		if terr := aux(b.syncTokens(ctx, r, false)); terr != nil {
			return terr
		}
		return err
	case host.KindMeta:
		b.facts = r.Meta
		return b.syncTokens(ctx, r, r.Repeat)
	case host.KindExit:
		return b.release(ctx)
	}
	return nil // pings, suspends and sub-agents are not herdr's
}

// herdrState maps the chat's state to herdr's; "" means "send nothing".
// A failed turn is idle: the chat waits for you, and herdr has no state
// for a failure; the failure labels say it (failure.go).
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

func (b *Backend) reportState(ctx context.Context, r host.Report) error {
	state := herdrState(r.State)
	if state == "" {
		return nil
	}
	failed := r.State == host.Failed
	if failed {
		if err := b.showFailure(ctx, r.Repeat); err != nil {
			return err
		}
	}
	p := &agentParams{PaneID: b.cfg.PaneID, Source: b.cfg.Source, Agent: b.cfg.Agent, State: state}
	if b.cfg.BlockedMessage && r.State == host.Blocked {
		p.Message = core.Clean(r.Message, core.MaxMessage)
	}
	if b.cfg.SessionInReports {
		p.SessionID, p.SessionPath = sessionID(r.Session.ID), sessionPath(r.Session.Dir)
	}
	if b.sent == nil || *b.sent != *p || r.Repeat {
		sent := *p
		if err := b.send(ctx, methodReportAgent, p); err != nil {
			b.sent = nil // herdr may have applied it before the answer was lost
			return err
		}
		b.sent = &sent
	}
	if failed {
		return nil
	}
	return b.clearFailure(ctx)
}

// reportSession sends the session. herdr keeps session references for its
// official "herdr:<agent>" sources only (src/agent_resume.rs,
// session_ref_from_report): another source's report is answered ok and
// dropped there. It is sent anyway, as the seed asks; but a report herdr
// refused for what it says (pane_not_found, invalid_agent, a method it
// lacks) would be refused again, so it is dropped rather than retried.
// Only herdr's own trouble (server_unavailable, internal_error:
// src/api/server.rs) is tried again, like a herdr that is down.
func (b *Backend) reportSession(ctx context.Context, r host.Report) error {
	p := &sessionParams{
		PaneID: b.cfg.PaneID, Source: b.cfg.Source, Agent: b.cfg.Agent,
		SessionID: sessionID(r.Session.ID), SessionPath: sessionPath(r.Session.Dir),
	}
	switch r.Session.Origin {
	case host.OriginStartup:
		p.StartSource = "startup"
	case host.OriginSwitched:
		p.StartSource = "resume"
	}
	err := b.send(ctx, methodReportSession, p)
	var rerr *ReplyError
	if errors.As(err, &rerr) && !serverTrouble(rerr.Code) && !errors.Is(err, host.ErrDropped) {
		return fmt.Errorf("%w (not asked again): %w", err, host.ErrDropped)
	}
	return err
}

// serverTrouble reports whether herdr's error code is about herdr, not the
// request: it may answer otherwise later.
func serverTrouble(code string) bool { return code == "server_unavailable" || code == "internal_error" }

// syncTokens brings herdr's tokens in line with the facts and the resume
// command (Config.Metadata only). Each chunk herdr takes is remembered, so
// a retry sends only what is still missing.
func (b *Backend) syncTokens(ctx context.Context, r host.Report, all bool) error {
	if !b.cfg.Metadata {
		return nil
	}
	for _, c := range chunks(tokenDiff(b.tokens, wantTokens(r, b.facts), all)) {
		p := &metaParams{PaneID: b.cfg.PaneID, Source: b.cfg.Source, Agent: b.cfg.Agent, Tokens: c}
		if err := b.send(ctx, methodReportMeta, p); err != nil {
			return err
		}
		for name, v := range c {
			if v == nil {
				delete(b.tokens, name)
			} else {
				b.tokens[name] = *v
			}
		}
	}
	return nil
}

func (b *Backend) release(ctx context.Context) error {
	// The facts and a failure go with the chat: a pane left showing the
	// model, the cost, a resume command or "failed" after the chat quit
	// would be stale. Best effort: the release goes out whatever happens to
	// them.
	clearErr := errors.Join(aux(b.clearTokens(ctx)), b.clearFailure(ctx))
	p := &releaseParams{PaneID: b.cfg.PaneID, Source: b.cfg.Source, Agent: b.cfg.Agent}
	if err := b.send(ctx, methodReleaseAgent, p); err != nil {
		return errors.Join(err, clearErr)
	}
	b.sent = nil // a later state report claims the pane again
	return clearErr
}

// clearTokens removes every token this chat set.
func (b *Backend) clearTokens(ctx context.Context) error {
	for _, c := range chunks(tokenDiff(b.tokens, map[string]string{}, false)) {
		p := &metaParams{PaneID: b.cfg.PaneID, Source: b.cfg.Source, Agent: b.cfg.Agent, Tokens: c}
		if err := b.send(ctx, methodReportMeta, p); err != nil {
			return err
		}
		for name := range c {
			delete(b.tokens, name)
		}
	}
	return nil
}

// send delivers one request, unless this herdr refused what it needs as
// unknown before (lacks.go): then, and on such a refusal, it returns an
// error wrapping host.ErrDropped.
func (b *Backend) send(ctx context.Context, method string, p params) error {
	f := feature(method, p)
	if b.lacks[method] || b.lacks[f] {
		return refusedBefore(f)
	}
	err := b.do(ctx, method, p)
	if lack, ok := lacked(err, method, f); ok {
		return b.noteLack(lack, err)
	}
	return err
}

// do stamps the request with the next seq, delivers it and logs it at
// debug level.
func (b *Backend) do(ctx context.Context, method string, p params) error {
	seq := b.seq.next(b.cfg.Now())
	p.setSeq(seq)
	start := time.Now()
	err := b.t.do(ctx, method, "hb:"+strconv.FormatUint(seq, 10), p)
	b.cfg.Logger.LogAttrs(ctx, slog.LevelDebug, "herdr: request",
		slog.String("method", method), slog.Uint64("seq", seq),
		slog.Duration("took", time.Since(start)), slog.Any("err", err))
	return err
}

// Text in a Report is cleaned by the Machine already; the backend cleans
// and bounds it again (a no-op then) so a report made by hand cannot put a
// control character or a megabyte into a request or an argv.
const maxSessionID = 256

func sessionID(id string) string { return core.Clean(id, maxSessionID) }

// sessionPath is dir if herdr takes it: absolute, at most 4096 bytes, and
// free of anything Clean would remove (a path cannot be repaired).
func sessionPath(dir string) string {
	if dir == "" || len(dir) > core.MaxField || !filepath.IsAbs(dir) || core.Clean(dir, 0) != dir {
		return ""
	}
	return dir
}
