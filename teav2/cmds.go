package hostbridge

import (
	"context"
	"os/exec"

	tea "charm.land/bubbletea/v2"

	"github.com/hostbridge/hostbridge/bridge"
)

// Bubble Tea v2 runs tea.Exec and tea.Suspend before the model's Update
// sees them. Its renderer clears the bar it draws and redraws it after
// (cursed_renderer.go, v2.0.9), but hostbridge does not hear of it: in
// Ghostty its keep-alive would re-send the bar every 10 s over the other
// program, and inside tmux or screen the bar hostbridge draws itself
// would stay shown. These go through the wrapper first, as in the v1
// frontend: the state is suspended (keep-alive stopped, hostbridge's own
// bar cleared), the other program runs, the state is shown again.

type execRequest struct {
	cmd tea.ExecCommand
	fn  tea.ExecCallback
}

type suspendRequest struct{}

// resumed carries the app's exec callback message, after the state is
// shown again.
type resumed struct{ msg tea.Msg }

// Exec is tea.Exec for a wrapped model: hostbridge shows no bar while c
// runs. fn, if not nil, makes the message the app gets when c ends.
func Exec(c tea.ExecCommand, fn tea.ExecCallback) tea.Cmd {
	return func() tea.Msg { return execRequest{cmd: c, fn: fn} }
}

// ExecProcess is tea.ExecProcess for a wrapped model (see Exec).
func ExecProcess(c *exec.Cmd, fn tea.ExecCallback) tea.Cmd {
	return Exec(bridge.ExecCmd{Cmd: c}, fn)
}

// Suspend is tea.Suspend for a wrapped model: hostbridge shows no bar
// while the program is suspended.
func Suspend() tea.Msg { return suspendRequest{} }

// exec suspends the state off the update loop (Bridge.Suspend waits,
// bounded, for the terminal), then hands c to Bubble Tea.
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
