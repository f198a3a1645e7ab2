//go:build linux || darwin

package chattest

import (
	"path/filepath"
	"strings"
	"testing"
	"testing/synctest"

	"github.com/hostbridge/hostbridge/host/hosttest"
	"github.com/hostbridge/hostbridge/internal/chatscript"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// The golden tests run the chat's own model, built as the chat builds it,
// in-process with its Bubble Tea version's teatest kit under each fake host
// and both profiles, and compare what every host was told with
// <dir>/TestGolden<case>/<profile>.golden: one set of files, the v1
// chat's, for both chats, as a v2 app tells every host the same things.
//
// Each run is inside a synctest bubble: the scripted model's timers are
// virtual, and virtual time only moves once every goroutine of the chat
// (Bubble Tea, hostbridge's workers) is blocked on the bubble. A report in
// flight to a fake host (a socket round trip, a cmux process) holds time
// still, so a state is never coalesced away by a slow host and the
// transcript is the same on every run, however loaded the machine. The
// fakes live outside the bubble (they block on real I/O).

// Until names where an input of the golden conversation takes the chat.
type Until int

const (
	UntilAny      Until = iota // anywhere: the input needs no wait
	UntilIdle                  // no turn runs
	UntilApproval              // the turn waits for an approval
	UntilSubAgent              // the turn waits for a sub-agent
)

// Holds says whether a chat is where u says: idle says no turn runs, and
// waiting is what its turn waits for.
func (u Until) Holds(idle bool, waiting chatscript.Wait) bool {
	switch u {
	case UntilIdle:
		return idle
	case UntilApproval:
		return waiting == chatscript.WaitApproval
	case UntilSubAgent:
		return waiting == chatscript.WaitSubAgent
	}
	return true
}

// A GoldenDriver drives one chat's model in one version's kit.
type GoldenDriver interface {
	Focus(focused bool)  // a focus (true) or blur report
	Type(text string)    // text typed
	Enter(text string)   // text typed and sent with enter
	WaitModel(u Until)   // until the model is where u says
	WaitFinished() error // until the program has ended
}

// GoldenConversation is the run every golden records: ready; a reply
// while the terminal is focused; looking elsewhere, an approval granted,
// a failed turn; /save; /model; a delegated sub-agent whose request is
// granted; /session other; /quit. After each input it waits until the
// chat is where the input takes it and everything it started has settled:
// every Cmd has run and every host has taken every report (all the chat's
// goroutines are blocked on the bubble).
func GoldenConversation(t *testing.T, d GoldenDriver) {
	t.Helper()
	wait := func(u Until) {
		d.WaitModel(u)
		synctest.Wait()
	}
	line := func(text string, u Until) {
		d.Enter(text)
		wait(u)
	}
	synctest.Wait() // the facts Init sends
	d.Focus(true)
	line("hello", UntilIdle)
	d.Focus(false)
	line("approve this", UntilApproval)
	d.Type("y")
	wait(UntilIdle)
	line("fail now", UntilIdle)
	line("/save", UntilAny)
	line("/model opus-9", UntilAny)
	line("delegate the fix", UntilSubAgent)
	d.Type("y")
	wait(UntilIdle)
	line("/session other", UntilAny)
	d.Enter("/quit")
	if err := d.WaitFinished(); err != nil {
		t.Errorf("exit: %v", err)
	}
}

// A GoldenCase is one golden test: the host the chat is told it runs in,
// and, if set, the fakes it talks to (made outside the synctest bubble)
// with a check to run once the conversation is over.
type GoldenCase struct {
	Name  string // the test is TestGolden<Name>
	Host  string
	Hosts func(t *testing.T, p chatscript.Profile) ([]hosttest.Option, func())
}

// GoldenCases are the golden tests, one per host and host nesting.
var GoldenCases = []GoldenCase{
	{"Terminal", "terminal", nil},
	{"Herdr", "herdr", func(t *testing.T, p chatscript.Profile) ([]hosttest.Option, func()) {
		h := fakehost.NewHerdr(t)
		return []hosttest.Option{h}, func() { checkHerdrSessions(t, h, p) }
	}},
	{"Tuios", "tuios", func(t *testing.T, _ chatscript.Profile) ([]hosttest.Option, func()) {
		return []hosttest.Option{fakehost.NewTuios(t)}, nothingToCheck
	}},
	// A tuios pane that carries herdr's variables (without HERDR_ENV, as
	// tuios sets them): the states go over herdr's API, the rail facts and
	// the sub-agents over tuios's own verbs.
	{"TuiosHerdrAPI", "tuios", func(t *testing.T, _ chatscript.Profile) ([]hosttest.Option, func()) {
		return []hosttest.Option{fakehost.NewHerdr(t), fakehost.NewTuios(t),
			fakehost.WithEnv("HERDR_ENV", "")}, nothingToCheck
	}},
	{"Cmux", "cmux", func(t *testing.T, _ chatscript.Profile) ([]hosttest.Option, func()) {
		return []hosttest.Option{fakehost.NewCmux(t)}, nothingToCheck
	}},
	// A herdr pane inside a cmux window: herdr is the innermost host and
	// gets everything; cmux is never run.
	{"HerdrInCmux", "herdr", func(t *testing.T, _ chatscript.Profile) ([]hosttest.Option, func()) {
		cm := fakehost.NewCmux(t)
		return []hosttest.Option{fakehost.NewHerdr(t), cm}, func() {
			if calls := cm.Calls(); len(calls) != 0 {
				t.Errorf("cmux was run inside herdr: %q", calls)
			}
		}
	}},
}

func nothingToCheck() {}

// A GoldenRun builds the chat with f, told it runs in host, in a kit
// with the fakes' options (and its own), drives it through
// GoldenConversation and returns the kit's transcript.
type GoldenRun func(t *testing.T, f chatscript.Flags, host string, fakes []hosttest.Option) string

// Goldens runs every case of GoldenCases once per profile, as the subtest
// <case>/<profile> of t, each in a synctest bubble, and compares what run
// returns with dir/TestGolden<case>/<profile>.golden.
func Goldens(t *testing.T, dir string, run GoldenRun) {
	for _, c := range GoldenCases {
		t.Run(c.Name, func(t *testing.T) {
			t.Parallel()
			golden(t, dir, c, run)
		})
	}
}

func golden(t *testing.T, dir string, c GoldenCase, run GoldenRun) {
	for _, p := range []chatscript.Profile{chatscript.ProfileIota, chatscript.ProfileMendcode} {
		t.Run(p.String(), func(t *testing.T) {
			t.Parallel()
			var fakes []hosttest.Option
			check := nothingToCheck
			if c.Hosts != nil {
				fakes, check = c.Hosts(t, p)
			}
			synctest.Test(t, func(t *testing.T) {
				got := run(t, chatscript.Flags{Agent: "chat", Notify: true, Profile: p}, c.Host, fakes)
				fakehost.RequireGoldenFile(t, filepath.Join(dir, "TestGolden"+c.Name, p.String()+".golden"), got)
			})
			check()
		})
	}
}

// checkHerdrSessions reads what the transcript leaves out: the session of
// each session report (s1 at start and at /save, other after /session),
// and in the mendcode profile the session and its resume command with
// every state.
func checkHerdrSessions(t *testing.T, h *fakehost.Herdr, p chatscript.Profile) {
	t.Helper()
	if got, want := strings.Join(herdrSessions(t, h.Requests(), ""), ","), "s1,s1,other"; got != want {
		t.Errorf("herdr sessions %s, want %s\n%s", got, want, RequestLog(h))
	}
	for _, r := range Applied(h.Requests(), "pane.report_agent") {
		id := r.Str("agent_session_id")
		switch {
		case p == chatscript.ProfileIota && id != "":
			t.Errorf("iota: a state report carries a session: %s", r.Line)
		case p == chatscript.ProfileMendcode && id != "s1" && id != "other":
			t.Errorf("mendcode: a state report without the session: %s", r.Line)
		}
	}
}
