package teatest

import "time"

// pollEvery is how often WaitFor checks its condition. The fakes' traffic
// comes from other goroutines and, for cmux, other processes, which cannot
// signal the test; polling on a timer also keeps WaitFor usable inside a
// testing/synctest bubble, where it waits on the bubble's clock.
const pollEvery = 2 * time.Millisecond

// WaitFor waits until cond holds, checking it now and every few
// milliseconds, and fails t after 10 s (WithTimeout) if it never does. It
// is the one wait for every part of the kit:
//
//	teatest.WaitFor(t, func() bool { return strings.Contains(k.Transcript(), `terminal ping "hi"`) })
//	teatest.WaitFor(t, func() bool { return h.Pane().State == "working" })
//
// Call it from the test's goroutine: it fails with Fatalf. cond runs on
// that goroutine too and may call anything that is safe for concurrent use.
func WaitFor(t TB, cond func() bool, opts ...Option) {
	t.Helper()
	cfg := newConfig(opts)
	deadline := time.NewTimer(cfg.timeout)
	defer deadline.Stop()
	tick := time.NewTicker(pollEvery)
	defer tick.Stop()
	for !cond() {
		select {
		case <-tick.C:
		case <-deadline.C:
			if !cond() {
				t.Fatalf("teatest: waited %v for the condition", cfg.timeout)
			}
			return
		}
	}
}
