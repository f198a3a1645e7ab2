//go:build unix

package hostbridge_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"strings"
	"sync"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/hostbridge/hostbridge"
	"github.com/hostbridge/hostbridge/backends"
	"github.com/hostbridge/hostbridge/teatest"
)

// Many chats report to one herdr at once. The fake herdr serves a single
// pane (any other pane id is answered pane_not_found), so the chats share
// its pane and differ by agent name, hence by source: herdr orders reports
// per pane and source, so each chat's reports still form their own
// sequence, and each chat's last report (by source) is what the test
// checks.

// chatsRun runs n chats at once, each flipping its state flips times,
// waiting for its host every 7 changes (as a chat whose turns take
// time: the chats' requests then meet at the host), and ending blocked on
// a question that names it; then it waits until every chat's reports were
// delivered. It returns the Bridges, still open.
func chatsRun(tb testing.TB, h *teatest.Herdr, n, flips int) []*hostbridge.Bridge {
	tb.Helper()
	env := herdrEnv(h)
	chats := make([]*hostbridge.Bridge, n)
	for i := range chats {
		chats[i] = newBridge(tb, env, io.Discard, hostbridge.WithAgent(chatName(i)),
			hostbridge.WithBlockedMessage(), hostbridge.WithExitTimeout(2*time.Second),
			// A report never times out here, even on a loaded machine: the
			// test is about convergence, and counts failures as errors.
			hostbridge.WithTimeout(5*time.Second))
		wantHost(tb, chats[i], backends.Herdr)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 30*time.Second)
	defer cancel()
	var wg sync.WaitGroup
	for i, br := range chats {
		wg.Go(func() {
			br.SetFocus(true)
			br.Ready()
			for j := range flips {
				br.Send(flip(j))
				if j%7 == 6 { // alternately working and idle
					_ = br.Flush(ctx) // checked below
				}
			}
			br.Send(hostbridge.ApprovalNeeded{Question: chatName(i) + " done"})
		})
	}
	wg.Wait()
	for i, br := range chats {
		if err := br.Flush(ctx); err != nil {
			tb.Fatalf("%s: Flush: %v", chatName(i), err)
		}
	}
	return chats
}

func chatName(i int) string { return fmt.Sprintf("chat%03d", i) }

// chatsConverged checks, from herdr's record, that each chat's last state
// report is its final state and was applied, and that herdr refused
// nothing.
func chatsConverged(reqs []teatest.HerdrRequest, chats []*hostbridge.Bridge) error {
	last := map[string]teatest.HerdrRequest{} // by agent
	var errs []error
	for _, r := range reqs {
		if strings.Contains(r.Reply, `"error"`) {
			errs = append(errs, fmt.Errorf("herdr refused %s from %s: %s", r.Method, r.Str("agent"), r.Reply))
		}
		if r.Method == "pane.report_agent" {
			last[r.Str("agent")] = r
		}
	}
	for i := range chats {
		r, ok := last[chatName(i)]
		switch {
		case !ok:
			errs = append(errs, fmt.Errorf("%s: no state report", chatName(i)))
		case r.Str("state") != "blocked" || r.Str("message") != chatName(i)+" done" || !r.Applied:
			errs = append(errs, fmt.Errorf("%s: last report %s %q (applied %v)", chatName(i), r.Str("state"), r.Str("message"), r.Applied))
		}
	}
	return errors.Join(errs...)
}

func closeAll(tb testing.TB, chats []*hostbridge.Bridge) {
	tb.Helper()
	var wg sync.WaitGroup
	for i, br := range chats {
		wg.Go(func() {
			if err := br.Close(); err != nil {
				tb.Errorf("%s: Close: %v", chatName(i), err)
			}
		})
	}
	wg.Wait()
}

// 100 chats flipping at once all converge on one herdr, with no error,
// and leave no goroutine.
func TestManyChatsConverge(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	h := teatest.NewHerdr(t)
	defer h.Stop()
	chats := chatsRun(t, h, 100, 200)
	if err := chatsConverged(h.Requests(), chats); err != nil {
		t.Error(err)
	}
	for i, br := range chats {
		for _, s := range br.Stats() {
			if s.Failed > 0 || s.Dropped > 0 {
				t.Errorf("%s: %+v", chatName(i), s)
			}
		}
	}
	closeAll(t, chats)
	t.Logf("%d herdr requests for 100 chats of 201 changes each", len(h.Requests()))
}

// BenchmarkManyChats: one op is 100 chats, each flipping 100 times (waiting for
// herdr every 7) and ending blocked, on one herdr, until every one has delivered its last
// state (then they are closed, off the clock).
func BenchmarkManyChats(b *testing.B) {
	h := teatest.NewHerdr(b)
	var reqs float64
	ops := 0
	for b.Loop() {
		from := len(h.Requests())
		chats := chatsRun(b, h, 100, 100)
		all := h.Requests()
		if err := chatsConverged(all[from:], chats); err != nil {
			b.Fatal(err)
		}
		reqs += float64(len(all) - from)
		ops++
		b.StopTimer()
		closeAll(b, chats)
		b.StartTimer()
	}
	b.ReportMetric(reqs/float64(ops)/100, "reqs/chat")
}
