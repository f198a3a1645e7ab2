package core

import (
	"context"
	"slices"
	"strconv"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/hostbridge/hostbridge/host"
)

// pingEvery is settings.DefaultPingInterval, the documented interval, written out.
const pingEvery = 500 * time.Millisecond

func pingReport(s host.State, msg string) host.Report {
	return host.Report{Kind: host.KindPing, State: s, Message: msg}
}

// pingLog records each ping a backend gets, and when. A state takes the
// backend slow to take.
type pingLog struct {
	slow time.Duration
	mu   sync.Mutex
	text []string
	at   []time.Time
}

func (p *pingLog) backend() host.Backend {
	return host.Func("pings", func(_ context.Context, r host.Report) error {
		if r.Kind == host.KindState {
			time.Sleep(p.slow)
		}
		if r.Kind == host.KindPing {
			p.mu.Lock()
			p.text, p.at = append(p.text, r.Message), append(p.at, time.Now())
			p.mu.Unlock()
		}
		return nil
	})
}

func (p *pingLog) check(t *testing.T, want []string) {
	t.Helper()
	p.mu.Lock()
	defer p.mu.Unlock()
	got := p.text
	if len(want) > 0 && want[0] == "*" && len(got) > 0 {
		got = append([]string{"*"}, got[1:]...) // any first ping
	}
	if !slices.Equal(got, want) {
		t.Errorf("%d pings %.200q, want %q", len(p.text), p.text, want)
	}
	for i := 1; i < len(p.at); i++ {
		if d := p.at[i].Sub(p.at[i-1]); d < pingEvery {
			t.Errorf("pings %d and %d went out %v apart, want at least %v", i-1, i, d, pingEvery)
			return
		}
	}
}

// TestPingRateLimit: a burst of pings ends with at most one per interval,
// and the last event's ping is not lost while it still matters (the chat
// still needs you, still failed, is still waiting for your move).
func TestPingRateLimit(t *testing.T) {
	tests := []struct {
		name string
		slow time.Duration // how long the backend takes a state
		send func(r *Reporter)
		want []string
	}{
		// The first ping the worker takes goes (which one depends on how
		// far it got before the queue limit dropped the oldest); then the
		// last, once the interval is over.
		{"100,000 alternating turns: one ping, then the last", 0, func(r *Reporter) {
			for i := range 50000 {
				r.Send(stateReport(host.Working), stateReport(host.Idle), pingReport(host.Idle, "reply "+strconv.Itoa(i)))
			}
		}, []string{"*", "reply 49999"}},
		{"a burst that ends needing you keeps that ping", 0, func(r *Reporter) {
			r.Send(stateReport(host.Idle), pingReport(host.Idle, "reply"))
			r.Send(stateReport(host.Working), stateReport(host.Blocked), pingReport(host.Blocked, "approve shell"))
		}, []string{"reply", "approve shell"}},
		{"a held ping whose moment passed is dropped", 0, func(r *Reporter) {
			r.Send(stateReport(host.Failed), pingReport(host.Failed, "Error: boom"))
			r.Send(stateReport(host.Blocked), pingReport(host.Blocked, "approve shell"), stateReport(host.Working))
		}, []string{"Error: boom"}},
		// The held ping's interval ends while the backend is busy; the
		// ping after the busy report goes at once, and the held one, older,
		// no longer goes.
		{"a newer ping replaces one held while the backend was busy", 600 * time.Millisecond, func(r *Reporter) {
			r.Send(pingReport(host.Idle, "reply"), pingReport(host.Blocked, "approve a"), stateReport(host.Blocked),
				pingReport(host.Blocked, "approve b"))
		}, []string{"reply", "approve b"}},
		{"pings an interval apart all go at once", 0, func(r *Reporter) {
			r.Send(stateReport(host.Blocked), pingReport(host.Blocked, "one"))
			time.Sleep(pingEvery)
			r.Send(stateReport(host.Working), stateReport(host.Blocked), pingReport(host.Blocked, "two"))
			time.Sleep(pingEvery)
			r.Send(stateReport(host.Working), stateReport(host.Blocked), pingReport(host.Blocked, "three"))
		}, []string{"one", "two", "three"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				log := pingLog{slow: tt.slow}
				r := NewReporter([]host.Backend{log.backend()}, with())
				defer r.Close(context.Background())
				tt.send(r)
				synctest.Wait()
				time.Sleep(time.Hour) // every held ping has had its moment
				synctest.Wait()
				log.check(t, tt.want)
			})
		})
	}
}

// TestPingHeldAtExit: a ping held back when the chat exits goes out as the
// worker stops, after the exit, if the chat is still where it pinged from.
func TestPingHeldAtExit(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var log pingLog
		r := NewReporter([]host.Backend{log.backend()}, with())
		r.Send(stateReport(host.Working), stateReport(host.Idle), pingReport(host.Idle, "first reply"))
		r.Send(stateReport(host.Working), stateReport(host.Idle), pingReport(host.Idle, "last reply"))
		synctest.Wait()
		r.Send(host.Report{Kind: host.KindExit, State: host.Idle})
		if err := r.Close(context.Background()); err != nil {
			t.Fatal(err)
		}
		log.mu.Lock()
		defer log.mu.Unlock()
		if !slices.Equal(log.text, []string{"first reply", "last reply"}) {
			t.Errorf("pings %q, want the first and the last reply", log.text)
		}
	})
}
