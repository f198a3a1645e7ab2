//go:build linux || darwin

package chattest

import (
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/hostbridge/hostbridge/internal/chatscript"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// The chat in a cmux surface (CMUX_SURFACE_ID, the fake cmux first on
// PATH), with both profiles: the status row keyed by the agent and the
// workspace's loading indicator, call by call (cmuxRows checks each argv),
// and the ping still on the terminal.

func HostsCmux(t *testing.T, ch *Chat) {
	t.Parallel()
	for _, run := range profileRuns() {
		t.Run(run.p.String(), func(t *testing.T) {
			t.Parallel()
			cm := fakehost.NewCmux(t)
			c := ch.Start(t, fakeEnv(t, cm.Env()), run.args...)
			mark := 0
			shows := func(want ...string) {
				t.Helper()
				waitCmux(t, cm, strings.Join(want, ", "), func(calls [][]string) bool { return cmuxShows(calls, mark, want...) })
				mark = len(cm.Calls())
			}
			shows("Idle", "loading off")
			c.Write("hello\r")
			shows("Running", "loading on", "Idle", "loading off")
			c.Write("approve this\r")
			shows("Running", "loading on", "Needs input", "loading off")
			c.Write("y")
			shows("Running", "loading on", "Idle", "loading off")
			c.Write("fail now\r")
			shows("Running", "loading on", "Failed", "loading off")
			c.Write("delegate the fix\r")
			shows("Running", "loading on")
			c.WaitText("needs you: sub-agent")
			if run.p == chatscript.ProfileMendcode {
				shows("Needs input", "loading off")
			}
			c.Write("y")
			c.WaitText("Fixed the flaky test.")
			shows("Idle", "loading off")
			c.Quit()

			turn := func(end string) []string { return []string{"Running", "loading on", end, "loading off"} }
			want := slices.Concat([]string{"Idle", "loading off"}, turn("Idle"),
				turn("Needs input"), turn("Idle"), turn("Failed"))
			if run.p == chatscript.ProfileMendcode {
				want = slices.Concat(want, turn("Needs input"), turn("Idle"))
			} else {
				want = slices.Concat(want, turn("Idle"))
			}
			want = append(want, "cleared")
			if got := cmuxRows(t, cm.Calls(), run.agent, cm.Env()["CMUX_WORKSPACE_ID"], cm.Env()["CMUX_SURFACE_ID"], c.pid()); !slices.Equal(got, want) {
				t.Errorf("cmux showed\n%q\nwant\n%q", got, want)
			}
			c.noBar("cmux")
			// The approval's ping comes within the ping interval of the
			// first reply's, and is answered at once: whether it waited its
			// interval out depends on the machine's speed. These two come a
			// turn apart.
			pings := c.Pings(0)
			for _, p := range []string{"You said: hello", "Error: scripted failure"} {
				if !slices.Contains(pings, p) {
					t.Errorf("pings %q, want %q: the ping goes through the terminal", pings, p)
				}
			}
		})
	}
}

// HostsCmuxKilled: SIGTERM and SIGHUP during a turn clear the row and
// turn the loading indicator off.
func HostsCmuxKilled(t *testing.T, ch *Chat) {
	t.Parallel()
	for _, sig := range []syscall.Signal{syscall.SIGTERM, syscall.SIGHUP} {
		t.Run(sig.String(), func(t *testing.T) {
			t.Parallel()
			cm := fakehost.NewCmux(t)
			c := ch.Start(t, fakeEnv(t, cm.Env()))
			waitCmux(t, cm, "Idle", func(calls [][]string) bool { return cmuxShows(calls, 0, "Idle", "loading off") })
			c.Write("slow\r")
			waitCmux(t, cm, "Running", func(calls [][]string) bool { return cmuxShows(calls, 0, "Running", "loading on") })
			c.Signal(sig)
			c.Exit()
			rows := cmuxRows(t, cm.Calls(), "chat", cm.Env()["CMUX_WORKSPACE_ID"], cm.Env()["CMUX_SURFACE_ID"], c.pid())
			want := []string{"Idle", "loading off", "Running", "loading on", "cleared", "loading off"}
			if !slices.Equal(rows, want) {
				t.Errorf("after %v cmux showed %q, want %q", sig, rows, want)
			}
		})
	}
}

// HostsCmuxHeadless: -m in a cmux surface: Running from the start, the
// end of the turn, the row cleared at exit.
func HostsCmuxHeadless(t *testing.T, ch *Chat) {
	t.Parallel()
	tests := []struct {
		prompt, end string
		code        int
	}{
		{"hello", "Idle", 0},
		{"fail", "Failed", 1},
	}
	for _, run := range profileRuns() {
		for _, tt := range tests {
			t.Run(run.p.String()+"/"+tt.prompt, func(t *testing.T) {
				t.Parallel()
				cm := fakehost.NewCmux(t)
				c := ch.Start(t, fakeEnv(t, cm.Env()), append(run.args, "-m", tt.prompt)...)
				c.exitCode(tt.code, "")
				want := []string{"Running", "loading on", tt.end, "loading off", "cleared"}
				if got := cmuxRows(t, cm.Calls(), run.agent, cm.Env()["CMUX_WORKSPACE_ID"], cm.Env()["CMUX_SURFACE_ID"], c.pid()); !slices.Equal(got, want) {
					t.Errorf("cmux showed %q, want %q", got, want)
				}
			})
		}
	}
}

// HostsCmuxRemote: in a remote workspace "cmux" is cmuxd-remote, whose
// command table has no set-status, clear-status or workspace (cmux main,
// daemon/remote/cmd/cmuxd-remote/commands.go; runCLI in cli.go answers
// `cmux: unknown command "set-status"`, exit 2). Over a three-turn chat
// it is asked at most twice, and the terminal's bar, read from the bytes
// the pty got, shows every turn.
func HostsCmuxRemote(t *testing.T, ch *Chat) {
	t.Parallel()
	cm := fakehost.NewCmux(t)
	cm.Refuse("set-status", "clear-status", "workspace")
	c := ch.Start(t, fakeEnv(t, cm.Env()))
	c.WaitText("● ready")
	m := 0
	for _, say := range []string{"one", "two", "three"} {
		c.Write(say + "\r")
		m = c.waitProgress(m, "3", "0")
		c.WaitText("You said: " + say)
	}
	c.Quit()
	n := 0
	for _, argv := range cm.Calls() {
		if argv[0] != "set-status" {
			t.Errorf("cmux call %q after set-status was refused", argv)
			continue
		}
		n++
	}
	if n < 1 || n > 2 {
		t.Errorf("%d set-status calls to a cmux that has none, want 1 or 2:\n%s", n, strings.Join(cm.Transcript(), "\n"))
	}
}

// pid is the chat's process id, which cmux's rows carry.
func (c *PTY) pid() int { return c.cmd.Process.Pid }
