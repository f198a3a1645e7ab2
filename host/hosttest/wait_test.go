package hosttest_test

import (
	"fmt"
	"runtime"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/hostbridge/hostbridge/host/hosttest"
)

// recordingTB is a TB whose Fatalf ends the calling goroutine, as
// testing's does, so that failures can be checked.
type recordingTB struct {
	mu       sync.Mutex
	errors   []string
	cleanups []func()
}

func (r *recordingTB) Helper()          {}
func (r *recordingTB) Name() string     { return "TestRecorded" }
func (r *recordingTB) Cleanup(f func()) { r.cleanups = append(r.cleanups, f) }
func (r *recordingTB) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}
func (r *recordingTB) Fatalf(format string, args ...any) {
	r.Errorf(format, args...)
	runtime.Goexit()
}

// run calls f as a test body would, on a goroutine of its own, then the
// cleanups, and returns what was reported.
func (r *recordingTB) run(f func()) []string {
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	<-done
	for i := len(r.cleanups) - 1; i >= 0; i-- {
		r.cleanups[i]()
	}
	return r.errors
}

func TestWaitForGivesUp(t *testing.T) {
	r := &recordingTB{}
	errs := r.run(func() {
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
