package hostbridge

import (
	"context"
	"io"
	"os/exec"

	tea "github.com/charmbracelet/bubbletea"
)

// Bubble Tea runs tea.Exec and tea.Suspend on its event loop before the
// model's Update sees the message, so the wrapper cannot clear the bar in
// time for them. These commands go through the wrapper first: the bar is
// cleared (waiting at most the report timeout for the terminal), the other
// program gets the terminal, and the state is shown again afterwards.

type execRequest struct {
	cmd tea.ExecCommand
	fn  tea.ExecCallback
}

type suspendRequest struct{}

// resumed carries the app's exec callback message back through the wrapper,
// which restores the state before passing it on.
type resumed struct{ msg tea.Msg }

// Exec is tea.Exec for a wrapped model: the progress bar is cleared while
// c runs and restored afterwards. fn, if not nil, makes the message the
// app's model receives when c ends.
func Exec(c tea.ExecCommand, fn tea.ExecCallback) tea.Cmd {
	return func() tea.Msg { return execRequest{cmd: c, fn: fn} }
}

// ExecProcess is tea.ExecProcess for a wrapped model (see Exec).
func ExecProcess(c *exec.Cmd, fn tea.ExecCallback) tea.Cmd {
	return Exec(wrapExecCmd{c}, fn)
}

// Suspend is tea.Suspend for a wrapped model: the bar is cleared while the
// program is suspended and restored when it resumes.
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

// wrapExecCmd adapts *exec.Cmd to tea.ExecCommand, as tea.ExecProcess does.
type wrapExecCmd struct{ *exec.Cmd }

func (c wrapExecCmd) SetStdin(r io.Reader)  { c.Stdin = r }
func (c wrapExecCmd) SetStdout(w io.Writer) { c.Stdout = w }
func (c wrapExecCmd) SetStderr(w io.Writer) { c.Stderr = w }
