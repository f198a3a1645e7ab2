package core

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/settings"
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
	r := NewReporter([]host.Backend{rec}, with())
	want := []host.Kind{host.KindState, host.KindSession, host.KindPing, host.KindState, host.KindExit}
	for i, k := range want {
		r.Send(host.Report{Kind: k, State: host.State(1 + i%4)})
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
	r := NewReporter([]host.Backend{g}, with(timeout(time.Hour)))
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
		r := NewReporter([]host.Backend{g}, with())
		r.Send(stateReport(host.Working), host.Report{Kind: host.KindSession, Session: host.Session{ID: "s1"}}, stateReport(host.Blocked))
		time.Sleep(3 * time.Second) // fake time: several failed retries
		synctest.Wait()
		if n := len(g.Reports()); n != 0 {
			t.Fatalf("delivered %d while down", n)
		}
		g.mu.Lock()
		g.fail = false
		g.mu.Unlock()
		time.Sleep(settings.DefaultRetryMax)
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
		r := NewReporter([]host.Backend{g}, with())
		r.Send(stateReport(host.Working))
		time.Sleep(35 * time.Second)
		synctest.Wait()
		got := g.Reports()
		if len(got) != 4 || !got[1].Repeat || !got[3].Repeat || got[0].Repeat {
			t.Fatalf("got %d reports: %+v", len(got), got)
		}
		// The same state again reaches no host, and the keep-alive goes on.
		r.Send(stateReport(host.Working))
		time.Sleep(10 * time.Second)
		synctest.Wait()
		if got := g.Reports(); len(got) != 5 || !got[4].Repeat {
			t.Fatalf("after the same state again: %+v", got[4:])
		}
		r.Send(stateReport(host.Idle))
		time.Sleep(time.Minute)
		synctest.Wait()
		if n := len(g.Reports()); n != 6 {
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
		r := NewReporter([]host.Backend{g}, with(timeout(time.Hour)))
		for i := 0; i < 1000; i++ {
			r.Send(stateReport(host.Working), host.Report{Kind: host.KindPing})
		}
		// Close's deadline comes before the exit's own (ExitTimeout, 1 s,
		// counted from the exit): the worker is still in the exit when it
		// comes. With the two deadlines equal, which fires first is not
		// decided (a worker whose exit ran out first is done, and Close has
		// no one to name), so the test would pass or fail by chance.
		ctx, cancel := context.WithTimeout(context.Background(), 900*time.Millisecond)
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
		b := host.Func("stuck", func(context.Context, host.Report) error { <-stuck; return nil })
		r := NewReporter([]host.Backend{b}, with())
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
	r := NewReporter([]host.Backend{g}, with(timeout(time.Hour)))
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
	r := NewReporter([]host.Backend{g}, with(queueLimit(4), timeout(time.Hour)))
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
		b := host.Func("mute", func(context.Context, host.Report) error {
			calls.Add(1)
			return fmt.Errorf("mute: %w: swallowed", host.ErrDropped)
		})
		var logged bytes.Buffer
		r := NewReporter([]host.Backend{b}, with(func(s *settings.Settings) {
			s.Logger = slog.New(slog.NewTextHandler(&logged, &slog.HandlerOptions{Level: slog.LevelDebug}))
		}))
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

// With EveryReport a slow host still gets every state, in order: nothing
// is coalesced. Without it the same run skips the states in between, so
// the test would fail if the option did nothing.
func TestReporterEveryReport(t *testing.T) {
	run := func(every bool) ([]host.State, host.Stats) {
		g := &gate{release: make(chan struct{}), entered: make(chan struct{}, 8)}
		r := NewReporter([]host.Backend{g}, with(timeout(time.Hour), everyReport(every)))
		r.Send(stateReport(host.Working))
		<-g.entered // the worker holds Working: the rest queue behind it
		r.Send(stateReport(host.Blocked), stateReport(host.Working), stateReport(host.Idle))
		close(g.release)
		if err := r.Close(context.Background()); err != nil {
			t.Fatal(err)
		}
		return stateList(g.Reports()), r.Stats()[0]
	}
	if got, st := run(true); !slices.Equal(got, []host.State{host.Working, host.Blocked, host.Working, host.Idle}) || st.Coalesced != 0 {
		t.Errorf("EveryReport: delivered %v, stats %+v", got, st)
	}
	if got, _ := run(false); slices.Equal(got, []host.State{host.Working, host.Blocked, host.Working, host.Idle}) {
		t.Errorf("without EveryReport nothing was coalesced: %v", got)
	}
}

// With EveryReport the state is never re-sent on the clock.
func TestReporterEveryReportRefreshesNothing(t *testing.T) {
	for _, every := range []bool{false, true} {
		synctest.Test(t, func(t *testing.T) {
			g := &gate{refresh: time.Second}
			r := NewReporter([]host.Backend{g}, with(everyReport(every)))
			r.Send(stateReport(host.Working))
			time.Sleep(5 * time.Second) // virtual: refreshes would be due
			if err := r.Close(context.Background()); err != nil {
				t.Fatal(err)
			}
			if n := r.Stats()[0].Refreshed; every && n != 0 || !every && n == 0 {
				t.Errorf("EveryReport=%v: refreshed %d times", every, n)
			}
		})
	}
}

// script is a backend that fails the reports its fail func picks and
// records every report it takes, in order (Reports).
type script struct {
	host.Recorder
	mu      sync.Mutex
	fail    func(r host.Report, n int) bool // n: how many reports it was handed
	n       int
	refresh time.Duration
}

func (s *script) Name() string { return "script" }
func (s *script) Report(ctx context.Context, r host.Report) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.n++
	if s.fail != nil && s.fail(r, s.n) {
		return errors.New("down")
	}
	return s.Recorder.Report(ctx, r)
}
func (s *script) Refresh(host.State) time.Duration { return s.refresh }

// A retried report carries the newest session, not the one it was made
// with: delivered after a newer session, it must not put the old one back.
func TestReporterRetryCarriesNewestSession(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		failedOnce := false
		b := &script{fail: func(r host.Report, _ int) bool {
			if r.Kind == host.KindMeta && !failedOnce {
				failedOnce = true
				return true
			}
			return false
		}}
		rep := NewReporter([]host.Backend{b}, with())
		defer rep.Close(context.Background())
		s1 := host.Session{ID: "s1", Resume: "chat --session s1"}
		s2 := host.Session{ID: "s2", Resume: "chat --session s2", Origin: host.OriginSwitched}
		rep.Send(host.Report{Kind: host.KindMeta, Session: s1, Meta: []host.Fact{{Name: "model", Value: "m"}}})
		_ = rep.Flush(context.Background())
		rep.Send(host.Report{Kind: host.KindSession, Session: s2})
		_ = rep.Flush(context.Background())
		time.Sleep(time.Second) // the retry timer fires
		synctest.Wait()
		got := b.Reports()
		last := got[len(got)-1]
		if last.Kind != host.KindMeta || last.Session.ID != "s2" {
			t.Fatalf("last report: %v with session %q, want the retried meta with s2", last.Kind, last.Session.ID)
		}
	})
}

