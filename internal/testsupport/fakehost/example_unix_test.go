//go:build unix

package fakehost_test

import (
	"fmt"
	"os/exec"

	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// The fake cmux is an executable (Bin, first on Env's PATH) that records
// the arguments of every call: Fail plays a cmux that lacks a command,
// Spew one that floods its output, Normal the healthy one.
func ExampleCmux() {
	t := &exampleT{}
	defer t.Done()
	c := fakehost.NewCmux(t)
	run := func(args ...string) {
		out, err := exec.Command(c.Bin(), args...).Output()
		fmt.Println(len(out), "bytes out, error:", err)
	}

	run("set-status", "chat", "Running", "--icon", "bolt.fill")
	c.Fail(2, "set-progress")
	run("set-progress", "0.5")
	run("clear-status", "chat")
	c.Spew()
	run("log", "done")
	c.Normal()
	fmt.Println(c.Calls())
	for _, line := range c.Transcript() {
		fmt.Println(line)
	}
	// Output:
	// 3 bytes out, error: <nil>
	// 0 bytes out, error: exit status 2
	// 3 bytes out, error: <nil>
	// 4194307 bytes out, error: <nil>
	// [[set-status chat Running --icon bolt.fill] [set-progress 0.5] [clear-status chat] [log done]]
	// cmux set-status chat Running --icon bolt.fill
	// cmux set-progress 0.5
	// cmux clear-status chat
	// cmux log done
}

// The fake tmux client puts the chat in pane TmuxPane, records every call
// (Calls, the terminal's passthrough question included) and answers that
// question as Passthrough says; Transcript keeps the calls that change the
// pane.
func ExampleTmux() {
	t := &exampleT{}
	defer t.Done()
	f := fakehost.NewTmux(t)
	fmt.Println(f.Env()["TMUX_PANE"] == fakehost.TmuxPane)

	f.Passthrough("on")
	out, _ := exec.Command(f.Bin(), "display-message", "-p", "#{allow-passthrough}").Output()
	fmt.Printf("%q\n", out)
	_ = exec.Command(f.Bin(), "set-option", "-p", "-t", fakehost.TmuxPane, "@hostbridge_state", "working").Run()
	fmt.Println(len(f.Calls()), "calls")
	fmt.Println(f.Transcript())
	// Output:
	// true
	// "on\n3.3a\n%1\n\n\n\n\nchat\n"
	// 2 calls
	// [tmux set @hostbridge_state=working]
}
