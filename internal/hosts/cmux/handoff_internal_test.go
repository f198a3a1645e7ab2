package cmux

import (
	"context"
	"slices"
	"testing"
	"testing/synctest"
	"time"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/core"
	"github.com/hostbridge/hostbridge/internal/hosts/terminal"
	"github.com/hostbridge/hostbridge/internal/settings"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

type shown struct {
	shows bool
	err   error
}

// asking asks h in a goroutine; the channel gets the answer.
func asking(ctx context.Context, h *Handoff) <-chan shown {
	answered := make(chan shown, 1)
	go func() {
		shows, err := h.HostShows(ctx)
		answered <- shown{shows, err}
	}()
	return answered
}

// The terminal waits for cmux's first answer, bounded by its report; once
// a wait has run out of time it never waits again (a cmux that does not
// answer must not hold every later bar and ping up), but a report
// superseded by a newer one leaves the next to wait. Until cmux answers,
// the answer is an error (the state is not taken, so it comes again); a
// refusal stands. In a bubble (testing/synctest), so that "waits" and
// "does not wait" are seen, not timed: synctest.Wait returns once the
// asking goroutine is blocked or done.
func TestHandoffWaits(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHandoff()
		superseded, cancel := context.WithCancel(context.Background())
		cancel()
		if shows, err := h.HostShows(superseded); !shows || err == nil {
			t.Errorf("cmux not yet answering: shows %v, err %v; want true and an error", shows, err)
		}
		if h.gaveUp.Load() {
			t.Error("a report superseded by a newer one stopped the waiting")
		}

		// A wait out of time: the terminal asked, cmux said nothing until
		// the report's deadline.
		late, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		answered := asking(late, h)
		synctest.Wait()
		select {
		case a := <-answered:
			t.Fatalf("answered %+v before cmux answered or the deadline came: want it to wait", a)
		default:
		}
		time.Sleep(time.Second) // the report's deadline, on the bubble's clock
		if a := <-answered; !a.shows || a.err == nil || !h.gaveUp.Load() {
			t.Errorf("at the deadline: %+v, gave up %v; want true and an error, and no more waiting", a, h.gaveUp.Load())
		}
		answered = asking(context.Background(), h)
		synctest.Wait()
		select {
		case a := <-answered:
			if !a.shows || a.err == nil {
				t.Errorf("after a wait ran out: %+v, want true and an error", a)
			}
		default:
			t.Fatal("it waits again after a wait ran out")
		}
		h.settle(true) // cmux refuses after the terminal stopped waiting
		if shows, err := h.HostShows(context.Background()); shows || err != nil {
			t.Errorf("a refusal after the wait ran out: shows %v, err %v", shows, err)
		}

		// The waiting path: the terminal is blocked in the wait when cmux
		// refuses.
		h = newHandoff()
		answered = asking(context.Background(), h)
		synctest.Wait()
		select {
		case a := <-answered:
			t.Fatalf("answered %+v before cmux answered: want it to wait", a)
		default:
		}
		h.settle(true)
		if a := <-answered; a.shows || a.err != nil {
			t.Errorf("a waiting terminal was not told cmux refused: %+v", a)
		}
		h.settle(false)
		if shows, _ := h.HostShows(context.Background()); shows {
			t.Error("a later answer undid the refusal")
		}

		h = newHandoff()
		h.settle(false)
		if shows, err := h.HostShows(context.Background()); !shows || err != nil {
			t.Errorf("cmux shows its rows: shows %v, err %v", shows, err)
		}
	})
}

// The hand-off's deadline path, with the real terminal and Reporter: a
// cmux that never answers holds the terminal's first state for its
// report's bound, then no more; each try after that fails at once
// (errUnanswered), the delivery's back-off reaching 5 s, so the terminal's
// Stats.Failed grows by about one every 5 s for as long as cmux is silent
// (the cost of drawing a late refusal's state: cmux/handoff.go). A refusal
// after all that gets the state drawn at the next try.
func TestHandoffGivesUpAtTheDeadline(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		h := newHandoff()
		out := &fakehost.Terminal{} // reads the bytes as a terminal does
		s := settings.Default()
		s.Output = out
		term := terminal.New(s,
			terminal.Wiring{Info: terminal.Info{Term: "xterm-256color", Program: "WezTerm"}, HostShows: h.HostShows})
		drawn := func() bool { return slices.Contains(out.Transcript(), "terminal progress 3") }
		const bound = 500 * time.Millisecond
		s.Timeout, s.EveryReport = bound, true
		r := core.NewReporter([]host.Backend{term}, s)
		defer r.Close(context.Background())
		r.Send(host.Report{Kind: host.KindState, State: host.Working})
		synctest.Wait()
		if h.gaveUp.Load() {
			t.Fatal("gave up before the report's deadline")
		}
		time.Sleep(bound)
		synctest.Wait()
		if !h.gaveUp.Load() || drawn() {
			t.Fatalf("after the report's bound: gave up %v, drawn %q; want given up, nothing drawn", h.gaveUp.Load(), out.Transcript())
		}
		const silent = time.Minute
		time.Sleep(silent)
		synctest.Wait()
		failed := r.Stats()[0].Failed
		// The first at the bound; then the back-off, 0.1, 0.2, 0.4, 0.8,
		// 1.6, 3.2 s, then 5 s: 7 in the first 7 s, 17 in a minute.
		if failed < 15 || failed > 19 {
			t.Errorf("%d failed tries in %v of silence, want one about every 5 s", failed, silent)
		}
		h.settle(true)
		time.Sleep(settings.DefaultRetryMax)
		synctest.Wait()
		if !drawn() {
			t.Errorf("cmux refused; the terminal drew %q, want the working bar", out.Transcript())
		}
	})
}
