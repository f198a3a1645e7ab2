package teatest_test

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
	"go.uber.org/goleak"

	"github.com/hostbridge/hostbridge"
	"github.com/hostbridge/hostbridge/teatest"
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
}

// submit is a prompt: the turn starts at once and the reply arrives after
// a while, from a Cmd, as from a model.
type submit struct {
	reply string
	after time.Duration
}

var statusStyle = lipgloss.NewStyle().Bold(true).Foreground(lipgloss.AdaptiveColor{Light: "#005f87", Dark: "#5fd7ff"})

func (c chat) Init() tea.Cmd { return nil }

func (c chat) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		c.width = msg.Width
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
	case tea.KeyMsg:
		if msg.String() == "ctrl+c" {
			return c, tea.Quit
		}
	}
	return c, nil
}

func (c chat) View() string {
	return fmt.Sprintf("%s\nturns: %d  width: %d\n", statusStyle.Render(c.status), c.turns, c.width)
}

// conversation is the golden run: start, a turn, an approval while the
// terminal is not focused (a ping), a failed turn (a ping), a turn that
// ends while focused (no ping), quit.
func conversation(t *testing.T, k *teatest.Kit) {
	t.Helper()
	k.FocusIn()
	k.Step(hostbridge.TurnStarted{})
	k.FocusOut()
	k.Step(hostbridge.ApprovalNeeded{Tool: "shell", Action: "git push"})
	k.Step(hostbridge.TurnStarted{})
	k.Step(hostbridge.TurnFailed{Headline: "Error: rate limited"})
	k.FocusIn()
	k.Step(hostbridge.TurnStarted{}, hostbridge.Idle{Reply: "Pushed.\nAll good."})
	if err := k.Quit(); err != nil {
		t.Errorf("exit: %v", err)
	}
}

func TestKitTerminal(t *testing.T) {
	t.Parallel()
	k := teatest.New(t, chat{}, teatest.WithBridgeOptions(hostbridge.WithAgent("chat")))
	conversation(t, k)
	teatest.RequireGolden(t, k.Transcript())
}

func TestKitHerdr(t *testing.T) {
	t.Parallel()
	h := teatest.NewHerdr(t)
	k := teatest.New(t, chat{}, teatest.WithHerdr(h), teatest.WithBridgeOptions(
		hostbridge.WithAgent("chat"), hostbridge.WithBlockedMessage(), hostbridge.WithSession("s-1", "/sessions/s-1")))
	conversation(t, k)
	teatest.RequireGolden(t, k.Transcript())
	if p := h.Pane(h.PaneID()); !p.Released {
		t.Errorf("pane not released at exit: %+v", p)
	}
}

func TestKitTuios(t *testing.T) {
	t.Parallel()
	f := teatest.NewTuios(t)
	k := teatest.New(t, chat{}, teatest.WithTuios(f), teatest.WithBridgeOptions(hostbridge.WithAgent("chat")))
	conversation(t, k)
	teatest.RequireGolden(t, k.Transcript())
}

func TestKitCmux(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the fake cmux is a POSIX sh script")
	}
	t.Parallel()
	c := teatest.NewCmux(t)
	k := teatest.New(t, chat{}, teatest.WithCmux(c), teatest.WithBridgeOptions(hostbridge.WithAgent("chat")))
	conversation(t, k)
	tr := k.Transcript()
	teatest.RequireGolden(t, tr)
	if strings.Contains(tr.String(), c.Workspace()) {
		t.Errorf("the workspace id was not normalised:\n%s", tr)
	}
}