// A state that failed before a Suspend is not retried while another
// program has the terminal: Resume sends the state anyway.
func TestReporterNoRetryWhileSuspended(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		b := &script{fail: func(r host.Report, n int) bool { return r.Kind == host.KindState && n == 1 }}
		rep := NewReporter([]host.Backend{b}, with())
		defer rep.Close(context.Background())
		rep.Send(host.Report{Kind: host.KindState, State: host.Working}, host.Report{Kind: host.KindSuspend, State: host.Working})
		_ = rep.Flush(context.Background())
		time.Sleep(time.Minute) // the editor runs
		synctest.Wait()
		got := b.Reports()
		if len(got) != 1 || got[0].Kind != host.KindSuspend {
			t.Fatalf("while suspended the host got %d reports, last %v", len(got), got[len(got)-1].Kind)
		}
	})
}

// A keep-alive that fails is retried, and the keep-alives go on.
func TestReporterRefreshSurvivesAFailure(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		b := &script{refresh: 10 * time.Second, fail: func(r host.Report, n int) bool { return r.Repeat && n == 2 }}
		rep := NewReporter([]host.Backend{b}, with())
		defer rep.Close(context.Background())
		rep.Send(host.Report{Kind: host.KindState, State: host.Working})
		time.Sleep(2 * time.Minute)
		synctest.Wait()
		if st := rep.Stats()[0]; st.Refreshed < 10 || st.Retried != 1 {
			t.Fatalf("2 min in Working with a 10 s keep-alive and one failure: %+v", st)
		}
	})
}

