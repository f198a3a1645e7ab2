//go:build unix

package bridge_test

import (
	"cmp"
	"context"
	"io"
	"maps"
	"testing"
	"time"

	"github.com/hostbridge/hostbridge/bridge"
	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/hosts"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// The integration tests and benchmarks of the whole library (faults_*,
// hostile_*, bench_*) build every Bridge the way an app in a host would get
// it: detection from the environment the host injects, read through
// bridge.WithEnv so no test touches the process environment, against
// the fake hosts of package teatest. This file holds what they share.

// termVars say the terminal is one that takes OSC 9;4 (not on the
// known-bad list) and is not behind a multiplexer.
var termVars = map[string]string{"TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"}

// envOf is the environment vars on top of termVars. Executables are
// looked up on its PATH: none, unless vars has one (a fake cmux's).
func envOf(vars map[string]string) func(string) string {
	m := maps.Clone(termVars)
	maps.Copy(m, vars)
	return func(k string) string { return m[k] }
}

// terminalEnv is a plain terminal: no host.
func terminalEnv() func(string) string { return envOf(nil) }

// herdrEnv is the environment of the fake herdr's pane.
func herdrEnv(h *fakehost.Herdr) func(string) string { return envOf(h.Env()) }

// tuiosEnv is the environment of the fake tuios's pane, with the socket
// replaced by socket when it is not "" (a proxy in front of the fake).
func tuiosEnv(f *fakehost.Tuios, socket string) func(string) string {
	vars := f.Env()
	if socket != "" {
		vars["TUIOS_SOCKET"] = socket
	}
	return envOf(vars)
}

// cmuxEnv is the environment of the fake cmux's surface, the fake first
// on its PATH.
func cmuxEnv(c *fakehost.Cmux) func(string) string {
	return envOf(c.Env())
}

// newBridge is bridge.New for env, writing terminal sequences to out,
// with no signal handler and the agent name "chat".
func newBridge(t testing.TB, env func(string) string, out io.Writer, opts ...bridge.Option) *bridge.Bridge {
	t.Helper()
	base := []bridge.Option{
		bridge.WithEnv(env), bridge.WithOutput(out), bridge.WithSignalHandler(false),
		bridge.WithAgent("chat"),
	}
	b, err := bridge.New(append(base, opts...)...)
	if err != nil {
		t.Fatalf("bridge.New: %v", err)
	}
	return b
}

// wantHost fails the test unless detection picked host kind k.
func wantHost(t testing.TB, b *bridge.Bridge, k hosts.Kind) {
	t.Helper()
	if got := b.Host(); got != k.String() {
		t.Fatalf("detected %v, want %v (problems %v, channels %v)", got, k, b.Problems(), b.Channels(t.Context()))
	}
}

// chatLife is a chat's life after Ready: a turn, an approval, a failed
// turn, your move, a save, and a new turn, so the latest state (working)
// differs from the first one (idle).
var chatLife = []any{
	bridge.TurnStarted{},
	bridge.ApprovalNeeded{Tool: "shell", Action: "git push"},
	bridge.TurnFailed{Headline: "Error: rate limited"},
	bridge.Idle{Reply: "Pushed."},
	bridge.SessionSaved{ID: "s-42", Dir: "/tmp/sessions/s-42"},
	bridge.TurnStarted{},
}

// lifeDeadline bounds a whole chat life: nothing in it may wait for a
// host, so it takes microseconds; the bound only catches a hang.
const lifeDeadline = 5 * time.Second

// live drives b through msgs (after Ready when ready is set) on another
// goroutine and fails the test if that does not finish within
// lifeDeadline: the point is that no call waits for a host. It returns
// the slowest single call.
func live(t testing.TB, b *bridge.Bridge, ready bool, msgs ...any) time.Duration {
	t.Helper()
	return liveWithin(t, b, lifeDeadline, ready, msgs...)
}

// liveWithin is live with another deadline.
func liveWithin(t testing.TB, b *bridge.Bridge, deadline time.Duration, ready bool, msgs ...any) time.Duration {
	t.Helper()
	type result struct {
		slowest time.Duration
		bad     []any
	}
	done := make(chan result, 1)
	go func() {
		var r result
		timed := func(f func()) {
			start := time.Now()
			f()
			r.slowest = max(r.slowest, time.Since(start))
		}
		if ready {
			timed(b.Ready)
		}
		for _, m := range msgs {
			timed(func() {
				if !b.Send(m) {
					r.bad = append(r.bad, m)
				}
			})
		}
		done <- r
	}()
	select {
	case r := <-done:
		if len(r.bad) > 0 {
			t.Errorf("Send did not take %#v", r.bad)
		}
		return r.slowest
	case <-time.After(deadline):
		t.Fatalf("a chat life of %d messages did not finish within %v: a call waited for a host", len(msgs), deadline)
		return 0
	}
}

// closeWithin closes b on another goroutine and fails the test unless it
// returns within bound. It returns Close's error.
func closeWithin(t testing.TB, b *bridge.Bridge, bound time.Duration) error {
	t.Helper()
	done := make(chan error, 1)
	start := time.Now()
	go func() { done <- b.Close() }()
	select {
	case err := <-done:
		if took := time.Since(start); took > bound {
			t.Errorf("Close took %v, want at most %v", took, bound)
		}
		return err
	case <-time.After(bound + 10*time.Second):
		t.Fatalf("Close did not return within %v", bound+10*time.Second)
		return nil
	}
}

// statsOf returns the counters of the backend called name.
func statsOf(t testing.TB, all []host.Stats, name string) host.Stats {
	t.Helper()
	for _, s := range all {
		if s.Backend == name {
			return s
		}
	}
	t.Fatalf("no %s backend in %+v", name, all)
	return host.Stats{}
}

// flush waits, at most d, until every report made so far was delivered or
// failed.
func flush(t testing.TB, b *bridge.Bridge, d time.Duration) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	if err := b.Flush(ctx); err != nil {
		t.Fatalf("Flush: %v", err)
	}
}

