package hostbridge

import (
	"context"
	"os/exec"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/hostbridge/hostbridge/bridge"
)

// Bubble Tea runs tea.Exec and tea.Suspend before the model's Update sees
// them, too late to clear the bar. These go through the wrapper first: the
// bar is cleared, the other program runs, the state is shown again.

type execRequest struct {
	cmd tea.ExecCommand
	fn  tea.ExecCallback
}

type suspendRequest struct{}

// resumed carries the app's exec callback message, after the state is
// shown again.
type resumed struct{ msg tea.Msg }

// Exec is tea.Exec for a wrapped model: the bar is cleared while c runs.
// fn, if not nil, makes the message the app gets when c ends.
func Exec(c tea.ExecCommand, fn tea.ExecCallback) tea.Cmd {
	return func() tea.Msg { return execRequest{cmd: c, fn: fn} }
}

// ExecProcess is tea.ExecProcess for a wrapped model (see Exec).
func ExecProcess(c *exec.Cmd, fn tea.ExecCallback) tea.Cmd {
	return Exec(bridge.ExecCmd{Cmd: c}, fn)
}

// Suspend is tea.Suspend for a wrapped model: the bar is cleared while the
// program is suspended.
func Suspend() tea.Msg { return suspendRequest{} }

func (m *Model) exec(r execRequest) tea.Cmd {
	return func() tea.Msg {
		m.bridge.Suspend(context.Background())
		return tea.Exec(r.cmd, func(err error) tea.Msg {
			if r.fn == nil {
				return resumed{}
			}
			return resumed{msg: r.fn(err)}
		})()
	}
}

func (m *Model) suspend() tea.Cmd {
	return func() tea.Msg {
		m.bridge.Suspend(context.Background())
		return tea.SuspendMsg{}
	}
}
