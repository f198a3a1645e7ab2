package herdr

import (
	"bytes"
	"cmp"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/hostbridge/hostbridge/internal/core"
	"github.com/hostbridge/hostbridge/internal/hosts/hostio"
)

// The methods herdr's socket takes (herdr 0.8.0, protocol 20); the herdr
// binary's verb is the method's name after "pane.", with '-' for '_'.
const (
	methodReportAgent      = "pane.report_agent"
	methodReportSession    = "pane.report_agent_session"
	methodReleaseAgent     = "pane.release_agent"
	methodReportMeta       = "pane.report_metadata"
	methodShowNotification = "notification.show" // 0.6.9+; the CLI's: ogulcancelik/herdr@10974c82 src/cli/notification.rs
)

// herdrRequest is a request's parameters: JSON for the socket, argv for the binary.
type herdrRequest interface{ argv(method string) []string }

// herdrToast is notification.show's: ogulcancelik/herdr@10974c82 src/api/schema/common.rs NotificationShowParams
type herdrToast struct {
	Title string `json:"title"`
	Body  string `json:"body,omitempty"`
	Sound string `json:"sound"`
}

func (t *herdrToast) argv(string) []string {
	args := []string{"notification", "show", notAnOption(t.Title), "--sound", t.Sound}
	if t.Body != "" {
		args = append(args, "--body", notAnOption(t.Body))
	}
	return args
}

// herdrParams are a request's parameters; each method sets its own.
type herdrParams struct {
	PaneID      string            `json:"pane_id"`
	Source      string            `json:"source"`
	Agent       string            `json:"agent"`
	State       string            `json:"state,omitempty"`
	Message     string            `json:"message,omitempty"`
	Seq         uint64            `json:"seq"`
	SessionID   string            `json:"agent_session_id,omitempty"`
	SessionPath string            `json:"agent_session_path,omitempty"`
	StartSource string            `json:"session_start_source,omitempty"`
	Labels      map[string]string `json:"state_labels,omitempty"`
	ClearLabels bool              `json:"clear_state_labels,omitempty"`
	Tokens      hostio.Tokens     `json:"tokens,omitempty"`
}

// argv is the request as the herdr binary's arguments: "pane <verb> <pane>",
// then each flag and its value as two, taken as the value whatever it looks
// like (0.8 has no "--flag=value").
func (p *herdrParams) argv(method string) []string {
	verb := strings.ReplaceAll(strings.TrimPrefix(method, "pane."), "_", "-")
	args := []string{"pane", verb, p.PaneID}
	add := func(flag, v string) {
		if v != "" {
			args = append(args, flag, notAnOption(v))
		}
	}
	add("--source", p.Source)
	add("--agent", p.Agent)
	add("--state", p.State)
	add("--message", p.Message)
	add("--seq", strconv.FormatUint(p.Seq, 10))
	add("--agent-session-id", p.SessionID)
	add("--agent-session-path", p.SessionPath)
	add("--session-start-source", p.StartSource)
	for _, state := range slices.Sorted(maps.Keys(p.Labels)) {
		add("--state-label", state+"="+p.Labels[state])
	}
	if p.ClearLabels {
		args = append(args, "--clear-state-labels")
	}
	for _, t := range p.Tokens {
		if t.Value == nil {
			add("--clear-token", t.Name)
		} else {
			add("--token", t.Name+"="+*t.Value) // split at the first '='; names hold none
		}
	}
	return args
}

// notAnOption keeps a value from being read as one of herdr's global
// options, which its CLI takes (--session, --remote, --handoff, ...) from
// any position before a "--":
// ogulcancelik/herdr@10974c82 src/session.rs configure_from_args, src/remote/attach.rs extract_remote_args
// A
// leading space makes it text; herdr trims it from the source and agent.
func notAnOption(v string) string {
	if strings.HasPrefix(v, "--") {
		return " " + v
	}
	return v
}

// send delivers one request, unless this herdr refused what it needs.
func (b *Backend) send(ctx context.Context, method string, p *herdrParams) error {
	f := feature(method, p)
	if err := b.refused.Before(method, f); err != nil {
		return err
	}
	p.Seq = b.seq.next(b.now())
	err := b.request(ctx, method, p.Seq, p, "ok")
	if lack, ok := refusedAsMissing(err, method, f); ok {
		return b.refused.Note(lack, err)
	}
	return err
}

