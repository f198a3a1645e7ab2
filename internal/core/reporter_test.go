package core

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/hostbridge/hostbridge/host"

	"go.uber.org/goleak"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

// gate is a backend whose reports block until the test lets them through,
// and which fails while fail is set.
type gate struct {
	host.Recorder
	mu      sync.Mutex
	fail    bool
	release chan struct{} // nil: never blocks
	entered chan struct{} // if set, gets a token as each report starts
	refresh time.Duration
}

func (g *gate) Report(ctx context.Context, r host.Report) error {
	g.mu.Lock()
	release, fail := g.release, g.fail
	g.mu.Unlock()
	if g.entered != nil {
		g.entered <- struct{}{}
	}
	if release != nil {
		select {
		case <-release:
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	if fail {
		return errors.New("host down")
	}
	return g.Recorder.Report(ctx, r)
}

func (g *gate) Refresh(s host.State) time.Duration {
	if s == host.Working {
		return g.refresh
	}
	return 0
}

func stateList(reps []host.Report) []host.State {
	var out []host.State
	for _, r := range reps {
		if r.Kind == host.KindState {
			out = append(out, r.State)
		}
	}
	return out
}

func stateReport(s host.State) host.Report { return host.Report{Kind: host.KindState, State: s} }

func TestReporterKeepsOrder(t *testing.T) {
	rec := &host.Recorder{}
	r := NewReporter([]host.Backend{rec}, ReporterOptions{})
	want := []host.Kind{host.KindState, host.KindSession, host.KindPing, host.KindState, host.KindExit}
	for _, k := range want {
		r.Send(host.Report{Kind: k})
	}
	if err := r.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	got := rec.Reports()
	if len(got) != len(want) {
		t.Fatalf("got %d reports, want %d", len(got), len(want))
	}
	for i := range want {
		if got[i].Kind != want[i] {
			t.Errorf("report %d: %s, want %s", i, got[i].Kind, want[i])
		}
	}
}

// A slow host gets the latest state, not every state; edge events between
// states are all delivered, in order.
func TestReporterCoalesces(t *testing.T) {
	g := &gate{release: make(chan struct{}), entered: make(chan struct{}, 16)}
	r := NewReporter([]host.Backend{g}, ReporterOptions{Timeout: time.Hour})
	r.Send(stateReport(host.Working))
	<-g.entered // the worker holds Working, blocked in Report: the rest queues
	for i := 0; i < 10000; i++ {
		r.Send(stateReport(host.State(1 + i%4)))
	}
	r.Send(host.Report{Kind: host.KindPing, Message: "edge"})
	r.Send(stateReport(host.Blocked), stateReport(host.Idle))
	close(g.release)
	if err := r.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	got := g.Reports()
	// Working (in flight), the last state before the ping, the ping, Idle.
	if len(got) != 4 || got[2].Kind != host.KindPing || got[3].State != host.Idle {
		t.Fatalf("delivered %d reports: %+v", len(got), got)
	}
	st := r.Stats()[0]
	if st.Coalesced < 9999 {
		t.Errorf("coalesced = %d", st.Coalesced)
	}
}

// A state that failed is retried with back-off until the host takes it:
// the host converges to the latest state.
func TestReporterRetriesUntilConverged(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g := &gate{fail: true}
		r := NewReporter([]host.Backend{g}, ReporterOptions{})
		r.Send(stateReport(host.Working), host.Report{Kind: host.KindSession, Session: host.Session{ID: "s1"}}, stateReport(host.Blocked))
		time.Sleep(3 * time.Second) // fake time: several failed retries
		synctest.Wait()
		if n := len(g.Reports()); n != 0 {
			t.Fatalf("delivered %d while down", n)
		}
		g.mu.Lock()
		g.fail = false
		g.mu.Unlock()
		time.Sleep(DefaultRetryMax)
		synctest.Wait()
		if got := stateList(g.Reports()); len(got) != 1 || got[0] != host.Blocked {
			t.Errorf("after recovery: %v, want [blocked]", got)
		}
		if n := len(g.Reports()); n != 2 {
			t.Errorf("after recovery: %d reports, want the state and the session", n)
		}
		st := r.Stats()[0]
		if st.Retried == 0 || st.Failed == 0 {
			t.Errorf("stats = %+v", st)
		}
		if err := r.Close(context.Background()); err != nil {
			t.Fatal(err)
		}
	})
}

// A Refresher gets the state again, marked Repeat, while it holds, and no
// longer once it changed.
func TestReporterRefreshes(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g := &gate{refresh: 10 * time.Second}
		r := NewReporter([]host.Backend{g}, ReporterOptions{})
		r.Send(stateReport(host.Working))
		time.Sleep(35 * time.Second)
		synctest.Wait()
		got := g.Reports()
		if len(got) != 4 || !got[1].Repeat || !got[3].Repeat || got[0].Repeat {
			t.Fatalf("got %d reports: %+v", len(got), got)
		}
		r.Send(stateReport(host.Idle))
		time.Sleep(time.Minute)
		synctest.Wait()
		if n := len(g.Reports()); n != 5 {
			t.Errorf("refreshed after the state changed: %d reports", n)
		}
		_ = r.Close(context.Background())
	})
}

