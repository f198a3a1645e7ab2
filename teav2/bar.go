package hostbridge

import (
	tea "charm.land/bubbletea/v2"

	"github.com/hostbridge/hostbridge/host"
)

// Where v2's own OSC 9;4 reaches the terminal, its renderer owns the bar
// (View.ProgressBar: written on change, reset on every way out and around
// Exec and Suspend, cursed_renderer.go v2.0.9); the terminal backend keeps
// what the renderer lacks (the ping, the keep-alive the terminal table
// asks for: Ghostty, Rio, kitty 0.39+; the reset on a hangup). The
// renderer ends the bar with BEL (x/ansi), which VTE 0.80+ ignores: there
// the backend keeps the bar and ends it with ST (terminal.Backend's
// HandBarToRenderer refuses). Elsewhere (tmux, screen, a terminal the
// table gives no bar, another host showing the state, the kit) the
// backend writes the bar as with v1. The README's "Bubble Tea v2" section
// has the table.

// The bars for each state, shared: the renderer only reads them.
var (
	barWorking = &tea.ProgressBar{State: tea.ProgressBarIndeterminate}
	barBlocked = &tea.ProgressBar{State: tea.ProgressBarWarning, Value: 100}
	barFailed  = &tea.ProgressBar{State: tea.ProgressBarError, Value: 100}
)

// barFor is the bar for a chat state, as the v1 frontend's OSC 9;4: none
// for ready, your move and after the exit.
func barFor(s host.State) *tea.ProgressBar {
	switch s {
	case host.Working:
		return barWorking
	case host.Blocked:
		return barBlocked
	case host.Failed:
		return barFailed
	}
	return nil
}

// fillBar sets v's bar from the chat's state unless the app set its own.
// The app's bar (a busy bar, a percentage) shows while the chat works or
// waits for the user's move; "needs you" and "failed" win over it, as they
// are what the user must not miss, and the keep-alive that holds them in
// Ghostty runs as for any bar of hostbridge's. While the app's bar shows,
// hostbridge sends no keep-alive over it; the bridge hears only of a
// change, not of every frame.
func (m *Model) fillBar(v *tea.View) {
	s := m.bridge.Shown()
	own := v.ProgressBar != nil && s != host.Blocked && s != host.Failed
	if own != m.appBar {
		m.appBar = own
		m.bridge.AppBar(own)
	}
	if !own {
		v.ProgressBar = barFor(s)
	}
}

// barReleased says the terminal backend let go of the bar: the View that
// follows this message draws the chat's state.
type barReleased struct{ m *Model }

// awaitBar waits, off the update loop, for the terminal backend to let go
// of the bar, so that a view drawn without it meanwhile is drawn again;
// it ends with the Bridge. Nil when nothing holds the bar.
func (m *Model) awaitBar() tea.Cmd {
	if !m.bar {
		return nil
	}
	held, done := m.bridge.BarReleased(), m.bridge.Done()
	if held == nil {
		return nil
	}
	return func() tea.Msg {
		select {
		case <-held:
			return barReleased{m}
		case <-done:
			return nil
		}
	}
}
