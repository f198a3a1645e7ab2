package proctest

import (
	"os"
	"strconv"
	"strings"
	"syscall"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// Adopt makes the test process the reaper of its orphaned descendants
// (PR_SET_CHILD_SUBREAPER) until the test ends: a process whose parent
// dies is then re-parented here, not to init, and can be waited for.
func Adopt(t testing.TB) {
	t.Helper()
	if err := unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 1, 0, 0, 0); err != nil {
		t.Skipf("cannot become a subreaper: %v", err)
	}
	t.Cleanup(func() { _ = unix.Prctl(unix.PR_SET_CHILD_SUBREAPER, 0, 0, 0, 0) })
}

// Survivors reads the pids a command wrote to file (one per line) and
// waits, up to bound, for each to die; it returns those still alive then,
// and kills and reaps them. Call Adopt first, so that a pid whose parent
// was killed is the test's to wait for.
func Survivors(t testing.TB, file string, bound time.Duration) []int {
	t.Helper()
	data, err := os.ReadFile(file)
	if err != nil {
		t.Fatalf("proctest: %v", err)
	}
	var pids []int
	for _, f := range strings.Fields(string(data)) {
		pid, err := strconv.Atoi(f)
		if err != nil {
			t.Fatalf("proctest: pid %q: %v", f, err)
		}
		pids = append(pids, pid)
	}
	dead := make([]chan struct{}, len(pids))
	for i, pid := range pids {
		dead[i] = make(chan struct{})
		go func() {
			defer close(dead[i])
			var ws syscall.WaitStatus
			for {
				if _, err := syscall.Wait4(pid, &ws, 0, nil); err != syscall.EINTR {
					return // reaped, or not ours to wait for (ECHILD): gone
				}
			}
		}()
	}
	deadline := time.After(bound)
	var alive []int
	for i, pid := range pids {
		select {
		case <-dead[i]:
		case <-deadline:
			deadline = over // the bound is over: the rest are not waited for
		}
		select {
		case <-dead[i]:
			continue
		default:
		}
		alive = append(alive, pid)
		_ = syscall.Kill(pid, syscall.SIGKILL)
		<-dead[i]
	}
	return alive
}

// over is a closed channel: a deadline already passed.
var over = func() <-chan time.Time {
	c := make(chan time.Time)
	close(c)
	return c
}()
