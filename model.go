package hostbridge

import (
	"reflect"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/hostbridge/hostbridge/internal/bridge"
)

// Model wraps an app's tea.Model: every message reaches the app's model
// unchanged, and its View is returned unchanged. On the way through, Model
// watches the hostbridge messages, the terminal's focus reports and the
// program's exit, and hands what changed to its Bridge, which reports it
// off the update loop.
//
// The exit is caught, without any call from the app, when the app's Update
// returns tea.Quit, when the process gets SIGINT, SIGTERM or SIGHUP, and
// when the app's Update or View panics. Other ways out (tea.Batch(...,
// tea.Quit), Program.Quit, Program.Kill, a cancelled context) are caught by
// calling Close after Program.Run returns, which is always safe.
type Model struct {
	inner  tea.Model
	bridge *bridge.Bridge
	err    error
	focus  bool
	quit   tea.Cmd
	late   *lateFilter // while the terminal owes the background answer
}

var _ tea.Model = (*Model)(nil)

// Wrap returns model wrapped for hostbridge. It detects the host and
// starts reporting at once (call it before tea.NewProgram). A bad option
// value does not stop the chat: that option is ignored, Err says why, and
// the error is logged at debug level.
func Wrap(model tea.Model, opts ...Option) *Model {
	b, err := bridge.Lenient(opts...)
	return wrap(b, model, err)
}

func wrap(b *bridge.Bridge, model tea.Model, err error) *Model {
	m := &Model{inner: model, bridge: b, err: err}
	m.focus = b.Framework()
	m.quit = func() tea.Msg {
		_ = b.Close()
		return tea.QuitMsg{}
	}
	return m
}

// Err returns the bad option values Wrap ignored, if any.
func (m *Model) Err() error { return m.err }

// Close is the exit (see Bridge.Close). Call it after Program.Run returns;
// it is idempotent and bounded.
func (m *Model) Close() error { return m.bridge.Close() }

// Init reports the chat ready, turns on focus reports and runs the app's
// Init.
func (m *Model) Init() tea.Cmd {
	m.bridge.Ready()
	cmd := m.inner.Init()
	if m.focus {
		return tea.Batch(cmd, tea.EnableReportFocus)
	}
	return cmd
}

// Update watches msg and passes it to the app's model; a late answer to
// hostbridge's background query is not passed (see lateFilter).
func (m *Model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	defer m.exitOnPanic()
	if m.late != nil || lateAnswer.Load() != nil {
		return m, m.updateLate(msg)
	}
	return m, m.update(msg)
}

// update watches msg and passes it to the app's model.
func (m *Model) update(msg tea.Msg) tea.Cmd {
	switch msg := msg.(type) {
	case TurnStarted, ApprovalNeeded, TurnFailed, Idle, SessionSaved, MetaChanged,
		SubAgentStarted, SubAgentProgressed, SubAgentWaiting, SubAgentEnded:
		m.bridge.Send(msg)
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
	case lateRelease:
		return nil // a hold's timer, after the answer came: hostbridge's own
	default:
		if f, ok := lostFocusReport(msg); ok {
			m.bridge.SetFocus(f)
		}
	}
	inner, cmd := m.inner.Update(msg)
	m.inner = inner
	if isQuit(cmd) {
		cmd = m.quit
	}
	return cmd
}

// View returns the app's view.
func (m *Model) View() string {
	defer m.exitOnPanic()
	return m.inner.View()
}

// exitOnPanic runs the exit before a panic from the app's model goes on up
// to Bubble Tea, which restores the terminal but knows nothing of hosts.
func (m *Model) exitOnPanic() {
	if r := recover(); r != nil {
		_ = m.bridge.Close()
		panic(r)
	}
}

// quitPC identifies tea.Quit, so that a model returning it gets the exit
// run before the program stops. Funcs are not comparable; their code
// pointers are, at no allocation.
var quitPC = reflect.ValueOf(tea.Quit).Pointer()

func isQuit(cmd tea.Cmd) bool {
	return cmd != nil && reflect.ValueOf(cmd).Pointer() == quitPC
}

// csiReportType is Bubble Tea v1's unexported message for a CSI sequence
// it did not recognise.
const csiReportType = "unknownCSISequenceMsg"

// lostFocusReport recognises a focus report Bubble Tea v1 failed to parse:
// it recognises CSI I and CSI O only when each arrives alone in one read,
// and hands the others to Update as an unexported message that prints as
// ?CSI[73]? (focus) or ?CSI[79]? (blur).
func lostFocusReport(msg tea.Msg) (focused, ok bool) {
	b, ok := unknownCSI(msg)
	if !ok || len(b) != 3 || b[0] != 0x1b || b[1] != '[' {
		return false, false
	}
	switch b[2] {
	case 'I':
		return true, true
	case 'O':
		return false, true
	}
	return false, false
}
