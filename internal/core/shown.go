package core

import "github.com/hostbridge/hostbridge/host"

// Shown is the state a renderer draws itself (Bubble Tea v2's
// View.ProgressBar): Unknown before the first report and after the exit;
// unchanged while suspended, as the renderer redraws around that itself.
func (m *Machine) Shown() host.State {
	if !m.started || m.exited {
		return host.Unknown
	}
	s, _ := m.effective()
	return s
}
