package hosttest_test

import (
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hostbridge/hostbridge/host/hosttest"
	"github.com/hostbridge/hostbridge/internal/testsupport/kittest"
)

func TestWaitForGivesUp(t *testing.T) {
	r := &kittest.RecordingTB{}
	errs := r.Run(func() {
		hosttest.WaitFor(r, func() bool { return false }, hosttest.WithTimeout(30*time.Millisecond))
		t.Error("WaitFor returned")
	})
	if len(errs) != 1 || !strings.Contains(errs[0], "waited 30ms for the condition") {
		t.Errorf("errors = %q", errs)
	}
}

func TestWaitForReturnsOnceTrue(t *testing.T) {
	var mu sync.Mutex
	n := 0
	hosttest.WaitFor(t, func() bool {
		mu.Lock()
		defer mu.Unlock()
		n++
		return n == 3
	})
	if n != 3 {
		t.Errorf("checked %d times, want 3", n)
	}
}
