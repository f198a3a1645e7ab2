package bridge_test

import (
	"bytes"
	"os/exec"
	"strings"
	"testing"

	"github.com/hostbridge/hostbridge/bridge"
)

// ExecCmd keeps the streams the app set, as tea.ExecProcess does, and
// fills in only the ones it left unset.
func TestExecCmdKeepsTheAppsStreams(t *testing.T) {
	appIn, appOut := strings.NewReader("app"), &bytes.Buffer{}
	termIn, termOut, termErr := strings.NewReader("term"), &bytes.Buffer{}, &bytes.Buffer{}
	c := bridge.ExecCmd{Cmd: exec.Command("true")}
	c.Stdin, c.Stdout = appIn, appOut
	c.SetStdin(termIn)
	c.SetStdout(termOut)
	c.SetStderr(termErr)
	if c.Stdin != appIn || c.Stdout != appOut {
		t.Errorf("the app's stdin or stdout was replaced by the terminal's")
	}
	if c.Stderr != termErr {
		t.Errorf("stderr, left unset by the app, is %v, want the terminal's", c.Stderr)
	}
}