// A host that stays down costs one timeout per retry, not one per failed
// kind: the retries stop at the first failure.
func TestReporterRetryStopsAtFirstFailure(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		b := &script{fail: func(host.Report, int) bool { return true }}
		rep := NewReporter([]host.Backend{b}, with())
		defer rep.Close(context.Background())
		rep.Send(host.Report{Kind: host.KindState, State: host.Working}, host.Report{Kind: host.KindSession},
			host.Report{Kind: host.KindMeta}, host.Report{Kind: host.KindAgents})
		_ = rep.Flush(context.Background())
		time.Sleep(settings.DefaultRetryMin + time.Millisecond) // one retry tick
		synctest.Wait()
		if st := rep.Stats()[0]; st.Retried != 1 {
			t.Fatalf("one tick retried %d reports, want 1", st.Retried)
		}
	})
}

// A backend that panics fails its report; the worker and the chat go on.
func TestReporterSurvivesAPanickingBackend(t *testing.T) {
	n := 0
	b := host.Func("panicky", func(context.Context, host.Report) error {
		n++
		if n == 1 {
			panic("boom")
		}
		return nil
	})
	rep := NewReporter([]host.Backend{b}, with())
	rep.Send(host.Report{Kind: host.KindPing}, host.Report{Kind: host.KindPing})
	if err := rep.Close(context.Background()); err != nil {
		t.Fatal(err)
	}
	if st := rep.Stats()[0]; st.Failed != 1 || st.Sent != 1 {
		t.Fatalf("stats %+v", st)
	}
}

// A report that failed may have been applied anyway (the host answered too
// late): the next report of its kind goes as a Repeat, so a backend that
// skips "unchanged" states cannot leave the host on the failed one.
// Working delivered, Blocked failed, Working again: the host must be told.
func TestReporterRepeatsAfterAFailure(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		b := &script{fail: func(r host.Report, n int) bool { return n == 2 }}
		rep := NewReporter([]host.Backend{b}, with())
		defer rep.Close(context.Background())
		rep.Send(host.Report{Kind: host.KindState, State: host.Working})
		_ = rep.Flush(context.Background())
		rep.Send(host.Report{Kind: host.KindState, State: host.Blocked})
		_ = rep.Flush(context.Background())
		rep.Send(host.Report{Kind: host.KindState, State: host.Working}) // before the retry
		_ = rep.Flush(context.Background())
		got := b.Reports()
		if len(got) != 2 || got[1].State != host.Working || !got[1].Repeat {
			t.Fatalf("after a failure the host got %+v, want Working marked Repeat", got)
		}
		rep.Send(host.Report{Kind: host.KindState, State: host.Idle})
		_ = rep.Flush(context.Background())
		if got := b.Reports(); got[len(got)-1].Repeat {
			t.Error("a report after a success was marked Repeat")
		}
	})
}

// drawnScript is a script that draws in the terminal, as the terminal
// backend does.
type drawnScript struct{ *script }

func (drawnScript) DrawsInTerminal() {}

