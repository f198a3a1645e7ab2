package core

import "github.com/hostbridge/hostbridge/host"

// Shown is the state a renderer that draws the chat's state itself
// (Bubble Tea v2's View.ProgressBar) shows now: the state hosts are told,
// or Unknown (nothing) before the first report and after the exit. It
// does not change while suspended: such a renderer clears and redraws
// around another program itself.
func (m *Machine) Shown() host.State {
	if !m.started || m.exited {
		return host.Unknown
	}
	s, _ := m.effective()
	return s
}
