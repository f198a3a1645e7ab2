//go:build unix

package bridge_test

import (
	"io"
	"os"
	"slices"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"go.uber.org/goleak"

	"github.com/hostbridge/hostbridge"
	"github.com/hostbridge/hostbridge/bridge"
	"github.com/hostbridge/hostbridge/internal/settings"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// roundTrip is a message that the app's Update answers by closing it: how
// long it takes to come back is how long a message waits for Update.
type roundTrip chan struct{}

// markerApp is an app model that answers roundTrip messages.
type markerApp struct{}

func (markerApp) Init() tea.Cmd { return nil }
func (a markerApp) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if rt, ok := msg.(roundTrip); ok {
		close(rt)
	}
	return a, nil
}
func (markerApp) View() string { return "> " }

// A wrapped model in a real Bubble Tea program: while herdr hangs, a state
// change followed by a marker message comes back through Update as fast
// as when herdr answers. Only a generous bound is asserted (the benchmarks
// measure speed); the point is that nothing in Update waits for herdr.
func TestProgramUpdateFlatWhileHerdrHangs(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	h := fakehost.NewHerdr(t)
	defer h.Stop()
	in, inw, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer in.Close()
	defer inw.Close()

	b, err := hostbridge.New(bridge.WithEnv(herdrEnv(h)), bridge.WithOutput(io.Discard),
		bridge.WithSignalHandler(false), bridge.WithAgent("chat"))
	if err != nil {
		t.Fatal(err)
	}
	m := b.Wrap(markerApp{})
	if h := b.Host(); h != "herdr" {
		t.Fatalf("detected %s, want herdr", h)
	}
	p := tea.NewProgram(m, tea.WithInput(in), tea.WithOutput(io.Discard), tea.WithoutSignalHandler())
	ran := make(chan error, 1)
	go func() { _, err := p.Run(); ran <- err }()

	states := []tea.Msg{bridge.TurnStarted{}, bridge.ApprovalNeeded{Question: "ok?"}, bridge.Idle{Reply: "done"}}
	rounds := func(n int) []time.Duration {
		out := make([]time.Duration, 0, n)
		for i := range n {
			rt := make(roundTrip)
			start := time.Now()
			p.Send(states[i%len(states)])
			p.Send(rt)
			select {
			case <-rt:
			case <-time.After(5 * time.Second):
				t.Fatalf("round %d: Update did not answer within 5s", i)
			}
			out = append(out, time.Since(start))
		}
		slices.Sort(out)
		return out
	}
	answering := rounds(100)
	fakehost.WaitFor(t, func() bool { return len(h.Requests()) > 0 }) // herdr got something from the program
	h.Hang()
	hung := rounds(100)
	t.Logf("Update round trip, herdr answering: p50 %v max %v; herdr hung: p50 %v max %v",
		answering[50], answering[99], hung[50], hung[99])
	if hung[99] > time.Second {
		t.Errorf("a round trip took %v while herdr hung", hung[99])
	}
	if s := statsOf(t, b.Stats(), "herdr"); s.Failed == 0 {
		t.Logf("no herdr failure yet (reports coalesced behind the hung one): %+v", s)
	}

	p.Quit()
	select {
	case err := <-ran:
		if err != nil {
			t.Errorf("Run: %v", err)
		}
	case <-time.After(10 * time.Second):
		t.Fatal("the program did not quit")
	}
	start := time.Now()
	_ = m.Close()
	if took := time.Since(start); took > settings.DefaultExitTimeout+closeSlack {
		t.Errorf("Close took %v with herdr hung", took)
	}
}
