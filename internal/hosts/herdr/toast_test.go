package herdr_test

import (
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/hosts/herdr"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// clock is a settable time for a backend's Now.
type clock struct {
	mu sync.Mutex
	t  time.Time
}

func (c *clock) now() time.Time { c.mu.Lock(); defer c.mu.Unlock(); return c.t }

func (c *clock) add(d time.Duration) { c.mu.Lock(); c.t = c.t.Add(d); c.mu.Unlock() }

func newToastBackend(t *testing.T, h *fakehost.Herdr) (*herdr.Backend, *clock) {
	c := &clock{t: time.Unix(1_700_000_000, 0)}
	return newHerdrBackend(t, h, func(cfg *herdr.TestConfig) { cfg.Now = c.now }), c
}

func ping(s host.State, msg string) host.Report {
	return host.Report{Kind: host.KindPing, State: s, Message: msg}
}

var exit = host.Report{Kind: host.KindExit, State: host.Idle}

// toasts are the notification.show requests the fake took, as its
// transcript words them.
func toasts(h *fakehost.Herdr) []string {
	var out []string
	for _, l := range h.Transcript() {
		if strings.HasPrefix(l, "herdr notification.show") {
			out = append(out, l)
		}
	}
	return out
}

// A one-shot run's end: herdr holds its own toast for delay_seconds (1 by
// default) and the release ~3 ms later drops it
// (ogulcancelik/herdr@10974c82 src/app/actions.rs record_or_deliver_agent_notification),
// so the backend shows the ping itself, worded and
// sounded as herdr's own (toast_event_text, sound_for_toast_kind), after
// the release (the release first: it is what the exit's budget is for).
// Not a blocked ping's: once the chat is gone, nothing needs attention.
func TestHerdrToastAtOneShotExit(t *testing.T) {
	for _, tt := range []struct {
		state      host.State
		want, body string
	}{
		{host.Idle, `herdr notification.show "chat finished" "chat: your move" done`, "chat: your move"},
		{host.Blocked, "", "chat: approve git push"},
		{host.Failed, `herdr notification.show "chat failed" "chat: the turn failed" done`, "chat: the turn failed"},
	} {
		t.Run(tt.state.String(), func(t *testing.T) {
			h := newFake(t)
			b, c := newToastBackend(t, h)
			mustReport(t, b, state(host.Working), state(tt.state))
			n := len(h.Requests())
			mustReport(t, b, ping(tt.state, tt.body))
			if len(h.Requests()) != n {
				t.Fatalf("the ping alone sent something: %q", h.Transcript())
			}
			c.add(herdrToastDelay - time.Millisecond)
			mustReport(t, b, exit)
			tr := h.Transcript()
			if tt.want == "" {
				if got := toasts(h); len(got) != 0 || !h.Pane().Released {
					t.Fatalf("toasts %q (released: %v), want none", got, h.Pane().Released)
				}
				return
			}
			if got := toasts(h); len(got) != 1 || got[0] != tt.want {
				t.Fatalf("toasts %q, want %q", got, tt.want)
			}
			if slices.Index(tr, tt.want) < slices.Index(tr, "herdr pane.release_agent") {
				t.Errorf("transcript %q: want the toast after the release", tr)
			}
		})
	}
}

// herdrToastDelay is herdr's default delay_seconds (src/config/model.rs).
const herdrToastDelay = time.Second

// The title is at most 64+9 characters ("finished"), within herdr's 80; the body is cut to
// herdr's 240.
func TestHerdrToastBounds(t *testing.T) {
	h := newFake(t)
	agent := strings.Repeat("a", 64)
	c := &clock{t: time.Unix(1_700_000_000, 0)}
	b := newHerdrBackend(t, h, func(cfg *herdr.TestConfig) { cfg.Now, cfg.Agent = c.now, agent })
	mustReport(t, b, state(host.Failed), ping(host.Failed, strings.Repeat("é", 300)), exit)
	var got []fakehost.Request
	for _, r := range h.Requests() {
		if r.Method == "notification.show" {
			got = append(got, r)
		}
	}
	if len(got) != 1 {
		t.Fatalf("%d notification.show requests, want 1", len(got))
	}
	title, body := []rune(got[0].Str("title")), []rune(got[0].Str("body"))
	if string(title) != agent+" failed" || len(body) != 240 {
		t.Errorf("title %q (%d), body of %d characters", string(title), len(title), len(body))
	}
}

// A ping herdr has had a second to show (its default delay) was shown by
// herdr: none more at the exit.
func TestHerdrNoToastForAnOldPing(t *testing.T) {
	h := newFake(t)
	b, c := newToastBackend(t, h)
	mustReport(t, b, state(host.Idle), ping(host.Idle, "chat: your move"))
	c.add(herdrToastDelay)
	mustReport(t, b, exit)
	if got := toasts(h); len(got) != 0 {
		t.Errorf("toasts %q, want none", got)
	}
	wantTranscript(t, h, []string{"herdr pane.report_agent idle", "herdr pane.report_metadata state_labels=(clear)", "herdr pane.release_agent"})
}

// The worker may send a held ping as its last word after the exit
// (internal/core/ping.go heldPing): shown at once, and only one a chat end;
// a blocked one not at all.
func TestHerdrToastForAPingAfterTheExit(t *testing.T) {
	h := newFake(t)
	b, c := newToastBackend(t, h)
	mustReport(t, b, state(host.Failed), exit)
	c.add(time.Hour)
	mustReport(t, b, ping(host.Blocked, "chat: approve"), ping(host.Failed, "chat: failed"), ping(host.Failed, "chat: failed again"))
	want := []string{`herdr notification.show "chat failed" "chat: failed" done`}
	if got := toasts(h); len(got) != 1 || got[0] != want[0] {
		t.Errorf("toasts %q, want %q", got, want)
	}
	if tr := h.Transcript(); tr[len(tr)-2] != "herdr pane.release_agent" {
		t.Errorf("transcript %q, want the toast after the release", tr)
	}

	// A toast at the exit is the chat end's one.
	h2 := newFake(t)
	b2, _ := newToastBackend(t, h2)
	mustReport(t, b2, state(host.Idle), ping(host.Idle, "chat: your move"), exit, ping(host.Idle, "chat: held"))
	if got := toasts(h2); len(got) != 1 || !strings.Contains(got[0], "your move") {
		t.Errorf("toasts %q, want the exit's only", got)
	}
}

// A herdr before 0.6.9 has no notification.show: it does not parse the
// line (invalid_request, src/api/server.rs). The release goes all the same
// and the exit reports no error.
func TestHerdrToastRefused(t *testing.T) {
	h := newFake(t)
	h.ExpectRefusals()
	h.Old("0.6.8")
	b, _ := newToastBackend(t, h)
	mustReport(t, b, state(host.Idle), ping(host.Idle, "chat: your move"), exit)
	var answers []string
	for _, r := range h.Requests() {
		answers = append(answers, r.Method+" "+r.Answer)
	}
	want := "pane.report_agent ,pane.report_metadata ,pane.release_agent ,notification.show invalid_request"
	if got := strings.Join(answers, ","); got != want {
		t.Errorf("requests and answers %q\nwant %q", got, want)
	}
	if !h.Pane().Released {
		t.Error("pane not released")
	}
}