// The Reporter is the one place that decides what a host was already
// shown: a state, facts or sub-agents equal to what the backend last took
// is not delivered again, unless it must go as a Repeat (after a failure
// of its kind, after a suspend a Drawer took). This holds with
// EveryReport too: it delivers every change, not every report.
func TestReporterSkipsWhatTheHostShows(t *testing.T) {
	type step func(m *Machine) []host.Report
	var (
		turn    step = (*Machine).TurnStarted
		idle    step = func(m *Machine) []host.Report { return m.Idle("") }
		suspend step = (*Machine).Suspend
		resume  step = (*Machine).Resume
		failX   step = func(m *Machine) []host.Report { return m.TurnFailed("Error: x") }
		failY   step = func(m *Machine) []host.Report { return m.TurnFailed("Error: y") }
		meta    step = func(m *Machine) []host.Report { return m.SetMeta([]host.Fact{{Name: "model", Value: "m"}}) }
		noMeta  step = func(m *Machine) []host.Report { return m.SetMeta(nil) }
		agent   step = func(m *Machine) []host.Report {
			return []host.Report{{Kind: host.KindAgents, Agents: []host.SubAgent{{ID: "a", Task: "t"}}}}
		}
		reset step = func(m *Machine) []host.Report {
			return []host.Report{{Kind: host.KindAgents, Agents: []host.SubAgent{{}}}}
		}
		agentB    step = func(m *Machine) []host.Report { return m.AgentStarted("b", "", "") }
		agentDone step = func(m *Machine) []host.Report { return m.AgentStep("b", host.AgentDone, "ok") }
		switched  step = func(m *Machine) []host.Report {
			return m.SessionChanged(host.Session{ID: "s2"}, host.OriginSwitched)
		}
	)
	tests := []struct {
		name   string
		drawer bool
		fail   func(r host.Report, n int) bool
		steps  []step
		want   string
	}{
		{"the same state twice", false, nil, []step{turn, turn, idle, idle}, "state idle; state working; state idle"},
		{"the same headline twice, then another", false, nil, []step{failX, failX, failY},
			`state idle; state failed "Error: x"; state failed "Error: y"`},
		{"the same facts twice", false, nil, []step{meta, meta, noMeta, noMeta}, "state idle; meta model=m; meta "},
		{"the same sub-agent twice, an empty list emptied", false, nil, []step{agent, agent, reset, reset}, "state idle; agents a:running; agents "},
		// tuios lists sub-agents per session: the new one is told, even
		// with an empty list (the ended one left it once shown).
		{"a session switch with an empty list", false, nil, []step{agentB, agentDone, switched},
			"state idle; agents b:running; agents b:done; session s2 switched; agents "},
		{"a Drawer gets the state again after a suspend", true, nil, []step{turn, suspend, resume, turn},
			"state idle; state working; suspend; state working (repeat)"},
		{"another host still shows it", false, nil, []step{turn, suspend, resume, turn}, "state idle; state working; suspend"},
		{"after a failure, the same state goes again", false, func(r host.Report, n int) bool { return n == 2 },
			[]step{turn, turn, turn}, "state idle; state working (repeat)"},
		{"after a failure, the same facts go again", false, func(r host.Report, n int) bool { return n == 2 },
			[]step{meta, meta, meta}, "state idle; meta model=m (repeat)"},
	}
	for _, tt := range tests {
		for _, every := range []bool{false, true} {
			t.Run(fmt.Sprintf("%s/every=%v", tt.name, every), func(t *testing.T) {
				s := &script{fail: tt.fail}
				var b host.Backend = s
				if tt.drawer {
					b = drawnScript{s}
				}
				r := NewReporter([]host.Backend{b}, with(everyReport(every), retryMin(time.Hour)))
				defer r.Close(context.Background())
				m := newMachine(host.Session{}, noPing)
				r.Send(m.Start()...)
				_ = r.Flush(context.Background())
				for _, do := range tt.steps {
					r.Send(do(m)...)
					if err := r.Flush(context.Background()); err != nil {
						t.Fatal(err)
					}
				}
				var got []string
				for _, rep := range s.Reports() {
					line := brief([]host.Report{rep})
					if rep.Repeat {
						line += " (repeat)"
					}
					got = append(got, line)
				}
				if g := strings.Join(got, "; "); g != tt.want {
					t.Errorf("the host took\n  %s\nwant\n  %s", g, tt.want)
				}
			})
		}
	}
}
