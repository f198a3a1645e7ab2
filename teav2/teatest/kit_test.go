package teatest_test

import (
	"fmt"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"go.uber.org/goleak"

	"github.com/hostbridge/hostbridge/host/hosttest"
	hostbridge "github.com/hostbridge/hostbridge/teav2"
	"github.com/hostbridge/hostbridge/teav2/teatest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// chat is the smallest chat: it shows what it is doing, in colour, and
// counts its turns. Its hostbridge messages arrive from the test (as an app
// would Program.Send them) or from its own Cmds (submit).
type chat struct {
	status string
	turns  int
	busy   bool
	width  int
	// background is the terminal's answer to the background question.
	background *tea.BackgroundColorMsg
}

// submit is a prompt: the turn starts at once and the reply arrives after
// a while, from a Cmd, as from a model.
type submit struct {
	reply string
	after time.Duration
}

var statusStyle = lipgloss.NewStyle().Bold(true).Foreground(lipgloss.Color("#5fd7ff"))

func (c chat) Init() tea.Cmd { return nil }

func (c chat) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		c.width = msg.Width
	case tea.BackgroundColorMsg:
		c.background = &msg
	case hostbridge.TurnStarted:
		c.status, c.busy = "working", true
		c.turns++
	case hostbridge.ApprovalNeeded:
		c.status = "needs you: " + msg.Summary()
	case hostbridge.TurnFailed:
		c.status, c.busy = "failed: "+msg.Headline, false
	case hostbridge.Idle:
		c.status, c.busy = "your move", false
	case submit:
		return c, tea.Sequence(
			func() tea.Msg { return hostbridge.TurnStarted{} },
			tea.Tick(msg.after, func(time.Time) tea.Msg { return hostbridge.Idle{Reply: msg.reply} }),
		)
	case tea.KeyPressMsg:
		if msg.String() == "ctrl+c" {
			return c, tea.Quit
		}
	}
	return c, nil
}

func (c chat) View() tea.View {
	return tea.NewView(fmt.Sprintf("%s\nturns: %d  width: %d\n", statusStyle.Render(c.status), c.turns, c.width))
}

// conversation is the golden run: start, a turn, an approval while the
// terminal is not focused (a ping), a failed turn (a ping), a turn that
// ends while focused (no ping), quit.
func conversation(t *testing.T, k *teatest.Kit) {
	t.Helper()
	k.Step(tea.FocusMsg{})
	k.Step(hostbridge.TurnStarted{})
	k.Step(tea.BlurMsg{})
	k.Step(hostbridge.ApprovalNeeded{Tool: "shell", Action: "git push"})
	k.Step(hostbridge.TurnStarted{})
	k.Step(hostbridge.TurnFailed{Headline: "Error: rate limited"})
	k.Step(tea.FocusMsg{})
	k.Step(hostbridge.TurnStarted{}, hostbridge.Idle{Reply: "Pushed.\nAll good."})
	if err := k.Quit(); err != nil {
		t.Errorf("exit: %v", err)
	}
}

func TestKitTerminal(t *testing.T) {
	t.Parallel()
	k := teatest.New(t, chat{}, teatest.WithBridgeOptions(hostbridge.WithAgent("chat")))
	conversation(t, k)
	hosttest.RequireGolden(t, k.Transcript())
}

func TestKitHerdr(t *testing.T) {
	t.Parallel()
	h := hosttest.NewHerdr(t)
	k := teatest.New(t, chat{}, h, teatest.WithBridgeOptions(
		hostbridge.WithAgent("chat"), hostbridge.WithBlockedMessage(true), hostbridge.WithSession("s-1", "/sessions/s-1")))
	conversation(t, k)
	hosttest.RequireGolden(t, k.Transcript())
	if p := h.Pane(); !p.Released {
		t.Errorf("pane not released at exit: %+v", p)
	}
}

func TestKitTuios(t *testing.T) {
	t.Parallel()
	k := teatest.New(t, chat{}, hosttest.NewTuios(t), teatest.WithBridgeOptions(hostbridge.WithAgent("chat")))
	conversation(t, k)
	hosttest.RequireGolden(t, k.Transcript())
}

func TestKitCmux(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the fake cmux is a POSIX sh script")
	}
	t.Parallel()
	c := hosttest.NewCmux(t)
	k := teatest.New(t, chat{}, c, teatest.WithBridgeOptions(hostbridge.WithAgent("chat")))
	conversation(t, k)
	tr := k.Transcript()
	hosttest.RequireGolden(t, tr)
	if strings.Contains(tr, c.Env()["CMUX_WORKSPACE_ID"]) {
		t.Errorf("the workspace id was not normalised:\n%s", tr)
	}
}

