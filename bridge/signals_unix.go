//go:build unix

package bridge

import (
	"os"
	"os/signal"
	"syscall"
)

// signalWatch runs the exit on SIGINT, SIGTERM or SIGHUP. Bubble Tea v1
// has no handler for SIGHUP (a closed terminal window), and the code after
// Program.Run never runs then: the bar would stay set, the pane "working".
type signalWatch struct {
	ch     chan os.Signal
	quit   chan struct{}
	done   chan struct{}
	firing chan struct{} // closed once a signal was taken, before the exit runs
}

// watchSignals starts the watcher: exit(s) runs once a signal s arrives, then a
// signal reraise accepts is delivered again with its default action, so
// the process ends as it would have without hostbridge.
func watchSignals(exit func(os.Signal), reraise func(os.Signal) bool) *signalWatch {
	sigs := watched()
	if len(sigs) == 0 {
		// Every exit signal ignored: nothing to watch. signal.Notify with
		// no signal would relay every one (SIGWINCH, SIGCHLD...) to the exit.
		return nil
	}
	w := &signalWatch{
		ch:     make(chan os.Signal, 1),
		quit:   make(chan struct{}),
		done:   make(chan struct{}),
		firing: make(chan struct{}),
	}
	signal.Notify(w.ch, sigs...)
	go func() {
		defer close(w.done)
		defer signal.Stop(w.ch)
		select {
		case <-w.quit:
		case s := <-w.ch:
			close(w.firing)
			exit(s)
			if reraise(s) {
				signal.Stop(w.ch)
				signal.Reset(s)
				_ = syscall.Kill(os.Getpid(), s.(syscall.Signal))
			}
		}
	}()
	return w
}

// stop ends the watcher and waits for it, unless it took a signal: then it
// runs the exit (perhaps waiting for the Close that called stop) and ends
// on its own. Safe on nil; Close calls it once.
func (w *signalWatch) stop() {
	if w == nil {
		return
	}
	close(w.quit)
	select {
	case <-w.done:
	case <-w.firing:
	}
}

func isHangup(s os.Signal) bool { return s == syscall.SIGHUP }

// watched are the exit signals the process does not ignore. One ignored
// from the start (SIGHUP under nohup, SIGINT in a background job of a shell
// without job control) ends nothing, so it runs no exit either: Notify
// would un-ignore it (os/signal's doc), and the re-raise after the exit
// would then be ignored, leaving the chat running with its hosts told it
// ended.
func watched() []os.Signal {
	var w []os.Signal
	for _, s := range []os.Signal{syscall.SIGINT, syscall.SIGTERM, syscall.SIGHUP} {
		if !signal.Ignored(s) {
			w = append(w, s)
		}
	}
	return w
}
