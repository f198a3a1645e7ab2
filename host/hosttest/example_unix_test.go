//go:build unix

package hosttest_test

import (
	"fmt"
	"os/exec"
	"path/filepath"

	"github.com/hostbridge/hostbridge/host/hosttest"
)

// onPath is the path of the executable name on the PATH of env.
func onPath(env map[string]string, name string) string {
	return filepath.Join(filepath.SplitList(env["PATH"])[0], name)
}

// The fake cmux is an executable, first on its pane's PATH, that records
// the arguments of every call.
func ExampleCmux() {
	t := &exampleT{}
	defer t.Done()
	var c *hosttest.Cmux = hosttest.NewCmux(t)
	r := hosttest.NewRig(c) // what a kit does with it: the program's environment

	out, err := exec.Command(onPath(r.Env, "cmux"), "set-status", "chat", "Running", "--icon", "bolt.fill").Output()
	fmt.Println(len(out), "bytes out, error:", err)
	fmt.Println(c.Transcript())
	// Output:
	// 3 bytes out, error: <nil>
	// [cmux set-status chat Running --icon bolt.fill]
}

// The fake tmux client puts the chat in pane %1 and records every call;
// Transcript keeps the calls that change the pane.
func ExampleTmux() {
	t := &exampleT{}
	defer t.Done()
	var f *hosttest.Tmux = hosttest.NewTmux(t)
	r := hosttest.NewRig(f)

	_ = exec.Command(onPath(r.Env, "tmux"), "set-option", "-p", "-t", r.Env["TMUX_PANE"], "@hostbridge_state", "working").Run()
	fmt.Println(f.Transcript())
	// Output:
	// [tmux set @hostbridge_state=working]
}
