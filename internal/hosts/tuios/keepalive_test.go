package tuios_test

import (
	"context"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/core"
	"github.com/hostbridge/hostbridge/internal/hosts/tuios"
	"github.com/hostbridge/hostbridge/internal/settings"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// tuios's daemon demotes a reported working to idle once the pane has
// printed nothing for the stall window, 30 s unless the daemon's
// TUIOS_AGENT_STALL_SECONDS says otherwise (internal/session/daemon.go,
// resolveAgentStallTimeout, main 6037a8a); a set-agent-state restamps the
// state's time, which the silence is counted from (agent_state.go,
// ApplyAgentReport, stalledAt). So working is re-sent within half the
// window, and no other state is: the heuristic demotes only working.
func TestTuiosRefreshWithinHalfTheStallWindow(t *testing.T) {
	f := fakehost.NewTuios(t)
	for _, tc := range []struct {
		env  string
		want time.Duration
	}{
		{"", 15 * time.Second},
		{"8", 4 * time.Second},
		{" 12 ", 6 * time.Second}, // tuios trims it
		{"90", 45 * time.Second},
		{"0", 0}, // off
		{"-3", 0},
		{"soon", 15 * time.Second}, // unreadable: tuios's default
	} {
		b := newTuiosBackend(t, f, func(c *tuios.TestConfig) { c.Stall = tc.env })
		if got := b.Refresh(host.Working); got != tc.want {
			t.Errorf("TUIOS_AGENT_STALL_SECONDS=%q: Refresh(Working) = %v, want %v", tc.env, got, tc.want)
		}
		for _, s := range []host.State{host.Idle, host.Blocked, host.Failed} {
			if got := b.Refresh(s); got != 0 {
				t.Errorf("Refresh(%v) = %v, want 0", s, got)
			}
		}
	}
	// The backend never reads the process's environment: detection read
	// the variable through WithEnv's getenv, with the rest.
	t.Setenv("TUIOS_AGENT_STALL_SECONDS", "100")
	if got := newTuiosBackend(t, f, func(c *tuios.TestConfig) { c.Stall = "8" }).Refresh(host.Working); got != 4*time.Second {
		t.Errorf("with the process's variable set: Refresh(Working) = %v, want 4s", got)
	}
	// herdr's API carries the states: nothing to keep alive here.
	if got := newTuiosBackend(t, f, func(c *tuios.TestConfig) { c.NoStates = true }).Refresh(host.Working); got != 0 {
		t.Errorf("NoStates: Refresh(Working) = %v, want 0", got)
	}
}

// A turn silent for 42 s (a headless run waiting on the model) still reads
// working: the Reporter re-sends it every 15 s of the default window, and
// stops once the turn ended. The clock is synctest's; the socket is real.
func TestTuiosSilentTurnStaysWorking(t *testing.T) {
	f := fakehost.NewTuios(t)
	synctest.Test(t, func(t *testing.T) {
		b := newTuiosBackend(t, f)
		s := settings.Default()
		rep := core.NewReporter([]host.Backend{b}, s)
		defer rep.Close(context.Background())
		workings := func() int { return strings.Count(strings.Join(f.Transcript(), "\n"), "set-agent-state working") }
		at := func(d time.Duration, want int) {
			t.Helper()
			time.Sleep(d) // fake time: returns once the worker is idle again
			if got := workings(); got != want {
				t.Fatalf("%v later: working sent %d times, want %d\n%s", d, got, want, strings.Join(f.Transcript(), "\n"))
			}
		}
		rep.Send(host.Report{Kind: host.KindState, State: host.Working})
		at(15*time.Second-time.Millisecond, 1)
		at(2*time.Millisecond, 2) // 15 s after the first
		at(15*time.Second, 3)     // 30 s
		at(12*time.Second, 3)     // 42 s: the daemon last heard working 12 s ago
		if p := f.Pane(); p.State != "working" {
			t.Errorf("pane %q after 42 s, want working", p.State)
		}
		rep.Send(host.Report{Kind: host.KindState, State: host.Idle})
		at(time.Minute, 3) // done: nothing more
		if p := f.Pane(); p.State != "done" {
			t.Errorf("pane %q, want done", p.State)
		}
		if s := rep.Stats()[0]; s.Refreshed != 2 {
			t.Errorf("Refreshed = %d, want 2", s.Refreshed)
		}
	})
}
