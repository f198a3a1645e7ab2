//go:build unix

package bridge

import (
	"os"
	"os/signal"
	"runtime"
	"syscall"
	"testing"
	"time"

	"github.com/hostbridge/hostbridge/host"
)

// A signal the watcher takes while the app is already in Close (tea.Quit's
// command, a panic, the Close after Run) must not deadlock the two: Close
// waits for the watcher, which waits in Close.
func TestSignalDuringClose(t *testing.T) {
	defer runtime.GOMAXPROCS(runtime.GOMAXPROCS(1))
	for range 20 {
		b, err := New(WithBackends(&host.Recorder{}), WithSignalHandler(false))
		if err != nil {
			t.Fatal(err)
		}
		w := watchSignals(func(os.Signal) { _ = b.Close() }, func(os.Signal) bool { return false })
		b.signals = w
		runtime.Gosched() // the watcher blocks in its select
		done := make(chan struct{})
		go func() {
			w.ch <- syscall.SIGTERM // the signal arrives ...
			_ = b.Close()           // ... as the app quits
			close(done)
		}()
		select {
		case <-done:
		case <-time.After(10 * time.Second):
			t.Fatal("Close deadlocked with the signal watcher")
		}
		<-w.done // and the watcher ends
	}
}

// TestIgnoredSignalStaysIgnored: under nohup (SIGHUP ignored from the
// start) a hang-up ends nothing, so the watcher must not take it: taking
// it would un-ignore it, run the exit, and leave the chat running with its
// hosts told it ended (the re-raise is ignored).
func TestIgnoredSignalStaysIgnored(t *testing.T) {
	defer ignoreFor(syscall.SIGHUP)()
	b, err := New(WithBackends(&host.Recorder{}))
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if !signal.Ignored(syscall.SIGHUP) {
		t.Error("SIGHUP, ignored before New, is no longer ignored")
	}
	if signal.Ignored(syscall.SIGTERM) {
		t.Error("SIGTERM is ignored")
	}
}

// With every exit signal ignored (trap "" INT TERM HUP), nothing is
// watched: signal.Notify with no signal would relay every signal, a
// window resize included, to the exit.
func TestAllExitSignalsIgnoredWatchNothing(t *testing.T) {
	sigs := []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP}
	defer ignoreFor(sigs...)()
	b, err := New(WithBackends(&host.Recorder{}))
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if b.signals != nil {
		t.Error("a signal watcher runs with every exit signal ignored")
	}
	for _, s := range sigs {
		if !signal.Ignored(s) {
			t.Errorf("%v, ignored before New, is no longer ignored", s)
		}
	}
}

// ignoreFor ignores sigs until the returned func undoes it, for the tests
// after: signal.Reset alone restores the default action but leaves
// signal.Ignored reporting true (the runtime clears its ignored mark only
// when a signal is enabled: runtime/sigqueue.go signal_enable), and a later
// New would watch none. A signal the process was started ignoring (the
// suite run under nohup) stays ignored.
func ignoreFor(sigs ...os.Signal) (undo func()) {
	var was []os.Signal
	for _, s := range sigs {
		if !signal.Ignored(s) {
			was = append(was, s)
		}
	}
	signal.Ignore(sigs...)
	return func() {
		if len(was) == 0 {
			return
		}
		c := make(chan os.Signal, 1)
		signal.Notify(c, was...)
		signal.Stop(c)
		signal.Reset(was...)
	}
}
