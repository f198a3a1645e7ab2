//go:build linux || darwin

package main

import (
	"strings"
	"testing"
	"testing/synctest"
	"time"

	tea "charm.land/bubbletea/v2"
	"github.com/hostbridge/hostbridge/host/hosttest"
	"github.com/hostbridge/hostbridge/internal/chatscript/chattest"
	"github.com/hostbridge/hostbridge/teav2/teatest"
)

// The golden tests are the v1 chat's, with the v2 kit, against the same
// testdata: the v2 chat tells every host the same things.
//
// The golden tests run the chat's own model, built as runTUI builds it,
// in-process with the teatest kit under each fake host and both profiles,
// and compare what every host was told with testdata/<test>/<profile>.golden.
//
// Each run is inside a synctest bubble: the scripted model's timers are
// virtual, and virtual time only moves once every goroutine of the chat
// (Bubble Tea, hostbridge's workers) is blocked on the bubble. A report in
// flight to a fake host (a socket round trip, a cmux process) holds time
// still, so a state is never coalesced away by a slow host and the
// transcript is the same on every run, however loaded the machine. The
// fakes live outside the bubble (they block on real I/O).

// goldenDelay is the scripted turn's length: virtual, so it costs nothing.
const goldenDelay = time.Second

// goldenChat builds the chat as runTUI does, for a dark terminal, in a
// session s1 under a temporary sessions root, told it runs in hostName.
func goldenChat(t *testing.T, f flags, hostName string) (*chat, []hosttest.Option) {
	t.Helper()
	root := t.TempDir()
	sess := openSession(root, "s1")
	c := newChat(chatConfig{
		agent: f.Agent, delay: goldenDelay, styles: newStyles(paletteFor(true)),
		root: root, session: sess,
	})
	c.attach(hostName, systemPrompt(f.Agent, "/work", nil))
	return c, []hosttest.Option{teatest.WithBridgeOptions(f.Options(sess)...), hosttest.WithReplace(root, "<sessions>")}
}

// goldenRun drives a kit the way a person drives the chat: a line typed
// and sent, then a wait until the chat is where the line takes it and
// everything it started has settled.
type goldenRun struct {
	t *testing.T
	k *teatest.Kit
}

// settle waits until every Cmd has run and every host has taken every
// report: all the chat's goroutines are blocked on the bubble.
func (g goldenRun) settle() { synctest.Wait() }

// line types text, presses enter, and waits until cond holds for the chat.
func (g goldenRun) line(text string, cond func(*chat) bool) {
	g.t.Helper()
	g.k.Type(text)
	g.k.Key("enter")
	g.wait(cond)
}

// key presses one rune key (an answer, y or n) and waits until cond holds.
func (g goldenRun) key(r rune, cond func(*chat) bool) {
	g.t.Helper()
	g.k.Type(string(r))
	g.wait(cond)
}

func (g goldenRun) wait(cond func(*chat) bool) {
	g.t.Helper()
	g.k.WaitModel(func(m tea.Model) bool { return cond(m.(*chat)) })
	g.settle()
}

func idleNow(c *chat) bool       { return c.turn == nil }
func anyTime(*chat) bool         { return true }
func waitsApproval(c *chat) bool { return c.waiting() == waitApproval }
func waitsSubAgent(c *chat) bool { return c.waiting() == waitSubAgent }

// goldenConversation is the run every golden records: ready; a reply
// while the terminal is focused; looking elsewhere, an approval granted,
// a failed turn; /save; /model; a delegated sub-agent whose request is
// granted; /session other; /quit.
func goldenConversation(t *testing.T, k *teatest.Kit) {
	t.Helper()
	g := goldenRun{t: t, k: k}
	g.settle() // the facts Init sends
	k.Step(tea.FocusMsg{})
	g.line("hello", idleNow)
	k.Step(tea.BlurMsg{})
	g.line("approve this", waitsApproval)
	g.key('y', idleNow)
	g.line("fail now", idleNow)
	g.line("/save", anyTime)
	g.line("/model opus-9", anyTime)
	g.line("delegate the fix", waitsSubAgent)
	g.key('y', idleNow)
	g.line("/session other", anyTime)
	k.Type("/quit")
	k.Key("enter")
	if err := k.WaitFinished(); err != nil {
		t.Errorf("exit: %v", err)
	}
}

