package core

import (
	"context"
	"errors"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/hostbridge/hostbridge/host"
)

// script is a backend that fails the reports its fail func picks and
// records every report it takes, in order.
type script struct {
	mu      sync.Mutex
	fail    func(r host.Report, n int) bool // n: how many reports it was handed
	n       int
	got     []host.Report
	refresh time.Duration
}

func (s *script) Name() string { return "script" }
func (s *script) Report(_ context.Context, r host.Report) error {
	s.mu.Lock()
	defer s.mu.Unlock()
	s.n++
	if s.fail != nil && s.fail(r, s.n) {
		return errors.New("down")
	}
	s.got = append(s.got, r)
	return nil
}
func (s *script) Refresh(host.State) time.Duration { return s.refresh }
func (s *script) taken() []host.Report {
	s.mu.Lock()
	defer s.mu.Unlock()
	return append([]host.Report(nil), s.got...)
}

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
		rep := NewReporter([]host.Backend{b}, ReporterOptions{})
		defer rep.Close(context.Background())
		s1 := host.Session{ID: "s1", Resume: "chat --session s1"}
		s2 := host.Session{ID: "s2", Resume: "chat --session s2", Origin: host.OriginSwitched}
		rep.Send(host.Report{Kind: host.KindMeta, Session: s1, Meta: []host.Fact{{Name: "model", Value: "m"}}})
		_ = rep.Flush(context.Background())
		rep.Send(host.Report{Kind: host.KindSession, Session: s2})
		_ = rep.Flush(context.Background())
		time.Sleep(time.Second) // the retry timer fires
		synctest.Wait()
		got := b.taken()
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
		rep := NewReporter([]host.Backend{b}, ReporterOptions{})
		defer rep.Close(context.Background())
		rep.Send(host.Report{Kind: host.KindState, State: host.Working}, host.Report{Kind: host.KindSuspend, State: host.Working})
		_ = rep.Flush(context.Background())
		time.Sleep(time.Minute) // the editor runs
		synctest.Wait()
		got := b.taken()
		if len(got) != 1 || got[0].Kind != host.KindSuspend {
			t.Fatalf("while suspended the host got %d reports, last %v", len(got), got[len(got)-1].Kind)
		}
	})
}

// A keep-alive that fails is retried, and the keep-alives go on.
func TestReporterRefreshSurvivesAFailure(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		b := &script{refresh: 10 * time.Second, fail: func(r host.Report, n int) bool { return r.Repeat && n == 2 }}
		rep := NewReporter([]host.Backend{b}, ReporterOptions{})
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
		rep := NewReporter([]host.Backend{b}, ReporterOptions{})
		defer rep.Close(context.Background())
		rep.Send(host.Report{Kind: host.KindState, State: host.Working}, host.Report{Kind: host.KindSession},
			host.Report{Kind: host.KindMeta}, host.Report{Kind: host.KindAgents})
		_ = rep.Flush(context.Background())
		time.Sleep(DefaultRetryMin + time.Millisecond) // one retry tick
		synctest.Wait()
		if st := rep.Stats()[0]; st.Retried != 1 {
			t.Fatalf("one tick retried %d reports, want 1", st.Retried)
		}
	})
}

// A backend that panics fails its report; the worker and the chat go on.
func TestReporterSurvivesAPanickingBackend(t *testing.T) {
	n := 0
	b := host.Func{N: "panicky", F: func(context.Context, host.Report) error {
		n++
		if n == 1 {
			panic("boom")
		}
		return nil
	}}
	rep := NewReporter([]host.Backend{b}, ReporterOptions{})
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
		rep := NewReporter([]host.Backend{b}, ReporterOptions{})
		defer rep.Close(context.Background())
		rep.Send(host.Report{Kind: host.KindState, State: host.Working})
		_ = rep.Flush(context.Background())
		rep.Send(host.Report{Kind: host.KindState, State: host.Blocked})
		_ = rep.Flush(context.Background())
		rep.Send(host.Report{Kind: host.KindState, State: host.Working}) // before the retry
		_ = rep.Flush(context.Background())
		got := b.taken()
		if len(got) != 2 || got[1].State != host.Working || !got[1].Repeat {
			t.Fatalf("after a failure the host got %+v, want Working marked Repeat", got)
		}
		rep.Send(host.Report{Kind: host.KindState, State: host.Idle})
		_ = rep.Flush(context.Background())
		if got := b.taken(); got[len(got)-1].Repeat {
			t.Error("a report after a success was marked Repeat")
		}
	})
}
