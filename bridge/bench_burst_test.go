//go:build unix

package bridge_test

import (
	"context"
	"fmt"
	"io"
	"runtime"
	"sync"
	"testing"
	"time"

	"github.com/hostbridge/hostbridge/bridge"
	"github.com/hostbridge/hostbridge/internal/hosts"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// burstHost is a host under a burst: how to make its Bridge, how many
// requests it has received, and whether it shows the burst's final state.
type burstHost struct {
	name  string
	flips int
	setup func(b *testing.B) (br *bridge.Bridge, requests func() int, shows func(burst int) bool)
}

// burstFinal is the last message of burst k: a state no flip reaches, with
// a message unique to the burst where the host keeps one, so the host
// showing it proves it got the last state and not an earlier one.
func burstFinal(k int) any {
	if k%2 == 1 {
		return bridge.TurnFailed{Headline: fmt.Sprint("burst ", k)}
	}
	return bridge.ApprovalNeeded{Question: fmt.Sprint("burst ", k)}
}

var burstHosts = []burstHost{
	{name: "herdr", flips: 10_000, setup: func(b *testing.B) (*bridge.Bridge, func() int, func(int) bool) {
		h := fakehost.NewHerdr(b)
		br := newBridge(b, herdrEnv(h), io.Discard, bridge.WithBlockedMessage(true))
		wantHost(b, br, hosts.Herdr)
		requests := func() int { return len(h.Requests()) }
		shows := func(k int) bool {
			p := h.Pane()
			if k%2 == 1 {
				return p.State == "idle" // herdr shows a failed turn as idle
			}
			return p.State == "blocked" && p.Message == fmt.Sprint("burst ", k)
		}
		return br, requests, shows
	}},
	{name: "tuios", flips: 10_000, setup: func(b *testing.B) (*bridge.Bridge, func() int, func(int) bool) {
		f := fakehost.NewTuios(b)
		br := newBridge(b, tuiosEnv(f, ""), io.Discard)
		wantHost(b, br, hosts.Tuios)
		shows := func(k int) bool {
			p := f.Pane()
			if k%2 == 1 {
				return p.State == "errored"
			}
			return p.State == "needs_input" && p.Message == fmt.Sprint("burst ", k)
		}
		return br, func() int { return len(f.Requests()) }, shows
	}},
	{name: "cmux", flips: 1_000, setup: func(b *testing.B) (*bridge.Bridge, func() int, func(int) bool) {
		c := fakehost.NewCmux(b)
		br := newBridge(b, cmuxEnv(c), io.Discard)
		wantHost(b, br, hosts.Cmux)
		shows := func(k int) bool {
			last := lastCall(c.Calls(), "set-status", "")
			want := "Needs input"
			if k%2 == 1 {
				want = "Failed"
			}
			return len(last) > 2 && last[2] == want
		}
		return br, func() int { return len(c.Calls()) }, shows
	}},
	{name: "terminal", flips: 10_000, setup: func(b *testing.B) (*bridge.Bridge, func() int, func(int) bool) {
		var w countingCapture
		br := newBridge(b, terminalEnv(), &w)
		wantHost(b, br, hosts.Terminal)
		shows := func(k int) bool {
			want := "9;4;4;100" // needs you
			if k%2 == 1 {
				want = "9;4;2;100" // failed
			}
			return lastProgress(w.tail()) == want
		}
		return br, w.writes, shows
	}},
}

// BenchmarkBurst: one op is a burst of state changes sent as fast as the
// chat can (TurnStarted and Idle in turn, then a final state), then a wait
// until the host has the final state. Coalescing should turn thousands of
// changes into a handful of requests. Metrics: host requests per burst,
// requests per change (req-ratio), the heap in use right after the burst
// (before the host caught up) and its growth over the burst.
func BenchmarkBurst(b *testing.B) {
	for _, hb := range burstHosts {
		b.Run(fmt.Sprintf("%s/flips=%d", hb.name, hb.flips), func(b *testing.B) {
			br, requests, shows := hb.setup(b)
			defer br.Close()
			br.SetFocus(true) // no pings: the state alone
			br.Ready()
			ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
			defer cancel()
			if err := br.Flush(ctx); err != nil {
				b.Fatal(err)
			}
			var reqs, heap, growth float64
			k := 0
			b.ReportAllocs()
			for b.Loop() {
				before := requests()
				var ms runtime.MemStats
				runtime.ReadMemStats(&ms)
				heapBefore := ms.HeapInuse
				for i := range hb.flips - 1 {
					br.Send(flip(i))
				}
				br.Send(burstFinal(k))
				runtime.ReadMemStats(&ms)
				heap = max(heap, float64(ms.HeapInuse))
				growth = max(growth, float64(ms.HeapInuse)-float64(heapBefore))
				if err := br.Flush(ctx); err != nil {
					b.Fatal(err)
				}
				if !shows(k) {
					b.Fatalf("burst %d: the host does not show the final state; stats %+v", k, br.Stats())
				}
				reqs += float64(requests() - before)
				k++
			}
			b.ReportMetric(reqs/float64(k), "reqs/burst")
			b.ReportMetric(reqs/float64(k)/float64(hb.flips), "req-ratio")
			b.ReportMetric(heap/(1<<10), "peak-heap-KiB")
			b.ReportMetric(growth/(1<<10), "heap-growth-KiB")
		})
	}
}

// countingCapture is a terminal that counts writes and keeps the last
// one (a burst would otherwise keep megabytes).
type countingCapture struct {
	mu   sync.Mutex
	n    int
	last []byte
}

func (c *countingCapture) Write(p []byte) (int, error) {
	c.mu.Lock()
	c.n++
	c.last = append(c.last[:0], p...)
	c.mu.Unlock()
	return len(p), nil
}

func (c *countingCapture) writes() int {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.n
}

func (c *countingCapture) tail() []byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]byte(nil), c.last...)
}
