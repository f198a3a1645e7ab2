package bridge

import (
	"cmp"
	"io"
	"os/exec"
)

// ExecCmd adapts *exec.Cmd to a UI framework's command for another
// program (Bubble Tea v1's and v2's tea.ExecCommand), as tea.ExecProcess
// does: a stream the app set is kept, one it left unset gets the
// terminal's.
type ExecCmd struct{ *exec.Cmd }

func (c ExecCmd) SetStdin(r io.Reader)  { c.Stdin = cmp.Or(c.Stdin, r) }
func (c ExecCmd) SetStdout(w io.Writer) { c.Stdout = cmp.Or(c.Stdout, w) }
func (c ExecCmd) SetStderr(w io.Writer) { c.Stderr = cmp.Or(c.Stderr, w) }
