//go:build linux || darwin

package chattest

import (
	"slices"
	"strings"
	"testing"

	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// Nesting: a herdr pane inside a cmux window carries the cmux variables of
// wherever the herdr server started. The chat talks to the innermost host
// only: herdr gets the states, cmux is never run, and the model is told
// host: herdr alone.

// herdrInCmuxEnv is a herdr pane's environment inside cmux: herdr's
// variables, CMUX_SURFACE_ID and the rest, the fake cmux first on PATH.
func herdrInCmuxEnv(t *testing.T, h *fakehost.Herdr, cm *fakehost.Cmux) []string {
	return fakeEnv(t, h.Env(), cm.Env())
}

func HostsHerdrInCmux(t *testing.T, ch *Chat) {
	t.Parallel()
	h := fakehost.NewHerdr(t)
	cm := fakehost.NewCmux(t)
	c := ch.Start(t, herdrInCmuxEnv(t, h, cm))
	herdrGot(t, h, 0, "idle")
	c.Write("approve this\r")
	herdrGot(t, h, 1, "working", "blocked")
	c.Write("y")
	herdrGot(t, h, 3, "working", "idle")
	c.Quit()
	if p := h.Pane(); !p.Released {
		t.Errorf("herdr pane not released: %+v", p)
	}
	if got, want := herdrStates(h.Requests()), []string{"idle", "working", "blocked", "working", "idle"}; !slices.Equal(got, want) {
		t.Errorf("herdr states %q, want %q", got, want)
	}

	run := ch.Start(t, herdrInCmuxEnv(t, h, cm), "-m", "hello")
	run.Exit()
	if got, want := herdrStates(h.Requests())[5:], []string{"working", "idle"}; !slices.Equal(got, want) {
		t.Errorf("herdr states of -m %q, want %q", got, want)
	}
	if calls := cm.Calls(); len(calls) != 0 {
		t.Errorf("cmux was run inside herdr: %q", calls)
	}
}

// HostsDoctorNested: -doctor in a herdr pane inside cmux says host
// herdr, and every host line it prints (the host, the environment lines,
// the system prompt's) is herdr's; cmux is not run.
func HostsDoctorNested(t *testing.T, ch *Chat) {
	t.Parallel()
	h := fakehost.NewHerdr(t)
	cm := fakehost.NewCmux(t)
	out := ch.Doctor(t, herdrInCmuxEnv(t, h, cm))
	if !strings.HasPrefix(out, "host: herdr\n") {
		t.Errorf("-doctor does not start with host: herdr:\n%s", out)
	}
	var hosts []string
	for _, l := range strings.Split(out, "\n") {
		l = strings.TrimPrefix(strings.TrimLeft(l, " "), "| ")
		if strings.HasPrefix(l, "host: ") {
			hosts = append(hosts, l)
		}
		if strings.HasPrefix(l, "cmux") {
			t.Errorf("-doctor in herdr says %q", l)
		}
	}
	// The detected host, the environment line, the system prompt's line.
	if want := []string{"host: herdr", "host: herdr", "host: herdr"}; !slices.Equal(hosts, want) {
		t.Errorf("host lines %q, want %q:\n%s", hosts, want, out)
	}
	pane := h.Env()["HERDR_PANE_ID"]
	wantLines(t, out, "  herdr pane: "+pane, "  | herdr pane: "+pane)
	if calls := cm.Calls(); len(calls) != 0 {
		t.Errorf("-doctor ran cmux: %q", calls)
	}
	if n := len(h.Requests()); n != 0 {
		t.Errorf("-doctor reported %d requests to herdr", n)
	}
}

// HostsDoctorCmux: -doctor in a cmux surface says host cmux and the
// surface, for the model, and runs no cmux command.
func HostsDoctorCmux(t *testing.T, ch *Chat) {
	t.Parallel()
	cm := fakehost.NewCmux(t)
	env := cm.Env()
	out := ch.Doctor(t, fakeEnv(t, env))
	wantLines(t, out,
		"host: cmux",
		"  host: cmux",
		"  cmux surface: "+env["CMUX_SURFACE_ID"],
		"  | host: cmux",
		"  | cmux surface: "+env["CMUX_SURFACE_ID"],
	)
	if calls := cm.Calls(); len(calls) != 0 {
		t.Errorf("-doctor ran cmux: %q", calls)
	}
	// On a terminal, it says the terminal takes the state from a cmux that
	// refuses its rows (a remote workspace's), whose surface the rows name.
	c := ch.StartProgram(t, fakeEnv(t, env), ch.Binary(t), "-doctor")
	c.Exit()
	out = strings.ReplaceAll(string(c.Output()), "\r\n", "\n")
	wantLines(t, out,
		"  cmux: status row, loading indicator, exit via "+cm.Bin()+" (surface "+env["CMUX_SURFACE_ID"]+", workspace "+env["CMUX_WORKSPACE_ID"]+")",
	)
	if !strings.Contains(out, "  terminal: ping (OSC 9); progress (OSC 9;4) if cmux refuses its status rows (as a remote workspace's cmux does) via ") {
		t.Errorf("-doctor on a terminal does not say the terminal takes the state from a cmux that refuses it:\n%s", out)
	}
}
