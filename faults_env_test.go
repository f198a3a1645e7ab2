//go:build unix

package hostbridge_test

import (
	"context"
	"io"
	"maps"
	"os"
	"os/exec"
	"testing"
	"time"

	"github.com/hostbridge/hostbridge"
	"github.com/hostbridge/hostbridge/backends"
	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/teatest"
)

// The integration tests and benchmarks of the whole library (faults_*,
// hostile_*, bench_*) build every Bridge the way an app in a host would get
// it: detection from the environment the host injects, read through
// hostbridge.WithEnv so no test touches the process environment, against
// the fake hosts of package teatest. This file holds what they share.

// termVars say the terminal is one that takes OSC 9;4 (not on the
// known-bad list) and is not behind a multiplexer.
var termVars = map[string]string{"TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"}

// noCmux is a LookPath that finds nothing.
func noCmux(name string) (string, error) {
	return "", &exec.Error{Name: name, Err: exec.ErrNotFound}
}

// envOf is the environment vars on top of termVars, with the real file
// system for sockets and look up for executables.
func envOf(vars map[string]string, lookPath func(string) (string, error)) backends.Env {
	m := maps.Clone(termVars)
	maps.Copy(m, vars)
	return backends.Env{Getenv: func(k string) string { return m[k] }, Stat: os.Stat, LookPath: lookPath}
}

// terminalEnv is a plain terminal: no host.
func terminalEnv() backends.Env { return envOf(nil, noCmux) }

// herdrEnv is the environment of the fake herdr's pane.
func herdrEnv(h *teatest.Herdr) backends.Env { return envOf(h.Env(), noCmux) }

// tuiosEnv is the environment of the fake tuios's pane, with the socket
// replaced by socket when it is not "" (a proxy in front of the fake).
func tuiosEnv(f *teatest.Tuios, socket string) backends.Env {
	vars := f.Env()
	if socket != "" {
		vars["TUIOS_SOCKET"] = socket
	}
	return envOf(vars, noCmux)
}

// cmuxEnv is the environment of the fake cmux's surface; LookPath finds
// the fake (and only it).
func cmuxEnv(c *teatest.Cmux) backends.Env {
	return envOf(c.Env(), func(name string) (string, error) {
		if name != "cmux" {
			return noCmux(name)
		}
		return c.Bin(), nil
	})
}

// newBridge is hostbridge.New for env, writing terminal sequences to out,
// with no signal handler and the agent name "chat".
func newBridge(t testing.TB, env backends.Env, out io.Writer, opts ...hostbridge.Option) *hostbridge.Bridge {
	t.Helper()
	base := []hostbridge.Option{
		hostbridge.WithEnv(env), hostbridge.WithOutput(out), hostbridge.WithoutSignalHandler(),
		hostbridge.WithAgent("chat"),
	}
	b, err := hostbridge.New(append(base, opts...)...)
	if err != nil {
		t.Fatalf("hostbridge.New: %v", err)
	}
	return b
}

// wantHost fails the test unless detection picked host kind k.
func wantHost(t testing.TB, b *hostbridge.Bridge, k backends.Kind) {
	t.Helper()
	if got := b.Host().Kind; got != k {
		t.Fatalf("detected %v, want %v (problems %v, channels %v)", got, k, b.Detection().Problems, b.Channels())
	}
}

// chatLife is a chat's life after Ready: a turn, an approval, a failed
// turn, your move, a save, and a new turn, so the latest state (working)
// differs from the first one (idle).
var chatLife = []any{
	hostbridge.TurnStarted{},
	hostbridge.ApprovalNeeded{Tool: "shell", Action: "git push"},
	hostbridge.TurnFailed{Headline: "Error: rate limited"},
	hostbridge.Idle{Reply: "Pushed."},
	hostbridge.SessionSaved{ID: "s-42", Dir: "/tmp/sessions/s-42"},
	hostbridge.TurnStarted{},
}

// lifeDeadline bounds a whole chat life: nothing in it may wait for a
// host, so it takes microseconds; the bound only catches a hang.
const lifeDeadline = 5 * time.Second

// live drives b through msgs (after Ready when ready is set) on another
// goroutine and fails the test if that does not finish within
// lifeDeadline: the point is that no call waits for a host. It returns
// the slowest single call.
func live(t testing.TB, b *hostbridge.Bridge, ready bool, msgs ...any) time.Duration {
	t.Helper()
	return liveWithin(t, b, lifeDeadline, ready, msgs...)
}

// liveWithin is live with another deadline.
func liveWithin(t testing.TB, b *hostbridge.Bridge, deadline time.Duration, ready bool, msgs ...any) time.Duration {
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
func closeWithin(t testing.TB, b *hostbridge.Bridge, bound time.Duration) error {
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
func statsOf(t testing.TB, b *hostbridge.Bridge, name string) host.Stats {
	t.Helper()
	for _, s := range b.Stats() {
		if s.Backend == name {
			return s
		}
	}
	t.Fatalf("no %s backend in %+v", name, b.Stats())
	return host.Stats{}
}

// flush waits, at most d, until every report made so far was delivered or
// failed.
func flush(t testing.TB, b *hostbridge.Bridge, d time.Duration) {
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
	converged func() // waits until the host shows "working"; fails the test after converge
}

func (fl faultLife) run(t *testing.T, b *hostbridge.Bridge) {
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
	if s := statsOf(t, b, fl.host); fl.wantFail && s.Failed == 0 {
		t.Errorf("no failure counted while %s was faulty: %+v", fl.host, s)
	}
	fl.recover()
	t.Logf("%s recovered; stats: %+v", fl.host, b.Stats())
	fl.converged()
	t.Logf("stats after convergence: %+v", b.Stats())
	if err := closeWithin(t, b, faultExit+closeSlack); err != nil {
		t.Errorf("Close: %v", err)
	}
}
