//go:build linux || darwin

package chattest

import (
	"slices"
	"syscall"
	"testing"

	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// What PTYHerdr (e2e.go) leaves out of the iota behaviour in a
// herdr pane, run against the fake herdr: the start before any input, a
// plain turn, the blocked state without a message, a failed turn, a
// session switch, the release after SIGTERM and SIGHUP, and -m.

// HostsHerdrIota walks the iota seed's herdr table in a pty: ready
// (idle and the session before anything is typed), a turn (working,
// idle), an approval (blocked, no message), a failed turn (idle: herdr has
// no failed state), /save and /session (the session reports), quit (the
// release).
func HostsHerdrIota(t *testing.T, ch *Chat) {
	t.Parallel()
	h := fakehost.NewHerdr(t)
	c := ch.Start(t, fakeEnv(t, h.Env()), "-session", "s1")
	waitHerdr(t, h, "the ready state and the session", func(reqs []fakehost.Request) bool {
		return len(Applied(reqs, "pane.report_agent")) > 0 && len(Applied(reqs, "pane.report_agent_session")) > 0
	})
	c.WaitText("● ready")
	reqs := slices.DeleteFunc(h.Requests(), isLabels) // a predecessor's failure is cleared in between
	if len(reqs) < 2 || reqs[0].Method != "pane.report_agent" || reqs[0].Str("state") != "idle" ||
		reqs[1].Method != "pane.report_agent_session" || reqs[1].Str("agent_session_id") != "s1" ||
		reqs[1].Str("session_start_source") != "startup" {
		t.Errorf("before any input herdr got, first:\n%s\nwant report_agent idle, then report_agent_session s1 (startup)", RequestLog(h))
	}

	c.Write("hello\r")
	herdrGot(t, h, 1, "working", "idle")
	c.WaitText("You said: hello")

	c.Write("approve this\r")
	herdrGot(t, h, 3, "working", "blocked")
	c.WaitText("needs you")
	c.Write("y")
	herdrGot(t, h, 5, "working", "idle")
	c.WaitText("Pushed. You said: approve this")

	c.Write("fail now\r")
	herdrGot(t, h, 7, "working", "idle")
	c.WaitText("Error: scripted failure")
	// The failed turn is idle, and reads "failed" where herdr would say
	// done or idle.
	if l := h.Pane().StateLabels; l["done"] != "failed" || l["idle"] != "failed" {
		t.Errorf("after the failed turn herdr labels %v, want done and idle as failed", l)
	}

	c.Write("/save\r")
	c.WaitText("Saved session s1")
	c.Write("/session other\r")
	c.WaitText("Switched to session other")
	waitHerdr(t, h, "the saved and the switched session", func(reqs []fakehost.Request) bool {
		return len(Applied(reqs, "pane.report_agent_session")) == 3
	})

	c.Quit()

	reqs = h.Requests()
	want := []string{"idle", "working", "idle", "working", "blocked", "working", "idle", "working", "idle"}
	if got := herdrStates(reqs); !slices.Equal(got, want) {
		t.Errorf("herdr states %q, want %q\n%s", got, want, RequestLog(h))
	}
	for _, r := range Applied(reqs, "pane.report_metadata") {
		if labels, _ := r.Params["state_labels"].(map[string]any); labels["blocked"] != nil {
			t.Errorf("iota: a blocked label: %s", r.Line)
		}
	}
	for _, r := range Applied(reqs, "pane.report_agent") {
		if r.Str("message") != "" || r.Str("agent_session_id") != "" {
			t.Errorf("iota: a state report with a message or a session: %s", r.Line)
		}
		if r.Str("agent") != "chat" {
			t.Errorf("agent %q, want chat: %s", r.Str("agent"), r.Line)
		}
	}
	if sessions, want := herdrSessions(t, reqs, "/hostbridge-chat/sessions"), []string{"s1", "s1", "other"}; !slices.Equal(sessions, want) {
		t.Errorf("herdr sessions %q, want %q (start, /save, /session other)", sessions, want)
	}
	if n := len(slices.DeleteFunc(Applied(reqs, "pane.report_metadata"), isLabels)); n != 0 {
		t.Errorf("iota sent %d metadata reports to herdr, want none but the failure's labels", n)
	}
	if l := h.Pane().StateLabels; len(l) != 0 {
		t.Errorf("herdr labels %v after the exit, want none", l)
	}
	releasedLast(t, h, "")
	if p := h.Pane(); !p.Released || p.SessionID != "other" {
		t.Errorf("pane at the end %+v, want released, in session other", p)
	}
}

// HostsHerdrKilled: SIGTERM and SIGHUP during a turn release the pane.
func HostsHerdrKilled(t *testing.T, ch *Chat) {
	t.Parallel()
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGHUP} {
		t.Run(sig.String(), func(t *testing.T) {
			t.Parallel()
			h := fakehost.NewHerdr(t)
			c := ch.Start(t, fakeEnv(t, h.Env()))
			herdrGot(t, h, 0, "idle")
			c.Write("slow\r")
			herdrGot(t, h, 1, "working")
			c.Signal(sig)
			c.Exit()
			releasedLast(t, h, " after "+sig.String())
			if p := h.Pane(); !p.Released {
				t.Errorf("pane not released after %v: %+v", sig, p)
			}
		})
	}
}

// HostsHerdrHeadless: -m in a herdr pane reports working from the
// start (no idle before it), idle with the reply, the release on exit; a
// failed turn is idle too, and the exit code is 1.
func HostsHerdrHeadless(t *testing.T, ch *Chat) {
	t.Parallel()
	tests := []struct {
		prompt, text string
		code         int
	}{
		{"hello", "You said: hello", 0},
		{"fail", "Error: scripted failure", 1},
	}
	for _, tt := range tests {
		t.Run(tt.prompt, func(t *testing.T) {
			t.Parallel()
			h := fakehost.NewHerdr(t)
			c := ch.Start(t, fakeEnv(t, h.Env()), "-session", "s3", "-m", tt.prompt)
			c.exitCode(tt.code, "")
			c.wantText(tt.text)
			reqs := h.Requests()
			if got, want := herdrStates(reqs), []string{"working", "idle"}; !slices.Equal(got, want) {
				t.Errorf("herdr states %q, want %q\n%s", got, want, RequestLog(h))
			}
			if len(reqs) == 0 || reqs[0].Method != "pane.report_agent" || reqs[0].Str("state") != "working" {
				t.Errorf("the first request is not working:\n%s", RequestLog(h))
			}
			releasedLast(t, h, "")
			if p := h.Pane(); !p.Released || p.SessionID != "s3" {
				t.Errorf("pane %+v, want released, in session s3", p)
			}
		})
	}
}
