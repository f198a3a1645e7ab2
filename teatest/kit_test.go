package teatest_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"
	"go.uber.org/goleak"

	"github.com/hostbridge/hostbridge"
	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/host/hosttest"
	"github.com/hostbridge/hostbridge/internal/testsupport/kittest"
	"github.com/hostbridge/hostbridge/teatest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// The cases shared with the v2 kit are in internal/testsupport/kittest; they
// drive this kit through v1.
var v1 = kittest.Version[tea.Msg, tea.Model]{
	New: func(t hosttest.TB, app tea.Model, opts ...hosttest.Option) kittest.Kit[tea.Msg, tea.Model] {
		return teatest.New(t, app, opts...)
	},
	WithBridgeOptions: teatest.WithBridgeOptions,
	Chat:              chat{},
	Turns:             func(m tea.Model) (int, bool) { return m.(chat).turns, m.(chat).busy },
	Stuck:             func(release chan struct{}) tea.Model { return stuck{release: release} },
	Focus:             tea.FocusMsg{},
	Blur:              tea.BlurMsg{},
	Wrap: func(app tea.Model) (tea.Model, func() error) {
		m := hostbridge.Wrap(app, hostbridge.WithBackends(&host.Recorder{}), hostbridge.WithSignalHandler(false))
		return m, m.Close
	},
}

// chat is the smallest chat: it shows what it is doing, in colour, and
// counts its turns. Its hostbridge messages arrive from the test (as an app
// would Program.Send them) or from its own Cmds (kittest.Submit).
type chat struct {
	status string
	turns  int
	busy   bool
	width  int
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
	case kittest.Submit:
		return c, tea.Sequence(
			func() tea.Msg { return hostbridge.TurnStarted{} },
			tea.Tick(msg.After, func(time.Time) tea.Msg { return hostbridge.Idle{Reply: msg.Reply} }),
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

func TestKitTerminal(t *testing.T)              { kittest.Terminal(t, v1) }
func TestKitHerdr(t *testing.T)                 { kittest.Herdr(t, v1) }
func TestKitTuios(t *testing.T)                 { kittest.Tuios(t, v1) }
func TestKitCmux(t *testing.T)                  { kittest.Cmux(t, v1) }
func TestKitRefusesMisuse(t *testing.T)         { kittest.RefusesMisuse(t, v1) }
func TestKitAgentNameIsStable(t *testing.T)     { kittest.AgentNameIsStable(t, v1) }
func TestKitScreen(t *testing.T)                { kittest.Screen(t, v1) }
func TestKitReplace(t *testing.T)               { kittest.Replace(t, v1) }
func TestKitTranscriptSections(t *testing.T)    { kittest.TranscriptSections(t, v1) }
func TestKitWaits(t *testing.T)                 { kittest.Waits(t, v1) }
func TestKitAppQuits(t *testing.T)              { kittest.AppQuits(t, v1) }
func TestKitLeavesNoGoroutine(t *testing.T)     { kittest.LeavesNoGoroutine(t, v1) }
func TestKitEnvironmentIsIsolated(t *testing.T) { kittest.EnvironmentIsIsolated(t, v1) }

func TestKitReportsFailuresOnTheTestGoroutine(t *testing.T) { kittest.ReportsFailures(t, v1) }

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

// stuck blocks its Update on a channel (kittest.Block), panics in Update
// (a string) or in View (kittest.BreakView), when told to.
type stuck struct {
	release chan struct{}
	broken  bool
}

func (s stuck) Init() tea.Cmd { return nil }
func (s stuck) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg.(type) {
	case kittest.Block:
		<-s.release
	case string:
		panic("scripted panic")
	case kittest.BreakView:
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