// TestKitScreen runs the chat inside GNU screen: the real terminal backend
// wraps each sequence in screen's passthrough and the capture reads it back.
func TestKitScreen(t *testing.T) {
	t.Parallel()
	k := teatest.New(t, chat{}, hosttest.WithEnv("STY", "4242.pts-0.box"))
	k.Step(tea.BlurMsg{})
	k.Step(hostbridge.ApprovalNeeded{Question: "Which branch?"})
	_ = k.Quit()
	want := "terminal progress 0 via screen\nterminal progress 4;100 via screen\n" +
		"terminal ping \"Which branch?\" via screen\nterminal progress 0 via screen\n"
	if got := k.Transcript(); got != want {
		t.Errorf("got\n%s\nwant\n%s", got, want)
	}
}

// TestKitReplace: the app's own unstable values are replaced in every
// line.
func TestKitReplace(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	k := teatest.New(t, chat{}, hosttest.WithReplace(dir, "<dir>"))
	k.Step(hostbridge.ApprovalNeeded{Question: "Delete " + dir + "/cache?"})
	if tr := k.Transcript(); !strings.Contains(tr, `terminal ping "Delete <dir>/cache?"`) {
		t.Errorf("transcript:\n%s", tr)
	}
}

// TestKitTranscriptSections: one section per host, a blank line between,
// "(nothing)" for a host that was told nothing.
func TestKitTranscriptSections(t *testing.T) {
	t.Parallel()
	k := teatest.New(t, chat{}, hosttest.NewHerdr(t), hosttest.WithEnv("TERM_PROGRAM", "Apple_Terminal"))
	want := "terminal (nothing)\n\nherdr pane.report_agent idle\nherdr pane.report_metadata state_labels=(clear)\n"
	if got := k.Transcript(); got != want {
		t.Errorf("got %q, want %q", got, want)
	}
}

// TestKitWaits: a turn whose reply arrives from a Cmd, after a timer, is
// waited for on the model; WaitModel returns once what the Update that met
// the condition set going has reached the hosts.
func TestKitWaits(t *testing.T) {
	t.Parallel()
	h := hosttest.NewHerdr(t)
	k := teatest.New(t, chat{}, h)
	k.Step(tea.FocusMsg{})
	k.Step(submit{reply: "hi", after: 20 * time.Millisecond})
	k.WaitModel(func(m tea.Model) bool { return m.(chat).turns == 1 && !m.(chat).busy })
	want := []string{"herdr pane.report_agent idle", "herdr pane.report_metadata state_labels=(clear)", "herdr pane.report_agent working", "herdr pane.report_agent idle"}
	if got := h.Transcript(); !slices.Equal(got, want) {
		t.Errorf("after WaitModel: %q, want %q", got, want)
	}
	k.Send(submit{reply: "again", after: time.Millisecond})
	k.WaitModel(func(m tea.Model) bool { return m.(chat).turns == 2 && !m.(chat).busy })
	if got := h.Transcript(); len(got) != 6 || got[5] != "herdr pane.report_agent idle" {
		t.Errorf("after the second turn herdr shows %q", got)
	}
	hosttest.WaitFor(t, func() bool { return strings.Count(k.Transcript(), "herdr pane.report_agent idle") == 3 })
	if v := k.View(); !strings.Contains(v, "turns: 2") {
		t.Errorf("View = %q: it is the view once WaitModel's wait settled", v)
	}
	if m := k.FinalModel().(chat); m.turns != 2 || m.busy {
		t.Errorf("final model = %+v", m)
	}
	if !strings.Contains(k.Transcript(), "herdr pane.release_agent") {
		t.Errorf("no release after FinalModel:\n%s", k.Transcript())
	}
}

// TestKitAppQuits: the app's own tea.Quit runs the exit before the program
// ends; WaitFinished waits for that, and Quit afterwards is harmless.
func TestKitAppQuits(t *testing.T) {
	t.Parallel()
	k := teatest.New(t, chat{})
	k.Step(hostbridge.TurnStarted{})
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
	k.Step(hostbridge.TurnStarted{}) // after the end: nothing happens, nothing hangs
	k.Step()
	if got := k.Transcript(); got != want {
		t.Errorf("lines after the end: %q", got)
	}
}

// TestKitPlainView: the view the kit returns has its styles removed
// (lipgloss v2 always styles in full colour), and the app got the kit's
// answer to the background question: dark.
func TestKitPlainView(t *testing.T) {
	t.Parallel()
	k := teatest.New(t, chat{})
	k.Step(hostbridge.TurnStarted{})
	if v := k.View(); v != "working\nturns: 1  width: 80\n" {
		t.Errorf("View = %q, want plain text", v)
	}
	if s := statusStyle.Render("x"); !strings.Contains(s, "\x1b[") {
		t.Errorf("the app's style has no colour: %q", s)
	}
	if bg := k.FinalModel().(chat).background; bg == nil || !bg.IsDark() {
		t.Errorf("background %v, want the kit's dark answer", bg)
	}
}

