package hostbridge

import (
	"reflect"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/hostbridge/hostbridge/bridge"
)

// Model wraps an app's tea.Model, whose messages and View pass unchanged,
// and hands hostbridge's messages, focus reports and the exit to its
// Bridge. The exit runs on tea.Quit from Update (with Filter, every way
// the app quits), an exit signal and a panic; Close after Program.Run
// covers the rest.
type Model struct {
	inner  tea.Model
	bridge *bridge.Bridge
	focus  bool        // turn focus reports on at the first key or mouse event
	late   *lateFilter // while the terminal owes the background answer
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
	return &Model{inner: model, bridge: b, focus: b.Framework()}
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
// program (its own QuitMsg Cmd, tea.Quit in tea.Batch or tea.Sequence,
// tea.Interrupt), which Bubble Tea hands to the filter, never a model
// (eventLoop, tea.go, v1.3.10). The exit is bounded (WithExitTimeout) and
// done before Run returns. Other messages pass at no cost.
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
		return exitFirst{msg} // Update runs the exit off the event loop, then msg
	}
	// The app's own model may not pass exitFirst on: exit here, bounded.
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

// Init reports the chat ready and runs the app's Init.
func (m *Model) Init() tea.Cmd {
	m.bridge.Ready()
	return m.inner.Init()
}

// Update watches msg and passes it to the app's model; a late answer to
// hostbridge's own background query is not passed.
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	defer m.bridge.ExitOnPanic()
	if m.late != nil || lateAnswer.Load() != nil {
		return m, m.updateLate(msg)
	}
	return m, m.update(msg)
}

func (m *Model) update(msg tea.Msg) tea.Cmd {
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
	case sequenceMsg:
		return m.updateAll(msg)
	case resumed:
		m.bridge.Resume()
		if msg.msg == nil {
			return nil
		}
		_, cmd := m.Update(msg.msg)
		return cmd
	case exitFirst:
		return m.exitThen(msg.msg)
	case lateRelease:
		return nil // a hold's timer, after the answer came: hostbridge's own
	default:
		if m.bridge.Send(msg) {
			break
		}
		if f, ok := lostFocusReport(msg); ok {
			m.bridge.SetFocus(f)
		}
	}
	inner, cmd := m.inner.Update(msg)
	m.inner = inner
	if isQuit(cmd) {
		cmd = m.exitThen(tea.QuitMsg{})
	}
	switch msg.(type) {
	case tea.KeyMsg, tea.MouseMsg:
		if m.focus {
			m.focus = false
			return tea.Batch(cmd, tea.EnableReportFocus)
		}
	}
	return cmd
}

// View returns the app's view.
func (m *Model) View() string {
	defer m.bridge.ExitOnPanic()
	return m.inner.View()
}

// quitPC identifies tea.Quit: funcs are not comparable, code pointers are.
var quitPC = reflect.ValueOf(tea.Quit).Pointer()

func isQuit(cmd tea.Cmd) bool {
	return cmd != nil && reflect.ValueOf(cmd).Pointer() == quitPC
}

// lostFocusReport recognises a focus report Bubble Tea v1 did not parse
// (it does only when alone in one read).
func lostFocusReport(msg tea.Msg) (focused, ok bool) {
	b, _ := unknownCSI(msg)
	switch string(b) {
	case "\x1b[I":
		return true, true
	case "\x1b[O":
		return false, true
	}
	return false, false
}
