package kitcore

import (
	"fmt"
	"runtime/debug"
)

// A kit's program model (observer) passes every message to the
// wrapped model through Update and wraps every Cmd that comes back (see
// tracker.Track), except the Kit's own messages, which it answers
// once every message before them has been through Update (Bubble Tea runs
// Update in order, on one goroutine). It catches a panic of the app's Update or View
// (hostbridge's wrapper has run the exit by then), so the Kit reports it
// from the test's goroutine at Quit instead of Bubble Tea printing it, and
// then quits.

// marker follows the test's messages into the program; the observer
// answers it with the view and whether Cmds are still running.
type marker struct{ ack chan settled }

type settled struct {
	view string
	busy int
}

// checkWaiters makes the observer test WaitModel's conditions once more.
type checkWaiters struct{}

// update is the program model's Update around inner, the wrapped model's:
// it returns the Cmd the program gets, the app's tracked, or the quit if
// the app panicked.
func (c *Core[M, Model, C]) update(msg M, inner func(M) (Model, C)) (cmd C) {
	defer func() {
		if r := recover(); r != nil {
			c.fail(r)
			cmd = c.p.QuitCmd
		}
	}()
	var at *branch // where the Cmd that gave msg ran, inside a tea.Batch
	if f, ok := any(msg).(fromCmd[M]); ok {
		msg, at = f.msg, f.at
	}
	switch m := any(msg).(type) {
	case marker:
		busy, _ := c.cmds.busy()
		m.ack <- settled{view: c.p.View(), busy: busy}
	case cmdDone:
		c.cmds.end(m.ID)
	case checkWaiters:
	default:
		if !c.broken {
			_, cmd = inner(msg)
			cmd = c.cmds.track(cmd, at)
		}
	}
	if !c.broken {
		c.check()
	}
	return cmd
}

// guard runs view, the program model's View, unless the app has
// panicked; a panic in it is caught and quits the program (View cannot
// return a Cmd). view sets the result, which stays the zero view then.
func (c *Core[M, Model, C]) guard(view func()) {
	if c.broken {
		return
	}
	defer func() {
		if r := recover(); r != nil {
			c.fail(r)
			c.Send(c.p.QuitMsg)
		}
	}()
	view()
}

func (c *Core[M, Model, C]) fail(r any) {
	c.broken = true
	c.mu.Lock()
	c.panicked = fmt.Sprintf("%v\n%s", r, debug.Stack())
	c.mu.Unlock()
}

// check releases the WaitModel calls whose condition now holds. It runs on
// the program's goroutine, after an Update: the Cmds that Update returned
// are counted already, so the wait that follows covers them.
func (c *Core[M, Model, C]) check() { c.waiters.Check(c.p.App()) }
