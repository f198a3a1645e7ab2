//go:build unix

package bridge_test

import (
	"errors"
	"io"
	"sync"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/hostbridge/hostbridge/bridge"
	"github.com/hostbridge/hostbridge/internal/hosts"
)

// termMode is how a faultyTerminal takes writes.
type termMode uint8

const (
	termOK     termMode = iota
	termSlow            // every write takes longer than a report may
	termHung            // writes block until the mode changes
	termError           // writes fail
	termClosed          // the terminal is gone: io.ErrClosedPipe
	termShort           // writes take half the bytes and say so
)

// faultyTerminal is a terminal output (a plain io.Writer, no deadlines,
// like a wrapped os.Stdout) that misbehaves on demand. What it accepts is
// kept, in order.
type faultyTerminal struct {
	capture
	mu      sync.Mutex
	mode    termMode
	changed chan struct{} // closed and replaced by set
	wrote   chan struct{} // closed and replaced by every accepted write
}

func newFaultyTerminal() *faultyTerminal {
	return &faultyTerminal{changed: make(chan struct{}), wrote: make(chan struct{})}
}

// accept keeps p and wakes waitFor.
func (w *faultyTerminal) accept(p []byte) (int, error) {
	n, _ := w.capture.Write(p)
	w.mu.Lock()
	close(w.wrote)
	w.wrote = make(chan struct{})
	w.mu.Unlock()
	return n, nil
}

// waitFor waits until cond holds for the bytes accepted so far, checking
// now and after every write, for at most d.
func (w *faultyTerminal) waitFor(d time.Duration, cond func([]byte) bool) bool {
	timer := time.NewTimer(d)
	defer timer.Stop()
	for {
		w.mu.Lock()
		wrote := w.wrote
		w.mu.Unlock()
		if cond(w.Bytes()) {
			return true
		}
		select {
		case <-wrote:
		case <-timer.C:
			return cond(w.Bytes())
		}
	}
}

func (w *faultyTerminal) set(m termMode) {
	w.mu.Lock()
	w.mode = m
	close(w.changed)
	w.changed = make(chan struct{})
	w.mu.Unlock()
}

func (w *faultyTerminal) Write(p []byte) (int, error) {
	for {
		w.mu.Lock()
		mode, changed := w.mode, w.changed
		w.mu.Unlock()
		switch mode {
		case termSlow:
			timer := time.NewTimer(4 * faultTimeout)
			select {
			case <-timer.C:
				return w.accept(p)
			case <-changed:
				timer.Stop()
				continue
			}
		case termHung:
			<-changed
			continue
		case termError:
			return 0, errors.New("input/output error")
		case termClosed:
			return 0, io.ErrClosedPipe
		case termShort:
			return w.accept(p[:len(p)/2])
		}
		return w.accept(p)
	}
}

func TestTerminalFaults(t *testing.T) {
	for _, tc := range []struct {
		name     string
		mode     termMode
		mid      bool
		wantFail bool
	}{
		// A slow or hung terminal cannot be interrupted (no deadline): the
		// write ends late, and nothing is counted as failed.
		{name: "slow", mode: termSlow},
		{name: "hung", mode: termHung},
		{name: "failing", mode: termError, wantFail: true},
		{name: "closed", mode: termClosed, wantFail: true},
		{name: "short-writes", mode: termShort, wantFail: true},
		{name: "hung-mid-life", mode: termHung, mid: true},
		{name: "failing-mid-life", mode: termError, mid: true, wantFail: true},
	} {
		t.Run(tc.name, func(t *testing.T) {
			defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
			w := newFaultyTerminal()
			b := newBridge(t, terminalEnv(), w,
				bridge.WithTimeout(faultTimeout), bridge.WithExitTimeout(faultExit))
			wantHost(t, b, hosts.Terminal)
			defer w.set(termOK) // never leave a worker stuck in Write

			settle := 5 * time.Second
			if tc.mode == termHung {
				settle = 0 // a hung write has no deadline to end a flush
			}
			faultLife{
				host: "terminal", mid: tc.mid, wantFail: tc.wantFail, settle: settle,
				fault: func() { w.set(tc.mode) }, recover: func() { w.set(termOK) },
				converged: func() {
					if !w.waitFor(converge, func(b []byte) bool { return lastProgress(b) == "9;4;3" }) {
						t.Fatalf("the bar did not converge: last %q", lastProgress(w.Bytes()))
					}
				},
			}.run(t, b)
			if got := lastProgress(w.Bytes()); got != "9;4;0" {
				t.Errorf("bar %q after Close, want removed", got)
			}
		})
	}
}