// A host that never answers costs Send nothing and Close no more than its
// bound; no goroutine is left once the host gives up on the cancelled
// context.
func TestReporterHungHost(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		g := &gate{release: make(chan struct{})} // never released
		r := NewReporter([]host.Backend{g}, ReporterOptions{Timeout: time.Hour})
		for i := 0; i < 1000; i++ {
			r.Send(stateReport(host.Working), host.Report{Kind: host.KindPing})
		}
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		start := time.Now()
		r.Send(host.Report{Kind: host.KindExit})
		err := r.Close(ctx)
		// The worker stops (the host honours ctx), but the exit was given
		// up on: Close says so.
		if err == nil || !errors.Is(err, context.DeadlineExceeded) || !strings.Contains(err.Error(), "gave up on [recorder]") {
			t.Errorf("close = %v", err)
		}
		if d := time.Since(start); d > time.Second+closeGrace {
			t.Errorf("close took %v", d)
		}
		if r.Stats()[0].Dropped == 0 {
			t.Error("nothing counted as dropped")
		}
		if err2 := r.Close(ctx); err2 != err {
			t.Errorf("second close = %v, want the first's result", err2)
		}
	})
}

// A backend that ignores its context is a contract violation: Close still
// returns within its bound, and says which backend did not stop.
func TestReporterCloseNamesStuckBackend(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		stuck := make(chan struct{})
		b := host.Func{N: "stuck", F: func(context.Context, host.Report) error { <-stuck; return nil }}
		r := NewReporter([]host.Backend{b}, ReporterOptions{})
		r.Send(stateReport(host.Working))
		ctx, cancel := context.WithTimeout(context.Background(), time.Second)
		defer cancel()
		err := r.Close(ctx)
		if err == nil || !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("close = %v", err)
		}
		close(stuck)
	})
}

func TestReporterFlush(t *testing.T) {
	g := &gate{release: make(chan struct{})}
	r := NewReporter([]host.Backend{g}, ReporterOptions{Timeout: time.Hour})
	defer r.Close(context.Background())
	r.Send(stateReport(host.Working))
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := r.Flush(ctx); !errors.Is(err, context.Canceled) {
		t.Errorf("flush while blocked = %v", err)
	}
	close(g.release)
	if err := r.Flush(context.Background()); err != nil {
		t.Errorf("flush = %v", err)
	}
	if n := len(g.Reports()); n != 1 {
		t.Errorf("delivered %d", n)
	}
}

func TestReporterQueueLimitKeepsExit(t *testing.T) {
	g := &gate{release: make(chan struct{}), entered: make(chan struct{}, 200)}
	r := NewReporter([]host.Backend{g}, ReporterOptions{QueueLimit: 4, Timeout: time.Hour})
	r.Send(stateReport(host.Working))
	<-g.entered // the worker holds Working: the queue is empty
	r.Send(host.Report{Kind: host.KindExit})
	for i := 0; i < 100; i++ {
		r.Send(host.Report{Kind: host.KindPing})
	}
	close(g.release)
	_ = r.Close(context.Background())
	got := g.Reports()
	if got[len(got)-1].Kind != host.KindPing || r.Stats()[0].Dropped != 97 {
		t.Errorf("stats %+v, last %s", r.Stats()[0], got[len(got)-1].Kind)
	}
	found := false
	for _, rep := range got {
		found = found || rep.Kind == host.KindExit
	}
	if !found {
		t.Error("the exit was dropped")
	}
}

// A report the host cannot show (ErrDropped: tmux swallows it, the host
// lacks the method) is counted Dropped, never Sent or Failed, and never
// tried again, whatever its kind: a dropped session must not loop.
func TestReporterDropped(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var calls atomic.Int32
		b := host.Func{N: "mute", F: func(context.Context, host.Report) error {
			calls.Add(1)
			return fmt.Errorf("mute: %w: swallowed", host.ErrDropped)
		}}
		var logged bytes.Buffer
		r := NewReporter([]host.Backend{b}, ReporterOptions{
			Logger: slog.New(slog.NewTextHandler(&logged, &slog.HandlerOptions{Level: slog.LevelDebug})),
		})
		r.Send(stateReport(host.Working), host.Report{Kind: host.KindSession, Session: host.Session{ID: "s1"}})
		time.Sleep(time.Minute) // fake time: any retry would have run by now
		synctest.Wait()
		if n := calls.Load(); n != 2 {
			t.Errorf("the backend was asked %d times, want once per report", n)
		}
		st := r.Stats()[0]
		if st.Dropped != 2 || st.Sent != 0 || st.Failed != 0 || st.Retried != 0 {
			t.Errorf("stats = %+v, want 2 dropped and nothing else", st)
		}
		if logged.Len() != 0 {
			t.Errorf("a dropped report was logged: %s", logged.String())
		}
		if err := r.Close(context.Background()); err != nil {
			t.Fatal(err)
		}
	})
}
