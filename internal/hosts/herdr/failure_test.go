package herdr_test

import (
	"bytes"
	"errors"
	"log/slog"
	"maps"
	"strings"
	"testing"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/hosts/herdr"
	"github.com/hostbridge/hostbridge/internal/hosts/hostio"
)

// A failed turn is idle in herdr, which reads working -> idle as done; the
// state labels make the pane read "failed" where it would read "done" or
// "idle" (herdr 0.8.0: src/ui/status.rs state_label,
// src/terminal/metadata.rs), set before the idle so it never reads done, and cleared
// with the next state and at the exit.
func TestFailureLabels(t *testing.T) {
	h := newFake(t)
	b := newHerdrBackend(t, h, nil)
	failed := map[string]string{"done": "failed", "idle": "failed"}
	labels := func(want map[string]string) {
		t.Helper()
		if got := h.Pane().StateLabels; !maps.Equal(got, want) {
			t.Errorf("pane labels %v, want %v", got, want)
		}
	}
	mustReport(t, b, state(host.Idle), state(host.Working))
	mustReport(t, b, host.Report{Kind: host.KindState, State: host.Failed, Message: "Error: rate limited"})
	labels(failed)
	if p := h.Pane(); p.State != "idle" || p.Message != "" {
		t.Errorf("failed pane %s %q, want idle without a message", p.State, p.Message)
	}
	mustReport(t, b, host.Report{Kind: host.KindState, State: host.Failed, Repeat: true})
	mustReport(t, b, state(host.Working))
	labels(nil)
	mustReport(t, b, state(host.Failed), state(host.Idle)) // your move after a failure: idle, herdr's words
	labels(nil)
	mustReport(t, b, state(host.Working), state(host.Failed), host.Report{Kind: host.KindExit})
	labels(nil)
	wantTranscript(t, h, []string{
		"herdr pane.report_agent idle",
		"herdr pane.report_metadata state_labels=(clear)", // a predecessor's, if any
		"herdr pane.report_agent working",
		`herdr pane.report_metadata state_label:done="failed" state_label:idle="failed"`,
		"herdr pane.report_agent idle",
		`herdr pane.report_metadata state_label:done="failed" state_label:idle="failed"`, // the repeat
		"herdr pane.report_agent idle",
		"herdr pane.report_agent working",
		"herdr pane.report_metadata state_labels=(clear)",
		`herdr pane.report_metadata state_label:done="failed" state_label:idle="failed"`,
		"herdr pane.report_agent idle",
		"herdr pane.report_agent idle", // your move: herdr's words back
		"herdr pane.report_metadata state_labels=(clear)",
		"herdr pane.report_agent working",
		`herdr pane.report_metadata state_label:done="failed" state_label:idle="failed"`,
		"herdr pane.report_agent idle",
		"herdr pane.report_metadata state_labels=(clear)",
		"herdr pane.release_agent",
	})
}

// Labels herdr did not take are not remembered as shown: the retry sends
// them before the state again.
func TestFailureLabelsRetried(t *testing.T) {
	h := newFake(t)
	b := newHerdrBackend(t, h, nil)
	mustReport(t, b, state(host.Working))
	h.CloseEarly()
	if err := report(b, state(host.Failed)); err == nil {
		t.Fatal("Report to a herdr that closes early succeeded")
	}
	h.Normal()
	mustReport(t, b, host.Report{Kind: host.KindState, State: host.Failed, Repeat: true})
	if p := h.Pane(); p.State != "idle" || p.StateLabels["done"] != "failed" {
		t.Errorf("pane %+v, want idle labelled failed", p)
	}
}