// TestKitScreen runs the chat inside GNU screen: the real terminal backend
// wraps each sequence in screen's passthrough and the capture reads it back.
func TestKitScreen(t *testing.T) {
	t.Parallel()
	k := teatest.New(t, chat{}, teatest.WithEnv("STY", "4242.pts-0.box"))
	k.FocusOut()
	k.Step(hostbridge.ApprovalNeeded{Question: "Which branch?"})
	_ = k.Quit()
	want := []string{
		"terminal progress 0 via screen", "terminal progress 4;100 via screen",
		`terminal ping "Which branch?" via screen`, "terminal progress 0 via screen",
	}
	if got := k.Transcript().Terminal; strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

// TestKitReplace: the app's own unstable values are replaced in every
// line.
func TestKitReplace(t *testing.T) {
	t.Parallel()
	dir := t.TempDir()
	k := teatest.New(t, chat{}, teatest.WithReplace(dir, "<dir>"))
	k.Step(hostbridge.ApprovalNeeded{Question: "Delete " + dir + "/cache?"})
	if !k.Transcript().Contains(`terminal ping "Delete <dir>/cache?"`) {
		t.Errorf("transcript:\n%s", k.Transcript())
	}
}

func TestTranscript(t *testing.T) {
	tr := teatest.Transcript{
		Terminal: []string{"terminal progress 3", "terminal progress 0"},
		Herdr:    []string{},
		Cmux:     []string{"cmux clear-status chat", "terminal progress 0"},
	}
	want := "terminal progress 3\nterminal progress 0\n\nherdr (nothing)\n\ncmux clear-status chat\nterminal progress 0\n"
	if got := tr.String(); got != want {
		t.Errorf("String = %q, want %q", got, want)
	}
	if n := tr.Count("terminal progress 0"); n != 2 {
		t.Errorf("Count = %d", n)
	}
	if tr.Contains("terminal progress") || !tr.Contains("cmux clear-status chat") {
		t.Error("Contains matches part of a line, or misses a line")
	}
	if got := len(tr.Lines()); got != 4 {
		t.Errorf("Lines: %d", got)
	}
}

// TestKitWaits: a reply that arrives from a Cmd, later, is waited for on a
// condition: the model's (WaitModel) or the transcript's (WaitFor).
func TestKitWaits(t *testing.T) {
	t.Parallel()
	h := teatest.NewHerdr(t)
	k := teatest.New(t, chat{}, teatest.WithHerdr(h))
	k.FocusIn()
	k.Step(submit{reply: "hi", after: 20 * time.Millisecond})
	k.WaitModel(func(m tea.Model) bool { return m.(chat).turns == 1 && !m.(chat).busy })
	// WaitModel waited for the hosts too: herdr shows the turn's end. (A
	// host slower than the turn may see "working" coalesced away, so only
	// where it starts and ends is certain.)
	if got := k.Transcript().Herdr; len(got) < 2 || got[0] != "herdr pane.report_agent idle" || got[len(got)-1] != "herdr pane.report_agent idle" {
		t.Errorf("after WaitModel: %q", got)
	}
	k.Send(submit{reply: "again", after: time.Millisecond})
	k.WaitModel(func(m tea.Model) bool { return m.(chat).turns == 2 && !m.(chat).busy })
	if got := k.Transcript().Herdr; got[len(got)-1] != "herdr pane.report_agent idle" {
		t.Errorf("after the second turn herdr shows %q", got[len(got)-1])
	}
	k.WaitFor(func(tr teatest.Transcript) bool { return tr.Count("herdr pane.report_agent idle") >= 2 })
	if v := k.View(); !strings.Contains(v, "turns: 2") {
		t.Errorf("View = %q: it is the view when WaitModel's condition held", v)
	}
	if m := k.FinalModel().(chat); m.turns != 2 || m.busy {
		t.Errorf("final model = %+v", m)
	}
	if !k.Transcript().Contains("herdr pane.release_agent") {
		t.Errorf("no release after FinalModel:\n%s", k.Transcript())
	}
}

// TestKitAppQuits: the app's own tea.Quit runs the exit before the program
// ends; WaitFinished waits for that, and Quit afterwards is harmless.
func TestKitAppQuits(t *testing.T) {
	t.Parallel()
	k := teatest.New(t, chat{})
	k.Step(hostbridge.TurnStarted{})
	k.Step(tea.KeyMsg{Type: tea.KeyCtrlC})
	if err := k.WaitFinished(); err != nil {
		t.Error(err)
	}
	if got := k.Transcript().Terminal; strings.Join(got, ",") != "terminal progress 0,terminal progress 3,terminal progress 0" {
		t.Errorf("transcript after the app quit: %q", got)
	}
	if err := k.Quit(); err != nil {
		t.Error(err)
	}
	k.Step(hostbridge.TurnStarted{}) // after the end: nothing happens, nothing hangs
	if n := len(k.Transcript().Terminal); n != 3 {
		t.Errorf("%d lines after the end, want 3", n)
	}
}

// TestKitStableColour: the view has no colour while a Kit runs, whatever
// the developer's terminal, and the profile is restored afterwards.
func TestKitStableColour(t *testing.T) {
	// Not parallel: it changes lipgloss's global profile on purpose.
	before := lipgloss.ColorProfile()
	defer lipgloss.SetColorProfile(before)
	lipgloss.SetColorProfile(termenv.TrueColor)
	t.Run("kit", func(t *testing.T) {
		k := teatest.New(t, chat{})
		k.Step(hostbridge.TurnStarted{})
		if v := k.View(); v != "working\nturns: 1  width: 80\n" {
			t.Errorf("View = %q, want plain text", v)
		}
		if !lipgloss.HasDarkBackground() {
			t.Error("background is not dark inside the kit")
		}
	})
	if p := lipgloss.ColorProfile(); p != termenv.TrueColor {
		t.Errorf("profile after the kit = %v, want it restored", p)
	}
	if s := statusStyle.Render("x"); !strings.Contains(s, "\x1b[") {
		t.Errorf("no colour after the kit: %q", s)
	}
}

// TestKitLeavesNoGoroutine: once a test's cleanup has run, nothing the
// kit, hostbridge, Bubble Tea or the fake started is left.
func TestKitLeavesNoGoroutine(t *testing.T) {
	before := goleak.IgnoreCurrent()
	t.Run("run", func(t *testing.T) {
		k := teatest.New(t, chat{}, teatest.WithHerdr(teatest.NewHerdr(t)))
		k.Step(submit{reply: "hi", after: time.Millisecond})
		// The turn lasts a millisecond, so herdr may legitimately see it
		// coalesced away; the ping always comes.
		k.WaitFor(func(tr teatest.Transcript) bool { return tr.Contains(`terminal ping "hi"`) })
	})
	goleak.VerifyNone(t, before)
}

// TestKitEnvironmentIsIsolated: detection sees the kit's map only, not the
// process environment (where a developer may be inside herdr or tmux).
func TestKitEnvironmentIsIsolated(t *testing.T) {
	t.Setenv("TMUX", "/tmp/tmux-1000/default,1,0")
	t.Setenv("HERDR_ENV", "1")
	k := teatest.New(t, chat{})
	d := k.Model().Bridge().Detection()
	if d.Host.Kind.String() != "terminal" || d.Host.Terminal.Mux.String() != "none" || d.Host.Terminal.Program != "WezTerm" {
		t.Errorf("detection = %+v", d.Host)
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
func (s stuck) View() string {
	if s.broken {
		panic("scripted View panic")
	}
	return ""
}

func TestKitReportsFailuresOnTheTestGoroutine(t *testing.T) {
	t.Run("a stuck Update times the Step out", func(t *testing.T) {
		r := &recordingTB{}
		s := stuck{release: make(chan struct{})}
		errs := r.run(func() {
			k := teatest.New(r, s, teatest.WithTimeout(50*time.Millisecond))
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
	t.Run("WaitFor gives up with the transcript", func(t *testing.T) {
		r := &recordingTB{}
		errs := r.run(func() {
			k := teatest.New(r, chat{}, teatest.WithTimeout(30*time.Millisecond))
			k.WaitFor(func(tr teatest.Transcript) bool { return tr.Contains("never") })
		})
		if len(errs) != 1 || !strings.Contains(errs[0], "terminal progress 0") {
			t.Errorf("errors = %q", errs)
		}
	})
}
