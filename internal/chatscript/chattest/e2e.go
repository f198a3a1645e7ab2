//go:build linux || darwin

package chattest

import (
	"fmt"
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// TurnDelay is the chat's -delay in these tests: an approval comes a
// quarter of it after the turn starts, time for a test to see the bar
// working first. (Hosts get every state whatever the load: Start passes
// -every-report, so none is coalesced away.)
const TurnDelay = "1s"

// PTYChat types a reply, an approval and a failure into the real chat
// and reads back the bar (OSC 9;4) and the pings (OSC 9) it writes.
func PTYChat(t *testing.T, ch *Chat) {
	t.Parallel()
	c := ch.Start(t, TestEnv(t))
	c.WaitText("● ready")

	// Looking elsewhere: a reply ends the turn with a ping.
	m := c.mark()
	c.Write("\x1b[O")
	c.Write("hello\r")
	c.waitProgress(m, "3", "0")
	c.WaitFor("the reply's ping", func([]byte) bool { return len(c.Pings(m)) > 0 })
	if got := c.Pings(m); len(got) != 1 || got[0] != "You said: hello" {
		t.Errorf("pings %q, want one with the reply", got)
	}

	// Looking: the approval and the failure show on the bar, never a ping.
	focused := c.mark()
	c.Write("\x1b[I")
	c.Write("approve this\r")
	c.waitProgress(focused, "3", "4;100")
	c.WaitText("needs you")
	c.Write("y")
	m = c.waitProgress(focused, "3", "4;100", "3", "0")
	c.Write("fail now\r")
	c.waitProgress(m, "3", "2;100")
	c.WaitText("Error: scripted failure")

	c.Quit()
	if got := c.lastProgress(); got != "0" {
		t.Errorf("last progress %q after /quit, want 0 (cleared)", got)
	}
	if got := c.Pings(focused); len(got) != 0 {
		t.Errorf("pings while focused: %q", got)
	}
	t.Logf("bar %q, pings %q", c.Progress(0), c.Pings(0))
}

// PTYNotifyOff: -notify=false never pings, focused or not; the bar is
// unchanged.
func PTYNotifyOff(t *testing.T, ch *Chat) {
	t.Parallel()
	c := ch.Start(t, TestEnv(t), "-notify=false")
	c.WaitText("● ready")
	m := c.mark()
	c.Write("\x1b[O")
	c.Write("hello\r")
	m = c.waitProgress(m, "3", "0")
	c.Write("approve\r")
	c.waitProgress(m, "3", "4;100")
	c.Write("n")
	c.WaitText("Denied")
	c.Quit()
	if got := c.Pings(0); len(got) != 0 {
		t.Errorf("pings with -notify=false: %q", got)
	}
	if got := c.lastProgress(); got != "0" {
		t.Errorf("last progress %q, want 0", got)
	}
}

// PTYCoalescedFocus sends a blur and a focus in one write (which Bubble
// Tea v1 parses as neither focus report): hostbridge must learn the last
// one.
func PTYCoalescedFocus(t *testing.T, ch *Chat) {
	t.Parallel()
	tests := []struct {
		name, reports string
		ping          bool
	}{
		{"blur then focus", "\x1b[O\x1b[I", false},
		{"focus then blur", "\x1b[I\x1b[O", true},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			t.Parallel()
			c := ch.Start(t, TestEnv(t))
			c.WaitText("● ready")
			m := c.mark()
			c.Write(tt.reports)
			c.Write("hello\r")
			end := c.waitProgress(m, "3", "0")
			// The next turn's bar comes after any ping of this one: reports
			// to the terminal keep their order.
			c.Write("fail\r")
			c.waitProgress(end, "3", "2;100")
			pings := c.Pings(m)
			switch {
			case tt.ping && (len(pings) == 0 || pings[0] != "You said: hello"):
				t.Errorf("pings %q, want the reply (the terminal is not focused)", pings)
			case !tt.ping && len(pings) > 0:
				t.Errorf("pings %q while focused", pings)
			}
			if plain := ansi.Strip(string(c.Output())); strings.Contains(plain, "[Ohello") || strings.Contains(plain, "[Ihello") {
				t.Error("a focus report reached the prompt as text")
			}
			c.Write("\x03") // ctrl+c
			c.exitCode(0, " after ctrl+c")
			if got := c.lastProgress(); got != "0" {
				t.Errorf("last progress %q after ctrl+c, want 0", got)
			}
		})
	}
}

// PTYSignals: the bar is cleared whichever signal ends the chat, even
// SIGHUP, for which Bubble Tea has no handler.
func PTYSignals(t *testing.T, ch *Chat) {
	t.Parallel()
	tests := []struct {
		sig  syscall.Signal
		code int // -1: ended by the signal itself
	}{
		{syscall.SIGTERM, 143}, // 128+15, as a shell reports it
		{syscall.SIGHUP, -1},
		{syscall.SIGINT, 130},
	}
	for _, tt := range tests {
		t.Run(tt.sig.String(), func(t *testing.T) {
			t.Parallel()
			c := ch.Start(t, TestEnv(t))
			c.WaitText("● ready")
			m := c.mark()
			c.Write("slow\r") // 20 s: still running when the signal comes
			c.waitProgress(m, "3")
			c.Signal(tt.sig)
			st := c.Exit()
			if got := c.lastProgress(); got != "0" {
				t.Errorf("last progress %q after %v, want 0 (cleared)", got, tt.sig)
			}
			ws, _ := st.Sys().(syscall.WaitStatus)
			switch {
			case tt.code >= 0 && st.ExitCode() != tt.code:
				t.Errorf("exit code %d after %v, want %d (%v)", st.ExitCode(), tt.sig, tt.code, st)
			case tt.code < 0 && !(ws.Signaled() && ws.Signal() == tt.sig):
				t.Errorf("after %v the chat ended with %v, want killed by the signal", tt.sig, st)
			}
		})
	}
}