// converge is how long a host may take to show the latest state once it
// is back: the Reporter retries with a back-off that reaches 5 s.
const converge = 15 * time.Second

// faultLife is what every host's fault test does with its Bridge: the chat
// life with the fault injected before it or halfway through, every call
// timed, the failures counted, then the host recovered, the Bridge's
// convergence to the latest state awaited, and the exit bounded.
type faultLife struct {
	host     string // the backend's name in Stats
	mid      bool   // inject the fault halfway, not before
	wantFail bool   // the fault must show as failed reports
	// settle bounds the flush after the life; zero skips it (a hung
	// terminal has no deadline to end a flush).
	settle    time.Duration
	fault     func()
	recover   func()
	converged func()        // waits until the host shows "working"; fails the test after converge
	exit      time.Duration // the exit bound the bridge was given; 0: faultExit
}

func (fl faultLife) run(t *testing.T, b *bridge.Bridge) {
	t.Helper()
	half := len(chatLife) / 2
	if !fl.mid {
		fl.fault()
	}
	slowest := live(t, b, true, chatLife[:half]...)
	if fl.mid {
		flush(t, b, 10*time.Second)
		fl.fault()
	}
	slowest = max(slowest, live(t, b, false, chatLife[half:]...))
	t.Logf("slowest call while %s was faulty: %v", fl.host, slowest)
	if fl.settle > 0 {
		flush(t, b, fl.settle)
	}
	if s := statsOf(t, b.Stats(), fl.host); fl.wantFail && s.Failed == 0 {
		t.Errorf("no failure counted while %s was faulty: %+v", fl.host, s)
	}
	fl.recover()
	t.Logf("%s recovered; stats: %+v", fl.host, b.Stats())
	fl.converged()
	t.Logf("stats after convergence: %+v", b.Stats())
	if err := closeWithin(t, b, cmp.Or(fl.exit, faultExit)+closeSlack); err != nil {
		t.Errorf("Close: %v", err)
	}
}
