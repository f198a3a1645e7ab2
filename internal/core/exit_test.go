package core

import (
	"context"
	"errors"
	"fmt"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	"github.com/hostbridge/hostbridge/host"
)

// slowHost answers every report after d, as a live but slow host does
// (inside the report bound), and gives up when the report's context ends.
// An exit takes exitCalls such answers (herdr clears its tokens, then
// releases); a ping takes none (herdr, tuios and cmux ignore it). While
// fail is set, states fail (after d), as from a host that takes the
// request and answers an error.
type slowHost struct {
	host.Recorder // reports answered
	d             time.Duration
	exitCalls     int
	refresh       time.Duration

	mu     sync.Mutex
	fail   bool
	exitAt time.Time // when the exit was answered
}

func (h *slowHost) Name() string { return "slow" }

func (h *slowHost) Report(ctx context.Context, r host.Report) error {
	calls := 1
	switch r.Kind {
	case host.KindExit:
		calls = max(1, h.exitCalls)
	case host.KindPing:
		calls = 0
	}
	for range calls {
		select {
		case <-time.After(h.d):
		case <-ctx.Done():
			return ctx.Err()
		}
	}
	h.mu.Lock()
	defer h.mu.Unlock()
	if h.fail && r.Kind == host.KindState {
		return errors.New("host says no")
	}
	if r.Kind == host.KindExit {
		h.exitAt = time.Now()
	}
	return h.Recorder.Report(ctx, r)
}

func (h *slowHost) Refresh(host.State) time.Duration { return h.refresh }

// backlog is what a chat queues in a few milliseconds before it quits:
// sessions, facts, sub-agents, states and a ping.
func backlog() []host.Report {
	s := func(id string) host.Report {
		return host.Report{Kind: host.KindSession, Session: host.Session{ID: id, Origin: host.OriginSwitched}}
	}
	return []host.Report{
		s("a"), s("b"), s("c"),
		{Kind: host.KindMeta, Meta: []host.Fact{{Name: "model", Value: "m"}}},
		{Kind: host.KindAgents, Agents: []host.SubAgent{{ID: "x", Task: "t"}}},
		{Kind: host.KindState, State: host.Blocked, Message: "approve"},
		{Kind: host.KindPing, State: host.Blocked, Message: "approve"},
		{Kind: host.KindMeta, Meta: []host.Fact{{Name: "model", Value: "n"}}},
		{Kind: host.KindState, State: host.Idle},
	}
}