// An older herdr refuses what it lacks, the way it does (teatest's Old,
// after herdr's tags): each refused feature is sent once, logged once,
// and the reports about it are dropped (host.ErrDropped: counted, never
// retried) while the state reports go on.
func TestOldHerdr(t *testing.T) {
	meta := host.Report{Kind: host.KindMeta, Meta: []host.Fact{{Name: "model", Value: "opus"}}}
	session := host.Report{Kind: host.KindSession, Session: host.Session{ID: "42", Resume: "chat -s 42"}}
	tests := []struct {
		release  string
		lacks    []string // features refused, each logged once
		drops    int      // reports dropped
		sessions int      // session reports sent
		labels   bool     // the failure shows
	}{
		// No report_metadata (0.6.3) nor report_agent_session (0.6.7).
		{"0.6.2", []string{"pane.report_metadata", "pane.report_agent_session"}, 4, 1, false},
		// State labels, but no session reports, nor tokens (0.7.4).
		{"0.6.6", []string{"pane.report_agent_session", "pane.report_metadata tokens"}, 4, 1, true},
		{"0.7.3", []string{"pane.report_metadata tokens"}, 2, 2, true},
		{"0.8.0", nil, 0, 2, true},
	}
	for _, tt := range tests {
		t.Run(tt.release, func(t *testing.T) {
			h := newFake(t) // every request still fits herdr 0.8's schema
			h.Old(tt.release)
			var log bytes.Buffer
			b := newHerdrBackend(t, h, func(c *herdr.TestConfig) {
				c.Metadata = true
				c.Logger = slog.New(slog.NewTextHandler(&log, &slog.HandlerOptions{Level: slog.LevelDebug}))
			})
			drops := 0
			for _, r := range []host.Report{state(host.Idle), session, meta, state(host.Working), session, meta,
				state(host.Failed), {Kind: host.KindExit}} {
				err := report(b, r)
				switch {
				case errors.Is(err, host.ErrDropped):
					drops++
				case err != nil:
					t.Fatalf("Report(%v %v) = %v, want nil or dropped", r.Kind, r.State, err)
				}
			}
			if drops != tt.drops {
				t.Errorf("%d reports dropped, want %d", drops, tt.drops)
			}
			if n := strings.Count(log.String(), "lacks a feature"); n != len(tt.lacks) {
				t.Errorf("%d lacks logged, want %d:\n%s", n, len(tt.lacks), log.String())
			}
			for _, f := range tt.lacks {
				if !strings.Contains(log.String(), f) {
					t.Errorf("the lack of %s is not logged:\n%s", f, log.String())
				}
			}
			sessions, showed := 0, false
			for _, r := range h.Requests() {
				if r.Method == "pane.report_agent_session" {
					sessions++
				}
				showed = showed || r.Applied && r.Params["state_labels"] != nil
			}
			if sessions != tt.sessions {
				t.Errorf("%d session reports sent, want %d", sessions, tt.sessions)
			}
			if showed != tt.labels {
				t.Errorf("the failure showed: %v, want %v", showed, tt.labels)
			}
			if p := h.Pane(); !p.Released || len(p.Tokens) != 0 || len(p.StateLabels) != 0 {
				t.Errorf("pane %+v, want the states through to the release, nothing left", p)
			}
		})
	}
}

// A session report herdr refused is not tried again (it would be refused
// again): it is dropped. Only herdr's own "herdr:<agent>" sources keep
// sessions at all (src/agent_resume.rs); the rest are answered ok.
func TestSessionRefusedIsDropped(t *testing.T) {
	h := newFake(t)
	b := newHerdrBackend(t, h, nil)
	h.Error("pane_not_found")
	err := report(b, host.Report{Kind: host.KindSession, Session: host.Session{ID: "42"}})
	if !errors.Is(err, host.ErrDropped) || !errors.Is(err, hostio.ErrRejected) {
		t.Errorf("Report(session) = %v, want a rejection, dropped", err)
	}
	// herdr's own trouble, and a herdr that is down, may pass: tried again.
	h.Error("server_unavailable")
	err = report(b, host.Report{Kind: host.KindSession, Session: host.Session{ID: "42"}})
	if !errors.Is(err, hostio.ErrRejected) || errors.Is(err, host.ErrDropped) {
		t.Errorf("Report(session) to a busy herdr = %v, want a rejection to retry", err)
	}
	h.Stop()
	err = report(b, host.Report{Kind: host.KindSession, Session: host.Session{ID: "42"}})
	if !errors.Is(err, hostio.ErrUnavailable) || errors.Is(err, host.ErrDropped) {
		t.Errorf("Report(session) to a herdr that is down = %v, want unavailable (tried again)", err)
	}
}