// profiles runs f once per profile, as a subtest named for it.
func profiles(t *testing.T, f func(t *testing.T, p profile)) {
	for _, p := range []profile{profileIota, profileMendcode} {
		t.Run(p.String(), func(t *testing.T) {
			t.Parallel()
			f(t, p)
		})
	}
}

// golden runs the conversation with the chat told it runs in hostName,
// once per profile, and compares the transcript with
// testdata/<test>/<profile>.golden. hosts, if set, makes the fakes (outside
// the synctest bubble: they block on real I/O) and returns the kit's
// options for them and a check to run once the conversation is over.
func golden(t *testing.T, hostName string, hosts func(t *testing.T, p profile) ([]hosttest.Option, func())) {
	t.Parallel()
	profiles(t, func(t *testing.T, p profile) {
		var fakes []hosttest.Option
		check := func() {}
		if hosts != nil {
			fakes, check = hosts(t, p)
		}
		synctest.Test(t, func(t *testing.T) {
			c, opts := goldenChat(t, flags{Agent: "chat", Notify: true, Profile: p}, hostName)
			k := teatest.New(t, c, append(opts, fakes...)...)
			goldenConversation(t, k)
			hosttest.RequireGolden(t, k.Transcript())
		})
		check()
	})
}

func nothingToCheck() {}

func TestGoldenTerminal(t *testing.T) { golden(t, "terminal", nil) }

func TestGoldenHerdr(t *testing.T) {
	golden(t, "herdr", func(t *testing.T, p profile) ([]hosttest.Option, func()) {
		h := hosttest.NewHerdr(t)
		return []hosttest.Option{h}, func() { checkHerdrSessions(t, h, p) }
	})
}

// checkHerdrSessions reads what the transcript leaves out: the session of
// each session report (s1 at start and at /save, other after /session),
// and in the mendcode profile the session and its resume command with
// every state.
func checkHerdrSessions(t *testing.T, h *hosttest.Herdr, p profile) {
	t.Helper()
	var ids []string
	for _, r := range chattest.Applied(h.Requests(), "pane.report_agent_session") {
		ids = append(ids, r.Str("agent_session_id"))
		if !strings.HasSuffix(r.Str("agent_session_path"), "/"+r.Str("agent_session_id")) {
			t.Errorf("session report with path %q", r.Str("agent_session_path"))
		}
	}
	if got, want := strings.Join(ids, ","), "s1,s1,other"; got != want {
		t.Errorf("herdr sessions %s, want %s\n%s", got, want, chattest.RequestLog(h))
	}
	for _, r := range chattest.Applied(h.Requests(), "pane.report_agent") {
		id := r.Str("agent_session_id")
		switch {
		case p == profileIota && id != "":
			t.Errorf("iota: a state report carries a session: %s", r.Line)
		case p == profileMendcode && id != "s1" && id != "other":
			t.Errorf("mendcode: a state report without the session: %s", r.Line)
		}
	}
}

func TestGoldenTuios(t *testing.T) {
	golden(t, "tuios", func(t *testing.T, _ profile) ([]hosttest.Option, func()) {
		return []hosttest.Option{hosttest.NewTuios(t)}, nothingToCheck
	})
}

// TestGoldenTuiosHerdrAPI: a tuios pane that carries herdr's variables
// (without HERDR_ENV, as tuios sets them): the states go over herdr's API,
// the rail facts and the sub-agents over tuios's own verbs.
func TestGoldenTuiosHerdrAPI(t *testing.T) {
	golden(t, "tuios", func(t *testing.T, _ profile) ([]hosttest.Option, func()) {
		return []hosttest.Option{hosttest.NewHerdr(t), hosttest.NewTuios(t),
			hosttest.WithEnv("HERDR_ENV", "")}, nothingToCheck
	})
}

func TestGoldenCmux(t *testing.T) {
	golden(t, "cmux", func(t *testing.T, _ profile) ([]hosttest.Option, func()) {
		return []hosttest.Option{hosttest.NewCmux(t)}, nothingToCheck
	})
}

// TestGoldenHerdrInCmux: a herdr pane inside a cmux window: herdr is the
// innermost host and gets everything; cmux is never run.
func TestGoldenHerdrInCmux(t *testing.T) {
	golden(t, "herdr", func(t *testing.T, _ profile) ([]hosttest.Option, func()) {
		cm := hosttest.NewCmux(t)
		return []hosttest.Option{hosttest.NewHerdr(t), cm}, func() {
			if calls := cm.Calls(); len(calls) != 0 {
				t.Errorf("cmux was run inside herdr: %q", calls)
			}
		}
	})
}
