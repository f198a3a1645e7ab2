//go:build unix

package bridge_test

import (
	"io"
	"os"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/hostbridge/hostbridge/bridge"
	"github.com/hostbridge/hostbridge/internal/hosts"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// cmuxTimeout bounds each cmux command: starting a process costs a few
// milliseconds, more under -race on a loaded machine.
const cmuxTimeout = 250 * time.Millisecond

// cmuxExit is the exit bound of the cmux fault lives, after cmux is well
// again: the exit runs two commands (clear-status, workspace loading off),
// a process start each, which under -race with two CPU burners took over
// faultExit's 300 ms (Close gave up on cmux once). A bound is what Close
// may take, not what it takes: it returns when cmux is done.
const cmuxExit = 3 * time.Second

type cmuxFault struct {
	name     string
	fault    func(t *testing.T, c *fakehost.Cmux)
	recover  func(t *testing.T, c *fakehost.Cmux)
	mid      bool
	wantFail bool
}

// hide and unhide take the fake cmux away from its path and put it back:
// an executable that went missing after detection found it.
func hide(t *testing.T, c *fakehost.Cmux) {
	if err := os.Rename(c.Bin(), c.Bin()+".gone"); err != nil {
		t.Fatal(err)
	}
}

func unhide(t *testing.T, c *fakehost.Cmux) {
	if err := os.Rename(c.Bin()+".gone", c.Bin()); err != nil {
		t.Fatal(err)
	}
}

func succeed(_ *testing.T, c *fakehost.Cmux) { c.Normal() }

var cmuxFaults = []cmuxFault{
	{name: "failing", fault: func(_ *testing.T, c *fakehost.Cmux) { c.Fail(2) }, recover: succeed, wantFail: true},
	{name: "hanging", fault: func(_ *testing.T, c *fakehost.Cmux) { c.Hang() }, recover: succeed, wantFail: true},
	// 4 MiB on each of stdout and stderr: the command may succeed or run
	// out of time; either way the chat must not notice.
	{name: "printing-megabytes", fault: func(_ *testing.T, c *fakehost.Cmux) { c.Spew() }, recover: succeed},
	{name: "missing", fault: hide, recover: unhide, wantFail: true},
	{name: "failing-mid-life", fault: func(_ *testing.T, c *fakehost.Cmux) { c.Fail(1) }, recover: succeed, mid: true, wantFail: true},
	{name: "missing-mid-life", fault: hide, recover: unhide, mid: true, wantFail: true},
}

// lastCall returns the last call whose first argument is cmd (and whose
// second is sub, when given).
func lastCall(calls [][]string, cmd, sub string) []string {
	for i := len(calls) - 1; i >= 0; i-- {
		c := calls[i]
		if len(c) > 0 && c[0] == cmd && (sub == "" || len(c) > 1 && c[1] == sub) {
			return c
		}
	}
	return nil
}

// cmuxShowsWorking: the row says Running and the loader spins.
func cmuxShowsWorking(c *fakehost.Cmux) bool {
	calls := c.Calls()
	st := lastCall(calls, "set-status", "")
	ld := lastCall(calls, "workspace", "loading")
	return len(st) > 2 && st[2] == "Running" && len(ld) > 2 && ld[2] == "on"
}

func TestCmuxFaults(t *testing.T) {
	for _, cf := range cmuxFaults {
		t.Run(cf.name, func(t *testing.T) {
			defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
			c := fakehost.NewCmux(t)
			b := newBridge(t, cmuxEnv(c), io.Discard,
				bridge.WithTimeout(cmuxTimeout), bridge.WithExitTimeout(cmuxExit))
			wantHost(t, b, hosts.Cmux)

			faultLife{
				host: "cmux", mid: cf.mid, wantFail: cf.wantFail, settle: 10 * time.Second, exit: cmuxExit,
				fault: func() { cf.fault(t, c) }, recover: func() { cf.recover(t, c) },
				converged: func() {
					fakehost.WaitFor(t, func() bool { return cmuxShowsWorking(c) }, fakehost.WithTimeout(converge))
				},
			}.run(t, b)
			calls := c.Calls()
			if last := lastCall(calls, "clear-status", ""); last == nil {
				t.Errorf("row not cleared at exit: %q", c.Transcript())
			}
		})
	}
}

// A cmux surface with no cmux on PATH: detection says why and falls back
// to the plain terminal, which takes the state.
func TestCmuxMissingAtDetection(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	c := fakehost.NewCmux(t)
	var term capture
	vars := c.Env()
	delete(vars, "PATH") // no cmux to be found
	b := newBridge(t, envOf(vars), &term, bridge.WithExitTimeout(faultExit))
	wantHost(t, b, hosts.Terminal)
	if len(b.Problems()) == 0 {
		t.Errorf("no problem reported for a missing cmux")
	}
	live(t, b, true, chatLife...)
	flush(t, b, 5*time.Second)
	if got := lastProgress(term.Bytes()); got != "9;4;3" {
		t.Errorf("terminal shows %q, want the working bar", got)
	}
	if err := closeWithin(t, b, faultExit+closeSlack); err != nil {
		t.Errorf("Close: %v", err)
	}
	if n := len(c.Calls()); n != 0 {
		t.Errorf("cmux ran %d times though it was not found", n)
	}
}

// A cmux that hangs at the exit: Close returns within its bound and the
// hung process is killed (goleak would see the goroutine waiting on it).
func TestCmuxHungAtExit(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	c := fakehost.NewCmux(t)
	const exit = 150 * time.Millisecond
	b := newBridge(t, cmuxEnv(c), io.Discard, bridge.WithExitTimeout(exit)) // report timeout 500 ms
	live(t, b, true, chatLife...)
	flush(t, b, 10*time.Second)
	c.Hang()
	if err := closeWithin(t, b, exit+closeSlack); err != nil {
		t.Logf("Close: %v", err)
	}
}
