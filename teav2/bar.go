package hostbridge

import (
	tea "charm.land/bubbletea/v2"

	"github.com/hostbridge/hostbridge/host"
)

// Bubble Tea v2 draws the terminal's progress bar (OSC 9;4) from
// View.ProgressBar: its renderer writes the bar when it changes, resets it
// when the program ends (Quit, Kill, a cancelled context, a panic), and
// resets and redraws it around tea.Exec and tea.Suspend (cursed_renderer.go,
// v2.0.9 and v2.1.1). So where v2's raw sequence reaches the terminal the
// wrapper hands the bar to the renderer, and the terminal backend keeps
// only the ping, Ghostty's keep-alive (v2 never re-sends an unchanged bar)
// and the reset on a hangup (v2 has no SIGHUP handler). Inside tmux or
// screen, on a known-bad terminal, or with another host showing the state,
// View.ProgressBar is left alone and hostbridge writes the bar as with
// v1, by the route the multiplexer allows (internal/hosts/terminal). The
// hand-over waits until hostbridge has cleared what the terminal may
// show: a bar it drew before Wrap (a Bridge used first), or one a killed
// earlier process left, which the ready state's reset clears as in v1;
// until then View.ProgressBar stays empty. The kit (teav2/teatest) runs
// without v2's renderer and keeps the bar with the terminal backend
// (bridge.Config.BarByBackend), one write per state, so its transcripts are
// the v1 kit's.

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