// PTYHeadless runs -m in a pty: the reply on the terminal, the bar
// working then cleared, the exit code.
func PTYHeadless(t *testing.T, ch *Chat) {
	t.Parallel()
	tests := []struct {
		prompt, text string
		code         int
		bar          []string
	}{
		{"hello", "You said: hello", 0, []string{"3", "0"}},
		{"fail", "Error: scripted failure", 1, []string{"3", "2;100", "0"}},
	}
	for _, tt := range tests {
		t.Run(tt.prompt, func(t *testing.T) {
			t.Parallel()
			c := ch.Start(t, TestEnv(t), "-m", tt.prompt)
			c.exitCode(tt.code, "")
			c.wantText(tt.text)
			c.waitProgress(0, tt.bar...)
		})
	}
}

// PTYHerdr runs the chat in a (fake) herdr pane: herdr gets the
// states, the session and the release; the terminal gets no bar, since
// herdr shows the state.
func PTYHerdr(t *testing.T, ch *Chat) {
	t.Parallel()
	h := fakehost.NewHerdr(t)
	c := ch.Start(t, fakeEnv(t, h.Env()), "-session", "s1")
	c.WaitText("● ready")
	paneIs := func(state string) {
		t.Helper()
		waitPane(t, h, state, func(p fakehost.HerdrPane) bool { return p.State == state })
	}
	paneIs("idle")
	c.Write("approve this\r")
	paneIs("blocked")
	c.Write("y")
	c.WaitText("Pushed. You said: approve this")
	paneIs("idle")
	c.Write("/save\r")
	c.WaitText("Saved session s1")
	// The saved session reaches herdr (before the quit: a report still
	// failing and being retried at exit may be given up, which is the
	// bounded exit, not what this test is about).
	waitHerdr(t, h, "the saved session", func(reqs []fakehost.Request) bool {
		return len(Applied(reqs, "pane.report_agent_session")) == 2
	})
	c.Quit()
	// The states in order (a report that failed under load and was retried
	// may land after a session report, so those are checked apart), then
	// the release, last.
	if states, want := herdrStates(h.Requests()), []string{"idle", "working", "blocked", "working", "idle"}; !slices.Equal(states, want) {
		t.Errorf("herdr states %q, want %q\n%s", states, want, RequestLog(h))
	}
	releasedLast(t, h, "")
	p := h.Pane()
	if !p.Released || p.Agent != "chat" || p.SessionID != "s1" || !strings.HasSuffix(p.SessionPath, "/hostbridge-chat/sessions/s1") {
		t.Errorf("pane %+v", p)
	}
	c.noBar("herdr")
}

// PTYHerdrMendcode: with the mendcode profile herdr gets the blocked
// message, and the same request as the blocked state's label, which is
// what herdr shows (v0.8.2: the message is shown nowhere); a waiting
// sub-agent holds the pane blocked, and the model's facts go as metadata
// tokens.
func PTYHerdrMendcode(t *testing.T, ch *Chat) {
	t.Parallel()
	h := fakehost.NewHerdr(t)
	c := ch.Start(t, fakeEnv(t, h.Env()), "-profile", "mendcode", "-agent", "mc", "-session", "s2")
	c.WaitText("● ready")
	c.Write("approve\r")
	waitPane(t, h, "blocked on the approval", func(p fakehost.HerdrPane) bool {
		return p.State == "blocked" && p.Message == "approve shell: git push" && p.StateLabels["blocked"] == p.Message
	})
	c.Write("n")
	waitPane(t, h, "idle", func(p fakehost.HerdrPane) bool { return p.State == "idle" && len(p.StateLabels) == 0 })
	c.Write("delegate\r")
	waitPane(t, h, "blocked by the sub-agent", func(p fakehost.HerdrPane) bool {
		return p.State == "blocked" && p.Message == "Fix the flaky test: Allow shell" && p.StateLabels["blocked"] == p.Message
	})
	c.Write("y")
	c.WaitText("Fixed the flaky test.")
	waitPane(t, h, "idle", func(p fakehost.HerdrPane) bool { return p.State == "idle" })
	c.Write("/model opus-9\r")
	waitPane(t, h, "showing the model", func(p fakehost.HerdrPane) bool { return p.Tokens["model"] == "opus-9" })
	c.Quit()
	p := h.Pane()
	if !p.Released || p.Agent != "mc" || p.SessionID != "s2" {
		t.Errorf("pane %+v", p)
	}
	for _, r := range h.Requests() {
		if r.Method == "pane.report_agent" && r.Str("agent_session_id") != "s2" {
			t.Errorf("a state report without the session: %s", r.Line)
		}
	}
}

// RequestLog lists every request the fake herdr got, applied or not, for
// a failure message.
func RequestLog(h *fakehost.Herdr) string {
	var b strings.Builder
	for _, r := range h.Requests() {
		seq, _ := r.Seq()
		fmt.Fprintf(&b, "%s %s %s seq=%d applied=%v reply=%s\n",
			r.Received.Format("15:04:05.000"), r.Method, r.Str("state"), seq, r.Applied, r.Reply)
	}
	return b.String()
}

// Applied returns the requests of method that herdr applied.
func Applied(reqs []fakehost.Request, method string) []fakehost.Request {
	var out []fakehost.Request
	for _, r := range reqs {
		if r.Method == method && r.Applied {
			out = append(out, r)
		}
	}
	return out
}
