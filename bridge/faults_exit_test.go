package bridge_test

import (
	"bytes"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hostbridge/hostbridge/bridge"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// slowExit is one way a chat ends against a live but slow herdr.
type slowExit struct {
	name   string
	answer time.Duration // how long herdr takes to answer each request
	opts   []bridge.Option
	queue  func(b *bridge.Bridge)
}

// slowExits: a herdr that answers every request in 40 % of the report
// bound, with sessions, facts and sub-agents queued behind the report in
// flight when the chat quits (the MendCode behaviour: facts as tokens,
// which the exit clears before the release); and a herdr that answers in
// 20 ms, 10,000 session switches behind. The exit makes three requests
// (clear the facts, release, the toast of a chat that ends blocked): at
// 60 % they filled 95 % of the exit budget, and a loaded machine went past.
var slowExits = []slowExit{
	{"saves, facts and sub-agents, 200ms each", 200 * time.Millisecond,
		[]bridge.Option{bridge.WithMetadata(true), bridge.WithBlockedMessage(true),
			bridge.WithResumeCommand(func(id string) string { return "chat --session " + id })},
		func(b *bridge.Bridge) {
			b.Send(bridge.TurnStarted{})
			b.Send(bridge.SessionSaved{ID: "a", Dir: "/tmp/a", Switched: true})
			b.Send(bridge.MetaChanged{Model: "opus", Context: "12%", Cost: "$0.10"})
			for i := range 3 {
				b.Send(bridge.SubAgentStarted{ID: fmt.Sprint(i), Task: "task"})
			}
			b.Send(bridge.SessionSaved{ID: "b", Dir: "/tmp/b", Switched: true})
			b.Send(bridge.ApprovalNeeded{Tool: "shell", Action: "git push"})
			b.Send(bridge.SessionSaved{ID: "b", Dir: "/tmp/b"})
		}},
	{"10,000 session switches, 20ms each", 20 * time.Millisecond, nil,
		func(b *bridge.Bridge) {
			for i := range 10000 {
				b.Send(bridge.SessionSaved{ID: fmt.Sprint("s", i), Dir: "/tmp/s", Switched: true})
			}
		}},
}

// runSlowExit plays one: the chat reports ready, herdr has it, herdr turns
// slow, the chat queues its reports and quits. It returns how long Close
// took and what Close said; the fake tells whether the release arrived.
func runSlowExit(t testing.TB, s slowExit) (took time.Duration, closeErr error, h *fakehost.Herdr) {
	h = fakehost.NewHerdr(t)
	env := h.Env()
	env["TERM"] = "xterm-256color"
	b, err := bridge.New(append([]bridge.Option{
		bridge.WithAgent("chat"), bridge.WithSession("s0", "/tmp/s0"),
		bridge.WithOutput(io.Discard), bridge.WithSignalHandler(false),
		bridge.WithEnv(func(k string) string { return env[k] }),
	}, s.opts...)...)
	if err != nil {
		t.Fatal(err)
	}
	b.Ready()
	b.Send(bridge.MetaChanged{Model: "opus"})
	if err := b.Flush(t.Context()); err != nil {
		t.Fatal(err)
	}
	h.Slow(s.answer)
	s.queue(b)
	start := time.Now()
	closeErr = b.Close()
	return time.Since(start), closeErr, h
}

// TestExitReachesSlowHerdr: against a real socket, herdr answering each
// request in 40 % of the report bound, the release arrives, within the
// exit budget, whatever the chat queued before it quit.
func TestExitReachesSlowHerdr(t *testing.T) {
	for _, s := range slowExits {
		t.Run(s.name, func(t *testing.T) {
			t.Parallel()
			took, err, h := runSlowExit(t, s)
			if !h.Pane().Released {
				t.Fatalf("the pane was not released (close took %v: %v)\n%s", took, err, strings.Join(h.Transcript(), "\n"))
			}
			if err != nil {
				t.Errorf("close = %v (took %v)", err, took)
			}
			if p := h.Pane(); len(p.Tokens) != 0 {
				t.Errorf("tokens left on the pane after the exit: %v", p.Tokens)
			}
			t.Logf("close took %v", took)
		})
	}
}

// pingTimes is a terminal that notes when each ping (OSC 9, not 9;4) is
// written: the terminal backend writes one sequence per Write.
type pingTimes struct {
	fakehost.Terminal
	mu sync.Mutex
	at []time.Time
}

func (p *pingTimes) Write(b []byte) (int, error) {
	if bytes.Contains(b, []byte("\x1b]9;")) && !bytes.Contains(b, []byte("\x1b]9;4;")) {
		p.mu.Lock()
		p.at = append(p.at, time.Now())
		p.mu.Unlock()
	}
	return p.Terminal.Write(b)
}

// TestBridgePingRateLimit: 100,000 alternating turns while the terminal is
// not focused write at most one ping per interval, not thousands, and the
// last reply's ping is not lost.
func TestBridgePingRateLimit(t *testing.T) {
	term := &pingTimes{}
	env := map[string]string{"TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"}
	b, err := bridge.New(bridge.WithOutput(term), bridge.WithSignalHandler(false),
		bridge.WithEnv(func(k string) string { return env[k] }))
	if err != nil {
		t.Fatal(err)
	}
	b.SetFocus(false)
	b.Ready()
	for i := range 50000 {
		b.Send(bridge.TurnStarted{})
		b.Send(bridge.Idle{Reply: fmt.Sprint("reply ", i)})
	}
	if err := b.Close(); err != nil {
		t.Fatal(err)
	}
	var pings []string
	for _, l := range term.Transcript() {
		if p, ok := strings.CutPrefix(l, "terminal ping "); ok {
			pings = append(pings, p)
		}
	}
	if len(pings) == 0 || pings[len(pings)-1] != `"reply 49999"` {
		t.Fatalf("%d pings, the last %q; want the last reply's last", len(pings), pings[max(0, len(pings)-1):])
	}
	// One ping per 500 ms: never three within one interval. (Two may be
	// closer than that: the held ping goes at Close, and a worker
	// descheduled between noting the time and writing delays one write.)
	at := term.at
	for i := 2; i < len(at); i++ {
		if d := at[i].Sub(at[i-2]); d < 500*time.Millisecond {
			t.Fatalf("%d pings; three were written within %v, want one per 500ms at most", len(pings), d)
		}
	}
}
