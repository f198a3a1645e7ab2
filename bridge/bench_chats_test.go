//go:build unix

package bridge_test

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

	"github.com/hostbridge/hostbridge/bridge"
	"github.com/hostbridge/hostbridge/internal/hosts"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// Many chats report to one herdr at once, each from its own pane of that
// herdr (the fake serves every pane PaneEnv names), as chats in a herdr
// session's panes do: herdr orders reports per pane and source, so each
// chat's reports form their own sequence, and each pane's last report and
// state are what the test checks.

// chatsRun runs n chats at once, each flipping its state flips times,
// waiting for its host every 7 changes (as a chat whose turns take
// time: the chats' requests then meet at the host), and ending blocked on
// a question that names it; then it waits until every chat's reports were
// delivered. Chat i runs in pane chatPane(i). It returns the Bridges, still
// open.
func chatsRun(tb testing.TB, h *fakehost.Herdr, n, flips int) []*bridge.Bridge {
	tb.Helper()
	chats := make([]*bridge.Bridge, n)
	for i := range chats {
		env := envOf(h.PaneEnv(chatPane(i)))
		chats[i] = newBridge(tb, env, io.Discard, bridge.WithAgent(chatName(i)),
			bridge.WithBlockedMessage(true), bridge.WithExitTimeout(2*time.Second),
			// A report never times out here, even on a loaded machine: the
			// test is about convergence, and counts failures as errors.
			bridge.WithTimeout(5*time.Second))
		wantHost(tb, chats[i], hosts.Herdr)
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
			br.Send(bridge.ApprovalNeeded{Question: chatName(i) + " done"})
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

// chatPane is chat i's pane, in a workspace of its own (the fake's first
// pane is w1:p2).
func chatPane(i int) string { return fmt.Sprintf("w2:p%d", i+1) }

// chatsConverged checks, from herdr's record reqs, that each chat's pane
// got as its last state report the chat's final state, from the chat, and
// applied it, that each pane now shows that state, and that herdr refused
// nothing.
func chatsConverged(h *fakehost.Herdr, reqs []fakehost.Request, chats []*bridge.Bridge) error {
	last := map[string]fakehost.Request{} // by pane
	var errs []error
	for _, r := range reqs {
		if strings.Contains(r.Reply, `"error"`) {
			errs = append(errs, fmt.Errorf("herdr refused %s from %s: %s", r.Method, r.Str("agent"), r.Reply))
		}
		if r.Method == "pane.report_agent" {
			last[r.Str("pane_id")] = r
		}
	}
	for i := range chats {
		name, want := chatName(i), chatName(i)+" done"
		r, ok := last[chatPane(i)]
		switch {
		case !ok:
			errs = append(errs, fmt.Errorf("%s: no state report", name))
		case r.Str("state") != "blocked" || r.Str("message") != want || r.Str("agent") != name || !r.Applied:
			errs = append(errs, fmt.Errorf("%s: last report %s %q from %s (applied %v)", name, r.Str("state"), r.Str("message"), r.Str("agent"), r.Applied))
		}
		if p := h.Panes()[chatPane(i)]; p.State != "blocked" || p.Message != want || p.Agent != name {
			errs = append(errs, fmt.Errorf("%s: pane %s is %+v", name, chatPane(i), p))
		}
	}
	return errors.Join(errs...)
}

func closeAll(tb testing.TB, chats []*bridge.Bridge) {
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

// 100 chats flipping at once, one per pane, all converge on one herdr,
// with no error, and leave no goroutine.
func TestManyChatsConverge(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	h := fakehost.NewHerdr(t)
	defer h.Stop()
	chats := chatsRun(t, h, 100, 200)
	if err := chatsConverged(h, h.Requests(), chats); err != nil {
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

// BenchmarkManyChats: one op is 100 chats, one per pane, each flipping 100
// times (waiting for herdr every 7) and ending blocked, on one herdr, until
// every one has delivered its last state (then they are closed, off the
// clock).
func BenchmarkManyChats(b *testing.B) {
	h := fakehost.NewHerdr(b)
	var reqs float64
	ops := 0
	for b.Loop() {
		from := len(h.Requests())
		chats := chatsRun(b, h, 100, 100)
		all := h.Requests()
		if err := chatsConverged(h, all[from:], chats); err != nil {
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
