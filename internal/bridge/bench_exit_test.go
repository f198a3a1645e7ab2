package bridge_test

import (
	"testing"
	"time"
)

// BenchmarkExitSlowHost plays each slow exit (see slowExits, and the same
// queue against a herdr that answers in 80 % of the report bound): exit-ms
// is how long Close took, released the share of runs in which herdr got
// the release. Each op is a whole chat against a fresh fake herdr.
func BenchmarkExitSlowHost(b *testing.B) {
	cases := append([]slowExit{}, slowExits...)
	at80 := slowExits[0]
	at80.name, at80.answer = "saves, facts and sub-agents, 400ms each", 400*time.Millisecond
	cases = append(cases, at80)
	for _, s := range cases {
		b.Run(s.name, func(b *testing.B) {
			var took time.Duration
			released := 0
			for b.Loop() {
				d, _, h := runSlowExit(b, s)
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