// request sends p over the socket, or runs the binary with it.
func (b *Backend) request(ctx context.Context, method string, seq uint64, p herdrRequest, resultType string) error {
	start := time.Now()
	var err error
	var res []byte
	if b.cli {
		err = b.runCLI(ctx, method, p)
	} else {
		res, err = b.client.Call(ctx, method, "hb:"+strconv.FormatUint(seq, 10), p, resultType)
	}
	b.c.Logger.LogAttrs(ctx, slog.LevelDebug, "herdr: request",
		slog.String("method", method), slog.Uint64("seq", seq), slog.Duration("took", time.Since(start)),
		slog.String("result", string(res)), slog.Any("err", err))
	return err
}

// feature names what a request needs: its method, or report_metadata's part.
func feature(method string, p *herdrParams) string {
	switch {
	case p.Tokens != nil:
		return method + " tokens"
	case p.Labels != nil || p.ClearLabels:
		return method + " state_labels"
	}
	return method
}

// refusedAsMissing reports whether herdr refused f or method as missing,
// and which. A method it lacks does not parse: invalid_request, id ""
// (report_agent_session is 0.6.7+, report_metadata 0.6.3+); 0.6.3-0.7.3
// refuse a tokens-only report_metadata (invalid_metadata_request); the
// binary exits 2 on what it lacks. The answers: ogulcancelik/herdr@10974c82 src/api/server.rs
func refusedAsMissing(err error, method, f string) (string, bool) {
	switch {
	case hostio.HasCode(err, "usage"):
		return f, true
	case hostio.HasCode(err, "invalid_request"):
		return method, true
	case hostio.HasCode(err, "invalid_metadata_request", "invalid_state_label"):
		return f, method == methodReportMeta
	}
	return "", false
}

// runCLI runs the herdr binary for one request: exit 0 is ok, 1 an error
// reply (the JSON on stderr), 2 a usage error.
func (b *Backend) runCLI(ctx context.Context, method string, req herdrRequest) error {
	if p, ok := req.(*herdrParams); ok && strings.HasPrefix(p.PaneID, "-") {
		// The pane id is the first argument, with no "--" before it, and
		// "--help" there prints help and exits 0: nothing would be reported.
		// ogulcancelik/herdr@10974c82 src/cli/pane.rs, src/cli/spec.rs
		return hostio.Rejected("herdr", method, "usage", "pane id "+strconv.Quote(p.PaneID)+" starts with '-'")
	}
	var env []string
	if b.socket != "" {
		env = []string{"HERDR_SOCKET_PATH=" + b.socket}
	}
	stderr, exit, err := hostio.RunCommand(ctx, "herdr", method, env, cmp.Or(b.bin, "herdr"), req.argv(method)...)
	switch exit {
	case 0, -1: // ok, or a failure that is not herdr's answer
		return err
	case 2:
		return hostio.Rejected("herdr", method, "usage", string(stderr))
	case 1:
		// herdr's reply; without one the binary failed on its own (no server).
		if _, rerr := hostio.CheckReply("herdr", method, nil, bytes.TrimSpace(stderr), ""); errors.Is(rerr, hostio.ErrRejected) {
			return rerr
		}
	}
	return fmt.Errorf("herdr: %s: %w: exit status %d: %q", method, hostio.ErrBadReply, exit, core.Clean(string(stderr), core.MaxMessage))
}

// sequence hands out herdr's seq values. herdr ignores a report at or
// below the highest seq a source sent for the pane in its whole life, so a
// value must top this process's and a crashed predecessor's:
// max(previous+1, now in Unix ns) does, as a predecessor's trail its clock.
// One per process, so two backends on one pane cannot undercut each other.
type sequence struct{ last atomic.Uint64 }

var processSeq sequence

func (s *sequence) next(now time.Time) uint64 {
	floor := uint64(max(now.UnixNano(), 0))
	for {
		last := s.last.Load()
		if v := max(last+1, floor); s.last.CompareAndSwap(last, v) {
			return v
		}
	}
}