// TestExitReachesSlowHost: a host that answers every report in 60-80 % of
// the report bound, with a queue of sessions, facts and sub-agents behind
// the report in flight, still gets the exit (which takes it two answers)
// within the exit budget, every time; so does one whose failed state is
// being retried, or whose keep-alive is in flight, when the exit comes,
// and one that fell 10,000 session switches behind.
func TestExitReachesSlowHost(t *testing.T) {
	const budget = time.Second // hostbridge's default exit timeout
	tests := []struct {
		name  string
		host  *slowHost
		setup func(r *Reporter, h *slowHost)
	}{
		{"answers in 320ms (64%)", &slowHost{d: 320 * time.Millisecond, exitCalls: 2}, func(r *Reporter, h *slowHost) {
			r.Send(host.Report{Kind: host.KindState, State: host.Working})
			synctest.Wait() // the state is in flight
			r.Send(backlog()...)
		}},
		{"answers in 400ms (80%)", &slowHost{d: 400 * time.Millisecond, exitCalls: 2}, func(r *Reporter, h *slowHost) {
			r.Send(host.Report{Kind: host.KindState, State: host.Working})
			time.Sleep(10 * time.Millisecond)
			r.Send(backlog()...)
		}},
		{"a session in flight", &slowHost{d: 400 * time.Millisecond, exitCalls: 2}, func(r *Reporter, h *slowHost) {
			r.Send(host.Report{Kind: host.KindSession, Session: host.Session{ID: "s"}})
			synctest.Wait()
			r.Send(backlog()...)
		}},
		{"a retry in flight", &slowHost{d: 400 * time.Millisecond, exitCalls: 2, fail: true}, func(r *Reporter, h *slowHost) {
			r.Send(host.Report{Kind: host.KindState, State: host.Working})
			// Fails at 400 ms; tried again at 500 ms; in flight until 900.
			time.Sleep(550 * time.Millisecond)
			synctest.Wait()
		}},
		{"a keep-alive in flight", &slowHost{d: 400 * time.Millisecond, exitCalls: 2, refresh: 10 * time.Second}, func(r *Reporter, h *slowHost) {
			r.Send(host.Report{Kind: host.KindState, State: host.Working})
			time.Sleep(10*time.Second + 450*time.Millisecond) // refreshed at 10.4 s
			synctest.Wait()
		}},
		{"10,000 session switches, 20ms each", &slowHost{d: 20 * time.Millisecond}, func(r *Reporter, h *slowHost) {
			for i := range 10000 {
				r.Send(host.Report{Kind: host.KindSession, Session: host.Session{ID: fmt.Sprint(i), Origin: host.OriginSwitched}},
					host.Report{Kind: host.KindState, State: host.Idle})
			}
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				h := tt.host
				r := NewReporter([]host.Backend{h}, with())
				tt.setup(r, h)
				start := time.Now()
				r.Send(host.Report{Kind: host.KindExit, State: host.Idle})
				ctx, cancel := context.WithTimeout(context.Background(), budget)
				defer cancel()
				err := r.Close(ctx)
				h.mu.Lock()
				defer h.mu.Unlock()
				got := h.Reports()
				if h.exitAt.IsZero() {
					t.Fatalf("the exit never reached the host (close: %v; it got %d reports)", err, len(got))
				}
				if took := h.exitAt.Sub(start); took > budget {
					t.Errorf("the exit took %v, over the %v budget", took, budget)
				}
				if err != nil {
					t.Errorf("close = %v", err)
				}
				// Nothing the exit supersedes reaches the host after it; the
				// ping it does not supersede does.
				for i, rep := range got {
					if rep.Kind == host.KindExit {
						for _, after := range got[i+1:] {
							if after.Kind != host.KindPing {
								t.Errorf("%s delivered after the exit", after.Kind)
							}
						}
					}
				}
			})
		})
	}
}

// deadlines is a host that notes the deadline each report is given and
// answers at once, except a state, which it holds until its context ends.
type deadlines struct {
	mu  sync.Mutex
	got map[host.Kind][]time.Time
}

func (h *deadlines) Name() string { return "deadlines" }

func (h *deadlines) Report(ctx context.Context, r host.Report) error {
	d, _ := ctx.Deadline()
	h.mu.Lock()
	h.got[r.Kind] = append(h.got[r.Kind], d)
	h.mu.Unlock()
	if r.Kind == host.KindState {
		<-ctx.Done()
		return ctx.Err()
	}
	return nil
}

// TestExitBudgetStartsAtTheExit: the exit's budget runs from when the chat
// quit, not from when the exit's turn came: with a hung state in flight for
// its tenth of the budget, the exit (and a ping after it) still ends when
// Close stops waiting, so a backend that reads its deadline to share it
// out (herdr's toast after its release) shares what Close will wait for.
func TestExitBudgetStartsAtTheExit(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		const budget = time.Second
		h := &deadlines{got: map[host.Kind][]time.Time{}}
		r := NewReporter([]host.Backend{h}, with(exitTimeout(budget), pingInterval(-1)))
		r.Send(host.Report{Kind: host.KindState, State: host.Working})
		synctest.Wait() // the state is in flight, and hangs
		start := time.Now()
		r.Send(host.Report{Kind: host.KindExit, State: host.Idle},
			host.Report{Kind: host.KindPing, State: host.Idle, Message: "after the exit"})
		ctx, cancel := context.WithTimeout(context.Background(), budget)
		defer cancel()
		if err := r.Close(ctx); err != nil {
			t.Fatal(err)
		}
		h.mu.Lock()
		defer h.mu.Unlock()
		if got := h.got[host.KindExit]; len(got) != 1 || !got[0].Equal(start.Add(budget)) {
			t.Errorf("the exit's deadline: %v after the quit, want %v", got[0].Sub(start), budget)
		}
		if got := h.got[host.KindPing]; len(got) != 1 || got[0].After(start.Add(budget)) {
			t.Errorf("a ping after the exit: deadlines %v, want one by %v", got, start.Add(budget))
		}
	})
}
