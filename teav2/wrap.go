package hostbridge

import (
	"reflect"

	tea "charm.land/bubbletea/v2"

	"github.com/hostbridge/hostbridge/internal/bridge"
)

// Model wraps an app's Bubble Tea v2 model: every message reaches it
// unchanged. On the way through, Model hands the hostbridge messages, the
// terminal's focus reports and the exit to its Bridge, which reports them
// off the update loop. Its View is the app's, with two fields filled in:
// ReportFocus (so focus reports arrive), and ProgressBar from the chat's
// state where v2's renderer can draw the terminal's bar (see bar.go),
// unless the app set its own. The exit runs without a call from the app
// on tea.Quit, tea.Interrupt, an exit signal and a panic in Update or
// View; after Program.Run returns, Close covers every other way out.
type Model struct {
	inner  tea.Model
	bridge *bridge.Bridge
	err    error
	focus  bool // fill in View.ReportFocus
	bar    bool // v2's renderer draws the bar: fill in View.ProgressBar
	appBar bool // the app set a bar of its own once
	quit   tea.Cmd
	intr   tea.Cmd
	bg     backgroundState
}

var _ tea.Model = (*Model)(nil)

// Wrap returns model wrapped for hostbridge; it detects the host and starts
// reporting at once. A bad option value does not stop the chat: it is left
// out and logged, and Err says why.
func Wrap(model tea.Model, opts ...Option) *Model {
	b, err := bridge.Lenient(opts...)
	return wrap(b, model, err)
}

func wrap(b *bridge.Bridge, model tea.Model, err error) *Model {
	m := &Model{inner: model, bridge: b, err: err}
	m.focus = b.Framework()
	m.bar = b.RendererBar()
	m.quit = func() tea.Msg {
		_ = b.Close()
		return tea.QuitMsg{}
	}
	m.intr = func() tea.Msg {
		_ = b.Close()
		return tea.InterruptMsg{}
	}
	return m
}

// Err returns the bad option values Wrap left out, if any.
func (m *Model) Err() error { return m.err }

// Close is the exit (see Bridge.Close): call it after Program.Run returns.
func (m *Model) Close() error { return m.bridge.Close() }

// Init reports the chat ready, asks the terminal for its background (the
// answer, or a fallback after BackgroundTimeout, arrives as
// BackgroundDetected) and runs the app's Init.
func (m *Model) Init() tea.Cmd {
	m.bridge.Ready()
	return tea.Batch(m.inner.Init(), tea.RequestBackgroundColor, m.backgroundTimer())
}

// Update watches msg and passes it to the app's model.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	defer m.exitOnPanic()
	return m, m.update(msg)
}

// update watches msg and passes it to the app's model; hostbridge's own
// background timer stops here.
func (m *Model) update(msg tea.Msg) tea.Cmd {
	var own tea.Cmd
	switch msg := msg.(type) {
	case tea.FocusMsg:
		m.bridge.SetFocus(true)
	case tea.BlurMsg:
		m.bridge.SetFocus(false)
	case sequenceMsg:
		return m.updateAll(msg)
	case tea.BackgroundColorMsg:
		own = m.backgroundAnswered(msg)
	case backgroundTimeout:
		if msg.m == m {
			return m.backgroundFallback()
		}
	default:
		m.bridge.Send(msg)
	}
	inner, cmd := m.inner.Update(msg)
	m.inner = inner
	switch {
	case cmd == nil:
	case isCmd(cmd, quitPC):
		cmd = m.quit
	case isCmd(cmd, interruptPC):
		cmd = m.intr
	}
	if own != nil {
		return tea.Batch(cmd, own)
	}
	return cmd
}

// View returns the app's view with ReportFocus and the bar filled in.
func (m *Model) View() tea.View {
	defer m.exitOnPanic()
	v := m.inner.View()
	if m.focus {
		v.ReportFocus = true
	}
	if m.bar {
		m.fillBar(&v)
	}
	return v
}

// exitOnPanic runs the exit before the app's panic goes on up to Bubble
// Tea, which restores the terminal (its renderer resets the bar) but
// knows nothing of the other hosts.
func (m *Model) exitOnPanic() {
	if r := recover(); r != nil {
		_ = m.bridge.Close()
		panic(r)
	}
}

// quitPC and interruptPC identify tea.Quit and tea.Interrupt, so the exit
// runs before the program stops. Funcs are not comparable; their code
// pointers are, at no allocation.
var (
	quitPC      = reflect.ValueOf(tea.Quit).Pointer()
	interruptPC = reflect.ValueOf(tea.Interrupt).Pointer()
)

func isCmd(cmd tea.Cmd, pc uintptr) bool { return reflect.ValueOf(cmd).Pointer() == pc }
