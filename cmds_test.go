package hostbridge

import (
	"os/exec"
	"testing"

	"github.com/hostbridge/hostbridge/bridge"
)

// ExecProcess hands Bubble Tea the app's command through bridge.ExecCmd,
// which keeps the streams the app set (its rules: bridge's
// TestExecCmdKeepsTheAppsStreams).
func TestExecProcessUsesExecCmd(t *testing.T) {
	c := exec.Command("true")
	r, ok := ExecProcess(c, nil)().(execRequest)
	if !ok {
		t.Fatal("ExecProcess's Cmd gave no exec request")
	}
	if got, ok := r.cmd.(bridge.ExecCmd); !ok || got.Cmd != c {
		t.Errorf("ExecProcess runs %#v, want bridge.ExecCmd{Cmd: c}", r.cmd)
	}
}