// TestKitLeavesNoGoroutine: once a test's cleanup has run, nothing the
// kit, hostbridge, Bubble Tea or the fake started is left.
func TestKitLeavesNoGoroutine(t *testing.T) {
	before := goleak.IgnoreCurrent()
	t.Run("run", func(t *testing.T) {
		k := teatest.New(t, chat{}, hosttest.NewHerdr(t))
		k.Step(submit{reply: "hi", after: time.Millisecond})
		hosttest.WaitFor(t, func() bool { return strings.Contains(k.Transcript(), `terminal ping "hi"`) })
	})
	goleak.VerifyNone(t, before)
}

// TestKitEnvironmentIsIsolated: detection sees the kit's map only, not the
// process environment (where a developer may be inside herdr or tmux).
func TestKitEnvironmentIsIsolated(t *testing.T) {
	h := hosttest.NewHerdr(t)
	for k, v := range h.Env() {
		t.Setenv(k, v)
	}
	t.Setenv("TMUX", "/tmp/tmux-1000/default,1,0")
	k := teatest.New(t, chat{})
	k.Step(hostbridge.TurnStarted{})
	if got := k.Transcript(); got != "terminal progress 0\nterminal progress 3\n" {
		t.Errorf("the kit saw the process's tmux: %q", got)
	}
	if got := h.Transcript(); len(got) != 0 {
		t.Errorf("the kit saw the process's herdr: %q", got)
	}
}

// recordingTB is a TB whose Fatalf ends the calling goroutine, as
// testing's does, so the kit's failures can be checked.
type recordingTB struct {
	mu       sync.Mutex
	errors   []string
	cleanups []func()
}

func (r *recordingTB) Helper()          {}
func (r *recordingTB) Name() string     { return "TestRecorded" }
func (r *recordingTB) Cleanup(f func()) { r.cleanups = append(r.cleanups, f) }
func (r *recordingTB) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}
func (r *recordingTB) Fatalf(format string, args ...any) {
	r.Errorf(format, args...)
	runtime.Goexit()
}
func (r *recordingTB) cleanup() {
	for i := len(r.cleanups) - 1; i >= 0; i-- {
		r.cleanups[i]()
	}
}

// run calls f as a test body would, on a goroutine of its own, then the
// cleanups, and returns what was reported.
func (r *recordingTB) run(f func()) []string {
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	<-done
	r.cleanup()
	return r.errors
}

// stuck blocks its Update on a channel (block), panics in Update (a
// string) or in View (breakView), when told to.
type stuck struct {
	release chan struct{}
	broken  bool
}

type (
	block     struct{}
	breakView struct{}
)

func (s stuck) Init() tea.Cmd { return nil }
func (s stuck) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg.(type) {
	case block:
		<-s.release
	case string:
		panic("scripted panic")
	case breakView:
		s.broken = true
	}
	return s, nil
}
func (s stuck) View() tea.View {
	if s.broken {
		panic("scripted View panic")
	}
	return tea.View{}
}

func TestKitReportsFailuresOnTheTestGoroutine(t *testing.T) {
	t.Run("a stuck Update times the Step out", func(t *testing.T) {
		r := &recordingTB{}
		s := stuck{release: make(chan struct{})}
		errs := r.run(func() {
			k := teatest.New(r, s, hosttest.WithTimeout(50*time.Millisecond))
			r.Cleanup(func() { close(s.release) }) // runs before the kit's own cleanup
			k.Step(block{})
			t.Error("Step returned")
		})
		if len(errs) != 1 || !strings.Contains(errs[0], "teatest_test.block") {
			t.Errorf("errors = %q", errs)
		}
	})
	t.Run("a panic in Update fails the test at Quit", func(t *testing.T) {
		r := &recordingTB{}
		errs := r.run(func() {
			k := teatest.New(r, stuck{})
			k.Step("boom")
			k.Step(hostbridge.TurnStarted{}) // the program is gone: returns at once
		})
		if len(errs) != 1 || !strings.Contains(errs[0], "the app panicked: scripted panic") {
			t.Errorf("errors = %q", errs)
		}
	})
	t.Run("a panic in View fails the test at Quit", func(t *testing.T) {
		r := &recordingTB{}
		errs := r.run(func() {
			k := teatest.New(r, stuck{})
			k.Step(breakView{})
			if err := k.WaitFinished(); err != nil {
				t.Errorf("exit: %v", err)
			}
		})
		if len(errs) != 1 || !strings.Contains(errs[0], "the app panicked: scripted View panic") {
			t.Errorf("errors = %q", errs)
		}
	})
	t.Run("a bad hostbridge option fails New", func(t *testing.T) {
		r := &recordingTB{}
		errs := r.run(func() {
			teatest.New(r, chat{}, teatest.WithBridgeOptions(hostbridge.WithAgent("no spaces")))
			t.Error("New returned")
		})
		if len(errs) != 1 || !strings.Contains(errs[0], "agent name") {
			t.Errorf("errors = %q", errs)
		}
	})
}
