//go:build unix

package bridge_test

import (
	"context"
	"io"
	"slices"
	"sync"
	"testing"
	"time"

	"github.com/hostbridge/hostbridge"
	"github.com/hostbridge/hostbridge/bridge"
	"github.com/hostbridge/hostbridge/internal/hosts"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// The benchmarks of the whole library, host by host, against the teatest
// fakes on this machine (see BENCHMARKS.md and .ci/bench): how long a
// state change takes to reach a host, what a burst of changes costs, many
// chats on one host, and what hostbridge adds to a program's start-up.

// flip is the i-th state change of a benchmark: TurnStarted and Idle in
// turn, so every one is a change.
func flip(i int) any {
	if i%2 == 0 {
		return bridge.TurnStarted{}
	}
	return bridge.Idle{}
}

// percentiles reports the median and the 99th percentile of d, in µs.
func percentiles(b *testing.B, d []time.Duration, unit string) {
	if len(d) == 0 {
		return
	}
	slices.Sort(d)
	p := func(q float64) float64 {
		i := min(len(d)-1, max(0, int(q*float64(len(d))+0.5)-1))
		return float64(d[i].Nanoseconds()) / 1e3
	}
	b.ReportMetric(p(0.50), "p50-"+unit)
	b.ReportMetric(p(0.99), "p99-"+unit)
}

// stampWriter is a terminal that notes when each write arrives.
type stampWriter struct {
	mu     sync.Mutex
	stamps []time.Time
}

func (w *stampWriter) Write(p []byte) (int, error) {
	now := time.Now()
	w.mu.Lock()
	w.stamps = append(w.stamps, now)
	w.mu.Unlock()
	return len(p), nil
}

func (w *stampWriter) since(n int) []time.Time {
	w.mu.Lock()
	defer w.mu.Unlock()
	return slices.Clone(w.stamps[n:])
}

// latencyLoop sends one state change per iteration and waits until the
// host has taken it (Flush), noting when each was sent. The focus is set
// so no ping rides along. It returns the send times and each one's
// delivery (Flush returned).
func latencyLoop(b *testing.B, br *bridge.Bridge) (sent, delivered []time.Time) {
	br.SetFocus(true)
	br.Ready()
	ctx := context.Background()
	if err := br.Flush(ctx); err != nil {
		b.Fatal(err)
	}
	i := 0
	for b.Loop() {
		t0 := time.Now()
		br.Send(flip(i))
		if err := br.Flush(ctx); err != nil {
			b.Fatal(err)
		}
		sent, delivered = append(sent, t0), append(delivered, time.Now())
		i++
	}
	return sent, delivered
}

// arrivals turns arrival times into latencies from the matching sends.
func arrivals(b *testing.B, sent, arrived []time.Time) []time.Duration {
	if len(arrived) != len(sent) {
		b.Fatalf("%d state changes sent, %d arrived", len(sent), len(arrived))
	}
	out := make([]time.Duration, len(sent))
	for i := range sent {
		out[i] = arrived[i].Sub(sent[i])
	}
	return out
}

// matchStates pairs each sent change with the herdr request that carried
// it. Changes alternate (working, idle), so a change that never arrived
// shows as a request of the other state, and is skipped and counted.
func matchStates(b *testing.B, sent []time.Time, reqs []fakehost.Request) (lat []time.Duration, lost int) {
	j := 0
	for i := range sent {
		want := "working"
		if i%2 == 1 {
			want = "idle"
		}
		for j < len(reqs) && reqs[j].Method != "pane.report_agent" {
			b.Fatalf("unexpected %s", reqs[j].Method)
		}
		if j < len(reqs) && reqs[j].Str("state") == want {
			lat = append(lat, reqs[j].Received.Sub(sent[i]))
			j++
			continue
		}
		lost++
	}
	if j != len(reqs) {
		b.Fatalf("%d herdr requests for %d changes", len(reqs), len(sent))
	}
	return lat, lost
}

func gaps(sent, delivered []time.Time) []time.Duration {
	out := make([]time.Duration, len(sent))
	for i := range sent {
		out[i] = delivered[i].Sub(sent[i])
	}
	return out
}

// BenchmarkLatency: from Bridge.Send of a state change to the host having
// it. p50-µs/p99-µs are to the host recording it (the terminal's write,
// the fake herdr's receipt); for tuios and cmux, which do not timestamp,
// and for every host as delivered-*, to the host's answer being read
// (Flush returned). ns/op is that round trip.
func BenchmarkLatency(b *testing.B) {
	b.Run("terminal", func(b *testing.B) {
		w := &stampWriter{}
		br := newBridge(b, terminalEnv(), w)
		defer br.Close()
		wantHost(b, br, hosts.Terminal)
		ctx := context.Background()
		br.Ready()
		_ = br.Flush(ctx)
		n0 := len(w.since(0))
		sent, delivered := latencyLoop(b, br)
		percentiles(b, arrivals(b, sent, w.since(n0)), "µs")
		percentiles(b, gaps(sent, delivered), "delivered-µs")
	})
	b.Run("herdr", func(b *testing.B) {
		h := fakehost.NewHerdr(b)
		br := newBridge(b, herdrEnv(h), io.Discard)
		defer br.Close()
		wantHost(b, br, hosts.Herdr)
		br.Ready()
		_ = br.Flush(context.Background())
		n0 := len(h.Requests())
		sent, delivered := latencyLoop(b, br)
		lat, lost := matchStates(b, sent, h.Requests()[n0:])
		if lost > 0 {
			// A report that failed (the machine was busy past the report
			// timeout): the next change superseded it.
			b.Logf("%d of %d changes never reached herdr; stats %+v", lost, len(sent), br.Stats())
		}
		b.ReportMetric(float64(lost), "lost")
		percentiles(b, lat, "µs")
		percentiles(b, gaps(sent, delivered), "delivered-µs")
	})
	b.Run("tuios", func(b *testing.B) {
		f := fakehost.NewTuios(b)
		br := newBridge(b, tuiosEnv(f, ""), io.Discard)
		defer br.Close()
		wantHost(b, br, hosts.Tuios)
		sent, delivered := latencyLoop(b, br)
		percentiles(b, gaps(sent, delivered), "µs")
		percentiles(b, gaps(sent, delivered), "delivered-µs")
	})
	b.Run("cmux", func(b *testing.B) {
		c := fakehost.NewCmux(b)
		br := newBridge(b, cmuxEnv(c), io.Discard)
		defer br.Close()
		wantHost(b, br, hosts.Cmux)
		sent, delivered := latencyLoop(b, br)
		percentiles(b, gaps(sent, delivered), "µs")
		percentiles(b, gaps(sent, delivered), "delivered-µs")
	})
}

// startHost is a host a chat starts in.
type startHost struct {
	name string
	kind hosts.Kind
	env  func(b *testing.B) func(string) string
}

var startHosts = []startHost{
	{"terminal", hosts.Terminal, func(*testing.B) func(string) string { return terminalEnv() }},
	{"herdr", hosts.Herdr, func(b *testing.B) func(string) string { return herdrEnv(fakehost.NewHerdr(b)) }},
	{"tuios", hosts.Tuios, func(b *testing.B) func(string) string { return tuiosEnv(fakehost.NewTuios(b), "") }},
	{"cmux", hosts.Cmux, func(b *testing.B) func(string) string { return cmuxEnv(fakehost.NewCmux(b)) }},
}

// BenchmarkStartup is what hostbridge adds to a chat's start and exit in
// each host:
//
//	new         bridge.New alone: detection, backends, workers (Close
//	            off the clock)
//	new+close   New, then Close, which tells the host the chat is gone
//	            (release, state none, row cleared) and stops the workers
//	wrap+init   Wrap, Init (the first report, queued), Close
func BenchmarkStartup(b *testing.B) {
	for _, sh := range startHosts {
		opts := func(env func(string) string) []bridge.Option {
			return []bridge.Option{bridge.WithEnv(env), bridge.WithOutput(io.Discard),
				bridge.WithSignalHandler(false), bridge.WithAgent("chat")}
		}
		b.Run(sh.name+"/new", func(b *testing.B) {
			env := sh.env(b)
			for b.Loop() {
				br, err := bridge.New(opts(env)...)
				if err != nil || br.Host() != sh.kind.String() {
					b.Fatalf("New: %v, host %v", err, br.Host())
				}
				b.StopTimer()
				_ = br.Close()
				b.StartTimer()
			}
		})
		b.Run(sh.name+"/new+close", func(b *testing.B) {
			env := sh.env(b)
			for b.Loop() {
				br, err := bridge.New(opts(env)...)
				if err != nil {
					b.Fatal(err)
				}
				if err := br.Close(); err != nil {
					b.Fatal(err)
				}
			}
		})
		b.Run(sh.name+"/wrap+init+close", func(b *testing.B) {
			env := sh.env(b)
			for b.Loop() {
				m := hostbridge.Wrap(markerApp{}, opts(env)...)
				m.Init()
				if err := m.Close(); err != nil {
					b.Fatal(err)
				}
			}
		})
	}
}

// tmux34 is a pane of tmux 3.4, which answers OSC 11 itself: there,
// DetectBackground asks (termenv does not, inside tmux).

// BenchmarkExitSlowHost plays each slow exit (see slowExits, and the same
// queue against a herdr that answers in 80 % of the report bound): exit-ms
// is how long Close took, released the share of runs in which herdr got
// the release. Each op is a whole chat against a fresh fake herdr.
func BenchmarkExitSlowHost(b *testing.B) {
	cases := append([]slowExit{}, slowExits...)
	at80 := slowExits[0]
	at80.name, at80.answer = "quit while blocked, facts: 2 requests of 400ms", 400*time.Millisecond
	cases = append(cases, at80)
	for _, s := range cases {
		b.Run(s.name, func(b *testing.B) {
			var took time.Duration
			released := 0
			for b.Loop() {
				_, d, _, h := runSlowExit(b, s)
				took += d
				if h.Pane().Released {
					released++
				}
			}
			b.ReportMetric(float64(took.Milliseconds())/float64(b.N), "exit-ms")
			b.ReportMetric(float64(released)/float64(b.N), "released")
		})
	}
}
