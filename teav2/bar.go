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
// v1, by the route the multiplexer allows (internal/hosts/terminal). A
// test kit that does not run v2's renderer finds the bar in
// View().ProgressBar, not in the bytes hostbridge writes.

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

// fillBar sets v's bar from the chat's state unless the app set its own;
// an app that does gets no keep-alive from hostbridge over it.
func (m *Model) fillBar(v *tea.View) {
	if v.ProgressBar != nil {
		if !m.appBar {
			m.appBar = true
			m.bridge.AppBar()
		}
		return
	}
	v.ProgressBar = barFor(m.bridge.Shown())
}
