package kittest

import (
	"runtime"
	"slices"
	"strings"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/hostbridge/hostbridge/bridge"
	"github.com/hostbridge/hostbridge/host/hosttest"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// The cases of the kits' TestKit* tests on the test chat (Version.Chat),
// in the order of the kits' test files.

// Conversation is the golden run: start, a turn, an approval while the
// terminal is not focused (a ping), a failed turn (a ping), a turn that
// ends while focused (no ping), quit.
func Conversation[M, Model any](t *testing.T, v Version[M, Model], k Kit[M, Model]) {
	t.Helper()
	k.Step(v.Focus)
	k.Step(msg[M](bridge.TurnStarted{}))
	k.Step(v.Blur)
	k.Step(msg[M](bridge.ApprovalNeeded{Tool: "shell", Action: "git push"}))
	k.Step(msg[M](bridge.TurnStarted{}))
	k.Step(msg[M](bridge.TurnFailed{Headline: "Error: rate limited"}))
	k.Step(v.Focus)
	k.Step(msg[M](bridge.TurnStarted{}), msg[M](bridge.Idle{Reply: "Pushed.\nAll good."}))
	if err := k.Quit(); err != nil {
		t.Errorf("exit: %v", err)
	}
}

// msg is m as the version's tea.Msg (an interface both versions' are).
func msg[M any](m any) M { return m.(M) }

// Golden runs the Conversation on the test chat, named "chat", in the
// panes of the fakes among opts, and compares its transcript, which it
// returns, with the test's golden file.
func Golden[M, Model any](t *testing.T, v Version[M, Model], opts ...hosttest.Option) string {
	t.Helper()
	k := v.New(t, v.Chat, append(opts, v.WithBridgeOptions(func(c *bridge.Config) { c.Agent = "chat" }))...)
	Conversation(t, v, k)
	tr := k.Transcript()
	hosttest.RequireGolden(t, tr)
	return tr
}

func Terminal[M, Model any](t *testing.T, v Version[M, Model]) {
	t.Parallel()
	Golden(t, v)
}

func Herdr[M, Model any](t *testing.T, v Version[M, Model]) {
	t.Parallel()
	h := hosttest.NewHerdr(t)
	Golden(t, v, h, v.WithBridgeOptions(func(c *bridge.Config) {
		c.BlockedMessage, c.SessionID, c.SessionDir = true, "s-1", "/sessions/s-1"
	}))
	if p := h.Pane(); !p.Released {
		t.Errorf("pane not released at exit: %+v", p)
	}
}

func Tuios[M, Model any](t *testing.T, v Version[M, Model]) {
	t.Parallel()
	Golden(t, v, hosttest.NewTuios(t))
}

func Cmux[M, Model any](t *testing.T, v Version[M, Model]) {
	if runtime.GOOS == "windows" {
		t.Skip("the fake cmux is a POSIX sh script")
	}
	t.Parallel()
	c := fakehost.NewCmux(t)
	if tr := Golden(t, v, c); strings.Contains(tr, c.Env()["CMUX_WORKSPACE_ID"]) {
		t.Errorf("the workspace id was not normalised:\n%s", tr)
	}
}

// Screen runs the chat inside GNU screen: the real terminal backend wraps
// each sequence in screen's passthrough and the capture reads it back.
func Screen[M, Model any](t *testing.T, v Version[M, Model]) {
	t.Parallel()
	k := v.New(t, v.Chat, hosttest.WithEnv("STY", "4242.pts-0.box"))
	k.Step(v.Blur)
	k.Step(msg[M](bridge.ApprovalNeeded{Question: "Which branch?"}))
	_ = k.Quit()
	want := "terminal progress 0 via screen\nterminal progress 4;100 via screen\n" +
		"terminal ping \"Which branch?\" via screen\nterminal progress 0 via screen\n"
	if got := k.Transcript(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// Replace: the app's own unstable values are replaced in every line.
func Replace[M, Model any](t *testing.T, v Version[M, Model]) {
	t.Parallel()
	dir := t.TempDir()
	k := v.New(t, v.Chat, hosttest.WithReplace(dir, "<dir>"))
	k.Step(msg[M](bridge.ApprovalNeeded{Question: "Delete " + dir + "/cache?"}))
	if tr := k.Transcript(); !strings.Contains(tr, `terminal ping "Delete <dir>/cache?"`) {
		t.Errorf("transcript:\n%s", tr)
	}
}

// TranscriptSections: one section per host, a blank line between,
// "(nothing)" for a host that was told nothing.
func TranscriptSections[M, Model any](t *testing.T, v Version[M, Model]) {
	t.Parallel()
	k := v.New(t, v.Chat, hosttest.NewHerdr(t), hosttest.WithEnv("TERM_PROGRAM", "Apple_Terminal"))
	want := "terminal (nothing)\n\nherdr pane.report_agent idle\nherdr pane.report_metadata state_labels=(clear)\n"
	if got := k.Transcript(); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// Waits: a turn whose reply arrives from a Cmd, after a timer, is waited
// for on the model; WaitModel returns once what the Update that met the
// condition set going has reached the hosts.
func Waits[M, Model any](t *testing.T, v Version[M, Model]) {
	t.Parallel()
	h := hosttest.NewHerdr(t)
	k := v.New(t, v.Chat, h)
	k.Step(v.Focus)
	k.Step(msg[M](Submit{Reply: "hi", After: 20 * time.Millisecond}))
	k.WaitModel(func(m Model) bool { turns, busy := v.Turns(m); return turns == 1 && !busy })
	want := []string{"herdr pane.report_agent idle", "herdr pane.report_metadata state_labels=(clear)", "herdr pane.report_agent working", "herdr pane.report_agent idle"}
	if got := h.Transcript(); !slices.Equal(got, want) {
		t.Errorf("after WaitModel: %q, want %q", got, want)
	}
	k.Send(msg[M](Submit{Reply: "again", After: time.Millisecond}))
	k.WaitModel(func(m Model) bool { turns, busy := v.Turns(m); return turns == 2 && !busy })
	if got := h.Transcript(); len(got) != 6 || got[5] != "herdr pane.report_agent idle" {
		t.Errorf("after the second turn herdr shows %q", got)
	}
	hosttest.WaitFor(t, func() bool { return strings.Count(k.Transcript(), "herdr pane.report_agent idle") == 3 })
	if view := k.View(); !strings.Contains(view, "turns: 2") {
		t.Errorf("View = %q: it is the view once WaitModel's wait settled", view)
	}
	if turns, busy := v.Turns(k.FinalModel()); turns != 2 || busy {
		t.Errorf("final model: %d turns, busy %v", turns, busy)
	}
	if !strings.Contains(k.Transcript(), "herdr pane.release_agent") {
		t.Errorf("no release after FinalModel:\n%s", k.Transcript())
	}
}

// AppQuits: the app's own tea.Quit runs the exit before the program ends;
// WaitFinished waits for that, and Quit afterwards is harmless.
func AppQuits[M, Model any](t *testing.T, v Version[M, Model]) {
	t.Parallel()
	k := v.New(t, v.Chat)
	k.Step(msg[M](bridge.TurnStarted{}))
	k.Key("ctrl+c")
	if err := k.WaitFinished(); err != nil {
		t.Error(err)
	}
	want := "terminal progress 0\nterminal progress 3\nterminal progress 0\n"
	if got := k.Transcript(); got != want {
		t.Errorf("transcript after the app quit: %q", got)
	}
	if err := k.Quit(); err != nil {
		t.Error(err)
	}
	k.Step(msg[M](bridge.TurnStarted{})) // after the end: nothing happens, nothing hangs
	k.Step()
	if got := k.Transcript(); got != want {
		t.Errorf("lines after the end: %q", got)
	}
}

// LeavesNoGoroutine: once a test's cleanup has run, nothing the kit,
// hostbridge, Bubble Tea or the fake started is left.
func LeavesNoGoroutine[M, Model any](t *testing.T, v Version[M, Model]) {
	before := goleak.IgnoreCurrent()
	t.Run("run", func(t *testing.T) {
		k := v.New(t, v.Chat, hosttest.NewHerdr(t))
		k.Step(msg[M](Submit{Reply: "hi", After: time.Millisecond}))
		hosttest.WaitFor(t, func() bool { return strings.Contains(k.Transcript(), `terminal ping "hi"`) })
	})
	goleak.VerifyNone(t, before)
}

// EnvironmentIsIsolated: detection sees the kit's map only, not the
// process environment (where a developer may be inside herdr or tmux).
func EnvironmentIsIsolated[M, Model any](t *testing.T, v Version[M, Model]) {
	h := hosttest.NewHerdr(t)
	for name, value := range h.Env() {
		t.Setenv(name, value)
	}
	t.Setenv("TMUX", "/tmp/tmux-1000/default,1,0")
	k := v.New(t, v.Chat)
	k.Step(msg[M](bridge.TurnStarted{}))
	if got := k.Transcript(); got != "terminal progress 0\nterminal progress 3\n" {
		t.Errorf("the kit saw the process's tmux: %q", got)
	}
	if got := h.Transcript(); len(got) != 0 {
		t.Errorf("the kit saw the process's herdr: %q", got)
	}
}

// ReportsFailures: the kit's failures reach the test's goroutine, named.
func ReportsFailures[M, Model any](t *testing.T, v Version[M, Model]) {
	t.Run("a stuck Update times the Step out", func(t *testing.T) {
		r := &RecordingTB{}
		release := make(chan struct{})
		errs := r.Run(func() {
			k := v.New(r, v.Stuck(release), hosttest.WithTimeout(50*time.Millisecond))
			r.Cleanup(func() { close(release) }) // runs before the kit's own cleanup
			k.Step(msg[M](Block{}))
			t.Error("Step returned")
		})
		if len(errs) != 1 || !strings.Contains(errs[0], "kittest.Block") {
			t.Errorf("errors = %q", errs)
		}
	})
	t.Run("a panic in Update fails the test at Quit", func(t *testing.T) {
		r := &RecordingTB{}
		errs := r.Run(func() {
			k := v.New(r, v.Stuck(nil))
			k.Step(msg[M]("boom"))
			k.Step(msg[M](bridge.TurnStarted{})) // the program is gone: returns at once
		})
		if len(errs) != 1 || !strings.Contains(errs[0], "the app panicked: scripted panic") {
			t.Errorf("errors = %q", errs)
		}
	})
	t.Run("a panic in View fails the test at Quit", func(t *testing.T) {
		r := &RecordingTB{}
		errs := r.Run(func() {
			k := v.New(r, v.Stuck(nil))
			k.Step(msg[M](BreakView{}))
			if err := k.WaitFinished(); err != nil {
				t.Errorf("exit: %v", err)
			}
		})
		if len(errs) != 1 || !strings.Contains(errs[0], "the app panicked: scripted View panic") {
			t.Errorf("errors = %q", errs)
		}
	})
	t.Run("a bad hostbridge option fails New", func(t *testing.T) {
		r := &RecordingTB{}
		errs := r.Run(func() {
			v.New(r, v.Chat, v.WithBridgeOptions(func(c *bridge.Config) { c.Agent = "no spaces" }))
			t.Error("New returned")
		})
		if len(errs) != 1 || !strings.Contains(errs[0], "agent name") {
			t.Errorf("errors = %q", errs)
		}
	})
}

// RefusesMisuse: what would fail later, or by chance, fails at once with
// a message that says what to do: a model already wrapped, a key name the
// kit does not know.
func RefusesMisuse[M, Model any](t *testing.T, v Version[M, Model]) {
	t.Run("an already wrapped model", func(t *testing.T) {
		wrapped, closeIt := v.Wrap(v.Chat)
		defer closeIt()
		r := &RecordingTB{}
		errs := r.Run(func() {
			v.New(r, wrapped)
			t.Error("New returned")
		})
		if len(errs) != 1 || !strings.Contains(errs[0], "hostbridge.Wrap") {
			t.Errorf("errors = %q", errs)
		}
	})
	t.Run("an unknown key name lists the known ones", func(t *testing.T) {
		r := &RecordingTB{}
		errs := r.Run(func() {
			k := v.New(r, v.Chat)
			k.Key("enterr")
			t.Error("Key returned")
		})
		if len(errs) != 1 || !strings.Contains(errs[0], `"enterr"`) || !strings.Contains(errs[0], "enter, ") {
			t.Errorf("errors = %q", errs)
		}
	})
}

// AgentNameIsStable: without WithAgent the hosts are told the agent
// "chat", not the test binary's name, so a golden is the same whichever
// package's test wrote it.
func AgentNameIsStable[M, Model any](t *testing.T, v Version[M, Model]) {
	c := hosttest.NewCmux(t)
	k := v.New(t, v.Chat, c)
	if err := k.Quit(); err != nil {
		t.Fatal(err)
	}
	got := strings.Join(c.Transcript(), "\n")
	if !strings.Contains(got, " chat") || strings.Contains(got, ".test") {
		t.Errorf("cmux was told:\n%s\nwant the agent \"chat\"", got)
	}
}
