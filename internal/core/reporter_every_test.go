package core

import (
	"context"
	"slices"
	"testing"
	"testing/synctest"
	"time"

	"github.com/hostbridge/hostbridge/host"
)

// With EveryReport a slow host still gets every state, in order: nothing
// is coalesced. Without it the same run skips the states in between, so
// the test would fail if the option did nothing.
func TestReporterEveryReport(t *testing.T) {
	run := func(every bool) ([]host.State, host.Stats) {
		g := &gate{release: make(chan struct{}), entered: make(chan struct{}, 8)}
		r := NewReporter([]host.Backend{g}, ReporterOptions{Timeout: time.Hour, EveryReport: every})
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
			r := NewReporter([]host.Backend{g}, ReporterOptions{EveryReport: every})
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
