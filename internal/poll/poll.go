// Package poll is the one bounded wait on a condition nobody signals: a
// fake host's traffic from another process, a tmux pane's state. It
// polls on a timer, so it works inside a testing/synctest bubble too.
package poll

import "time"

// Until reports whether ok held within timeout, checking it now, every
// every, and once more at the deadline.
func Until(timeout, every time.Duration, ok func() bool) bool {
	deadline := time.NewTimer(timeout)
	defer deadline.Stop()
	tick := time.NewTicker(every)
	defer tick.Stop()
	for !ok() {
		select {
		case <-tick.C:
		case <-deadline.C:
			return ok()
		}
	}
	return true
}
