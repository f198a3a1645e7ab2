package hostbridge

import (
	"reflect"

	tea "charm.land/bubbletea/v2"

	"github.com/charmbracelet/x/ansi"

	"github.com/hostbridge/hostbridge/bridge"
)

// Model wraps an app's Bubble Tea v2 model: every message reaches it
// unchanged. On the way through, Model hands the hostbridge messages, the
// terminal's focus reports and the exit to its Bridge, which reports them
// off the update loop. Its View is the app's, with two fields filled in:
// ReportFocus (so focus reports arrive), and ProgressBar from the chat's
// state where v2's renderer can draw the terminal's bar (see bar.go),
// unless the app set its own. The exit runs without a call from the app
// on tea.Quit and tea.Interrupt returned from Update (with Filter, on
// every way the app quits), an exit signal and a panic in Update or View;
// after Program.Run returns, Close covers every other way out.
type Model struct {
	inner  tea.Model
	bridge *bridge.Bridge
	focus  bool // fill in View.ReportFocus once a key or mouse event came
	input  bool // a key or mouse event came: the program reads the terminal
	bar    bool // v2's renderer draws the bar: fill in View.ProgressBar
	appBar bool // the app sets a bar of its own in its last view
	quit   tea.Cmd
	intr   tea.Cmd
	bg     backgroundState
}

var _ tea.Model = (*Model)(nil)

// Wrap returns model wrapped for hostbridge; it detects the host and starts
// reporting at once. A bad option value does not stop the chat: it is left
// out and logged at debug level; New returns it as an error.
func Wrap(model tea.Model, opts ...Option) *Model {
	b, _ := bridge.Lenient(opts...) // bad options are logged and left out
	return wrap(b, model)
}

func wrap(b *bridge.Bridge, model tea.Model) *Model {
	m := &Model{inner: model, bridge: b}
	m.focus = b.Framework()
	m.bar = b.RendererBar()
	m.quit = m.exitThen(tea.QuitMsg{})
	m.intr = m.exitThen(tea.InterruptMsg{})
	return m
}

// Close is the exit (see Bridge.Close): call it after Program.Run returns.
func (m *Model) Close() error { return m.bridge.Close() }

// Unwrap returns the app's model as its last Update left it. Program.Run
// returns the wrapper; read the app's result through Unwrap:
//
//	final, err := p.Run()
//	app := final.(*hostbridge.Model).Unwrap().(*App)
func (m *Model) Unwrap() tea.Model { return m.inner }

// Filter, given to tea.WithFilter, runs the exit however the app ends the
// program: a Cmd of its own that returns tea.QuitMsg, a tea.Quit inside
// tea.Batch or after tea.Sequence, a tea.Interrupt. Bubble Tea hands those
// to the filter, never to a model (its eventLoop, tea.go, v2.0.9), so
// without Filter the wrapper sees only what Update returns itself, and the
// rest wait for Close. The exit is bounded (WithExitTimeout) and done
// before Run returns, so the bar is cleared before the app's next line.
// Other messages pass through at no cost.
//
//	p := tea.NewProgram(m, tea.WithFilter(m.Filter))
func (m *Model) Filter(model tea.Model, msg tea.Msg) tea.Msg {
	switch msg.(type) {
	case tea.QuitMsg, tea.InterruptMsg:
	default:
		return msg
	}
	select {
	case <-m.bridge.Done():
		return msg // the exit has run: the program ends
	default:
	}
	if model == tea.Model(m) {
		// Held back: Update runs the exit in a Cmd, off the event loop,
		// and sends msg again.
		return exitFirst{msg}
	}
	// The app's own model is the program's, and may not pass exitFirst
	// on: the exit runs here, on the event loop, bounded, as the program
	// ends.
	_ = m.bridge.Close()
	return msg
}

// exitFirst is a quit Filter held back until the exit has run.
type exitFirst struct{ msg tea.Msg }

// exitThen is a Cmd that runs the exit, then gives msg.
func (m *Model) exitThen(msg tea.Msg) tea.Cmd {
	return func() tea.Msg {
		_ = m.bridge.Close()
		return msg
	}
}

// Init reports the chat ready, asks the terminal for its background (the
// answer, or a fallback after BackgroundTimeout, arrives as
// BackgroundDetected) and runs the app's Init.
func (m *Model) Init() tea.Cmd {
	m.bridge.Ready()
	if m.bridge.Getenv("TERM") == "dumb" { // it would beep at the query
		return tea.Batch(m.inner.Init(), m.backgroundFallback(), m.awaitBar())
	}
	return tea.Batch(m.inner.Init(), tea.RequestBackgroundColor, m.backgroundTimer(), m.awaitBar(), m.askFocus())
}

// askFocus asks the terminal whether it knows focus reports (DECRQM 1004),
// so that one which says it does not never gets them turned on.
func (m *Model) askFocus() tea.Cmd {
	if !m.focus {
		return nil
	}
	return tea.Raw(ansi.RequestModeFocusEvent)
}

// Update watches msg and passes it to the app's model.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	defer m.bridge.ExitOnPanic()
	return m, m.update(msg)
}

// update watches msg and passes it to the app's model; hostbridge's own
// background timer stops here.
func (m *Model) update(msg tea.Msg) tea.Cmd {
	var own tea.Cmd
	switch msg := msg.(type) {
	case tea.KeyMsg, tea.MouseMsg:
		m.input = true // see Bridge.Framework
	case tea.ModeReportMsg:
		if msg.Mode == ansi.ModeFocusEvent && msg.Value.IsNotRecognized() {
			m.focus = false
		}
	}
	switch msg := msg.(type) {
	case tea.FocusMsg:
		m.bridge.SetFocus(true)
	case tea.BlurMsg:
		m.bridge.SetFocus(false)
	case tea.ResumeMsg:
		m.bridge.Resume()
	case execRequest:
		return m.exec(msg)
	case suspendRequest:
		return m.suspend()
	case resumed:
		m.bridge.Resume()
		if msg.msg == nil {
			return nil
		}
		return m.update(msg.msg)
	case sequenceMsg:
		return m.updateAll(msg)
	case tea.BackgroundColorMsg:
		own = m.backgroundAnswered(msg)
	case backgroundTimeout:
		if msg.m == m {
			return m.backgroundFallback()
		}
	case exitFirst:
		return m.exitThen(msg.msg)
	case barReleased:
		if msg.m == m {
			return nil // the View that follows draws the bar
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
	defer m.bridge.ExitOnPanic()
	v := m.inner.View()
	if m.focus && m.input {
		v.ReportFocus = true
	}
	if m.bar {
		m.fillBar(&v)
	}
	return v
}

// quitPC and interruptPC identify tea.Quit and tea.Interrupt, so the exit
// runs before the program stops. Funcs are not comparable; their code
// pointers are, at no allocation.
var (
	quitPC      = reflect.ValueOf(tea.Quit).Pointer()
	interruptPC = reflect.ValueOf(tea.Interrupt).Pointer()
)

func isCmd(cmd tea.Cmd, pc uintptr) bool { return reflect.ValueOf(cmd).Pointer() == pc }
