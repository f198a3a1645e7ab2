package teatest_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"
	"go.uber.org/goleak"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/host/hosttest"
	"github.com/hostbridge/hostbridge/internal/testsupport/kittest"
	hostbridge "github.com/hostbridge/hostbridge/teav2"
	"github.com/hostbridge/hostbridge/teav2/teatest"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// The cases shared with the v1 kit are in internal/testsupport/kittest; they
// drive this kit through v2.
var v2 = kittest.Version[tea.Msg, tea.Model]{
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
	// background is the terminal's answer to the background question.
	background *tea.BackgroundColorMsg
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
	case kittest.Submit:
		return c, tea.Sequence(
			func() tea.Msg { return hostbridge.TurnStarted{} },
			tea.Tick(msg.After, func(time.Time) tea.Msg { return hostbridge.Idle{Reply: msg.Reply} }),
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

func TestKitTerminal(t *testing.T)              { kittest.Terminal(t, v2) }
func TestKitHerdr(t *testing.T)                 { kittest.Herdr(t, v2) }
func TestKitTuios(t *testing.T)                 { kittest.Tuios(t, v2) }
func TestKitCmux(t *testing.T)                  { kittest.Cmux(t, v2) }
func TestKitRefusesMisuse(t *testing.T)         { kittest.RefusesMisuse(t, v2) }
func TestKitAgentNameIsStable(t *testing.T)     { kittest.AgentNameIsStable(t, v2) }
func TestKitScreen(t *testing.T)                { kittest.Screen(t, v2) }
func TestKitReplace(t *testing.T)               { kittest.Replace(t, v2) }
func TestKitTranscriptSections(t *testing.T)    { kittest.TranscriptSections(t, v2) }
func TestKitWaits(t *testing.T)                 { kittest.Waits(t, v2) }
func TestKitAppQuits(t *testing.T)              { kittest.AppQuits(t, v2) }
func TestKitLeavesNoGoroutine(t *testing.T)     { kittest.LeavesNoGoroutine(t, v2) }
func TestKitEnvironmentIsIsolated(t *testing.T) { kittest.EnvironmentIsIsolated(t, v2) }

func TestKitReportsFailuresOnTheTestGoroutine(t *testing.T) { kittest.ReportsFailures(t, v2) }

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
func (s stuck) View() tea.View {
	if s.broken {
		panic("scripted View panic")
	}
	return tea.View{}
}
