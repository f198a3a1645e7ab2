package poll

import (
	"testing"
	"testing/synctest"
	"time"
)

func TestUntil(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		start := time.Now()
		if !Until(time.Second, 10*time.Millisecond, func() bool { return true }) || time.Since(start) != 0 {
			t.Fatalf("a condition that holds: waited %v", time.Since(start))
		}
		n := 0
		if !Until(time.Second, 10*time.Millisecond, func() bool { n++; return n == 4 }) || time.Since(start) != 30*time.Millisecond {
			t.Fatalf("held at the fourth check: waited %v", time.Since(start))
		}
		start = time.Now()
		if Until(time.Second, 10*time.Millisecond, func() bool { return false }) || time.Since(start) != time.Second {
			t.Fatalf("never holds: waited %v", time.Since(start))
		}
		// The last check is at the deadline itself.
		start = time.Now()
		if !Until(time.Second, 300*time.Millisecond, func() bool { return time.Since(start) >= time.Second }) {
			t.Fatal("a condition that holds at the deadline was not seen")
		}
	})
}
