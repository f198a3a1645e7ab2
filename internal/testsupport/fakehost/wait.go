package fakehost

import (
	"time"

	"github.com/hostbridge/hostbridge/internal/poll"
)

// WaitFor waits until cond holds, checking it now and every 2 ms, and
// fails t after 10 s (WithTimeout) if it never does. It is the wait for
// the fakes and the kits:
//
//	fakehost.WaitFor(t, func() bool { return h.Pane().State == "working" })
//
// Call it from the test's goroutine: it fails with Fatalf. Polling, not a
// signal, because the fakes' traffic comes from other goroutines and
// processes; and a poll on a timer works inside a testing/synctest bubble.
func WaitFor(t TB, cond func() bool, opts ...Option) {
	t.Helper()
	timeout := settings(opts).Timeout
	if !poll.Until(timeout, 2*time.Millisecond, cond) {
		t.Fatalf("hosttest: waited %v for the condition", timeout)
	}
}
