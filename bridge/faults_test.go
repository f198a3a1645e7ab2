//go:build unix

package bridge_test

import (
	"io"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/hostbridge/hostbridge/bridge"
	"github.com/hostbridge/hostbridge/internal/hosts"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// The fault tests drive a Bridge through a chat life while its host
// misbehaves, and check the design's first two principles end to end:
// nothing the chat calls waits for the host, and once the host is back it
// shows the chat's latest state. Each also checks that Close is bounded
// and leaves no goroutine behind, and that the failures were counted.

// Bounds the fault tests run with: a short report timeout so a hung host
// costs little, and the exit bound Close must keep.
const (
	faultTimeout = 50 * time.Millisecond
	faultExit    = 300 * time.Millisecond
	// closeSlack is what Close may take beyond its exit bound: the
	// Reporter's grace for a cancelled report (100 ms), and scheduling on a
	// loaded 2-core machine under -race.
	closeSlack = time.Second
)

// herdrFault is one way the herdr fake misbehaves, and how it gets well.
type herdrFault struct {
	name    string
	fault   func(h *fakehost.Herdr)
	recover func(h *fakehost.Herdr)
	// mid: the fault starts halfway through the chat life, after the
	// first half was delivered, rather than before Ready.
	mid bool
}

var herdrFaults = []herdrFault{
	{name: "slow", fault: func(h *fakehost.Herdr) { h.Slow(4 * faultTimeout) }, recover: (*fakehost.Herdr).Normal},
	{name: "hung", fault: (*fakehost.Herdr).Hang, recover: (*fakehost.Herdr).Normal},
	{name: "absent", fault: (*fakehost.Herdr).Stop, recover: (*fakehost.Herdr).Restart},
	{name: "garbage", fault: (*fakehost.Herdr).Garbage, recover: (*fakehost.Herdr).Normal},
	{name: "closing-early", fault: (*fakehost.Herdr).CloseEarly, recover: (*fakehost.Herdr).Normal},
	{name: "error", fault: func(h *fakehost.Herdr) { h.Error("internal_error") }, recover: (*fakehost.Herdr).Normal},
	{name: "restarting", fault: (*fakehost.Herdr).Stop, recover: (*fakehost.Herdr).Restart, mid: true},
	{name: "hung-mid-life", fault: (*fakehost.Herdr).Hang, recover: (*fakehost.Herdr).Normal, mid: true},
}

func TestHerdrFaults(t *testing.T) {
	for _, f := range herdrFaults {
		t.Run(f.name, func(t *testing.T) {
			defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
			h := fakehost.NewHerdr(t)
			defer h.Stop() // before goleak looks: the fake's goroutines are its own
			b := newBridge(t, herdrEnv(h), io.Discard,
				bridge.WithTimeout(faultTimeout), bridge.WithExitTimeout(faultExit))
			wantHost(t, b, hosts.Herdr)

			faultLife{
				host: "herdr", mid: f.mid, wantFail: true, settle: 5 * time.Second,
				fault: func() { f.fault(h) }, recover: func() { f.recover(h) },
				converged: func() {
					fakehost.WaitFor(t, func() bool {
						p := h.Pane()
						return p.State == "working" && p.SessionID == "s-42"
					}, fakehost.WithTimeout(converge))
				},
			}.run(t, b)
			if p := h.Pane(); !p.Released {
				t.Errorf("pane not released at exit: %+v", p)
			}
		})
	}
}

// A herdr that hangs at the exit: Close gives up on the release within its
// bound (the report timeout is longer than the exit bound here), and the
// cancelled report's goroutine is gone when Close returns.
func TestHerdrHungAtExit(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	h := fakehost.NewHerdr(t)
	defer h.Stop()
	const exit = 150 * time.Millisecond
	b := newBridge(t, herdrEnv(h), io.Discard, bridge.WithExitTimeout(exit)) // report timeout: 500 ms
	live(t, b, true, chatLife...)
	flush(t, b, 5*time.Second)
	h.Hang()
	live(t, b, false, bridge.Idle{})
	start := time.Now()
	err := closeWithin(t, b, exit+closeSlack)
	t.Logf("Close with herdr hung: %v after %v", err, time.Since(start))
	if s := statsOf(t, b.Stats(), "herdr"); s.Failed+s.Dropped == 0 {
		t.Errorf("the hung exit was not counted: %+v", s)
	}
}

// A herdr pane whose socket is gone before the chat starts: detection
// falls back to the plain terminal, which takes the state.
func TestHerdrSocketGoneAtStart(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	h := fakehost.NewHerdr(t)
	env := herdrEnv(h)
	h.Stop()
	var term capture
	b := newBridge(t, env, &term, bridge.WithTimeout(faultTimeout), bridge.WithExitTimeout(faultExit))
	wantHost(t, b, hosts.Terminal)
	if len(b.Problems()) == 0 {
		t.Errorf("no problem reported for a herdr socket that is gone")
	}
	live(t, b, true, chatLife...)
	flush(t, b, 5*time.Second)
	if got := lastProgress(term.Bytes()); got != "9;4;3" {
		t.Errorf("terminal shows %q, want the working bar 9;4;3", got)
	}
	if err := closeWithin(t, b, faultExit+closeSlack); err != nil {
		t.Errorf("Close: %v", err)
	}
	if got := lastProgress(term.Bytes()); got != "9;4;0" {
		t.Errorf("terminal shows %q after Close, want the bar removed", got)
	}
}
