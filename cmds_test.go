package hostbridge

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"
)

// ExecProcess keeps the streams the app set on its command, as
// tea.ExecProcess does; Bubble Tea fills in only the unset ones.
func TestExecProcessKeepsTheAppsStreams(t *testing.T) {
	c := exec.Command("true")
	appOut := &bytes.Buffer{}
	c.Stdout = appOut
	r, ok := ExecProcess(c, nil)().(execRequest)
	if !ok {
		t.Fatal("ExecProcess's Cmd gave no exec request")
	}
	termOut, termErr := &bytes.Buffer{}, &bytes.Buffer{}
	r.cmd.SetStdin(strings.NewReader(""))
	r.cmd.SetStdout(termOut)
	r.cmd.SetStderr(termErr)
	if c.Stdout != appOut {
		t.Errorf("the app's stdout was replaced by the terminal's")
	}
	if c.Stderr != termErr || c.Stdin == nil {
		t.Errorf("the unset streams were not filled in: stdin %v, stderr %v", c.Stdin, c.Stderr)
	}
}
