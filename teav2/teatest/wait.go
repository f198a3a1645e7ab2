package teatest

import (
	"fmt"
	"runtime/debug"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hostbridge/hostbridge/internal/cmdtrack"
)

// observer is the program's model: it passes every message to the wrapped
// model and wraps every Cmd that comes back (see track), except the Kit's
// own messages, which it answers once every message before them has been
// through Update (Bubble Tea runs Update in order, on one goroutine). It
// catches a panic of the app's Update or View (hostbridge's wrapper has run
// the exit by then), so the Kit reports it from the test's goroutine at
// Quit instead of Bubble Tea printing it, and then quits.
type observer struct {
	k      *Kit
	inner  tea.Model
	broken bool // the app panicked: it gets no more messages
}

// marker follows the test's messages into the program; the observer
// answers it with the view and whether Cmds are still running.
type marker struct{ ack chan settled }

type settled struct {
	view string
	busy int
}

// checkWaiters makes the observer test WaitModel's conditions once more.
type checkWaiters struct{}

func (o *observer) Init() tea.Cmd { return o.k.track(o.inner.Init()) }

func (o *observer) View() (view tea.View) {
	if o.broken {
		return tea.View{}
	}
	defer func() {
		if r := recover(); r != nil {
			o.fail(r)
			o.k.Send(tea.QuitMsg{}) // View cannot return a Cmd
			view = tea.View{}
		}
	}()
	return o.inner.View()
}

func (o *observer) Update(msg tea.Msg) (model tea.Model, cmd tea.Cmd) {
	defer func() {
		if r := recover(); r != nil {
			o.fail(r)
			model, cmd = o, tea.Quit
		}
	}()
	switch msg := msg.(type) {
	case marker:
		busy, _ := o.k.cmds.Busy()
		msg.ack <- settled{view: plain(o.View()), busy: busy}
	case cmdtrack.Done:
		o.k.cmds.End(msg.ID)
	case checkWaiters:
	default:
		if !o.broken {
			_, cmd = o.inner.Update(msg)
			cmd = o.k.track(cmd)
		}
	}
	if !o.broken {
		o.k.check()
	}
	return o, cmd
}

func (o *observer) fail(r any) {
	o.broken = true
	o.k.mu.Lock()
	o.k.panicked = fmt.Sprintf("%v\n%s", r, debug.Stack())
	o.k.mu.Unlock()
}

// check releases the WaitModel calls whose condition now holds. It runs on
// the program's goroutine, after an Update: the Cmds that Update returned
// are counted already, so the wait that follows covers them.
func (k *Kit) check() { k.waiters.Check(k.app.inner) }

// settle waits until the program has settled (see Step); sent, if not
// nil, is the message the wait is for, named when the program does not take
// it in time. It reports false if the program has ended.
func (k *Kit) settle(sent tea.Msg) bool {
	k.t.Helper()
	deadline := time.NewTimer(k.rig.Timeout)
	defer deadline.Stop()
	for first := true; ; first = false {
		ack := make(chan settled, 1)
		k.Send(marker{ack})
		var s settled
		select {
		case s = <-ack:
		case <-k.done:
			return false
		case <-deadline.C:
			if first && sent != nil {
				k.t.Fatalf("teatest: waited %v for the program to take a %T", k.rig.Timeout, sent)
			} else {
				k.t.Fatalf("teatest: waited %v for the program's Update", k.rig.Timeout)
			}
			return false
		}
		k.mu.Lock()
		k.view = s.view
		k.mu.Unlock()
		if s.busy == 0 {
			break
		}
		_, idle := k.cmds.Busy()
		select {
		case <-idle:
		case <-k.done:
			return false
		case <-deadline.C:
			k.t.Fatalf("teatest: waited %v for the app's Cmds to finish; still running: %s", k.rig.Timeout, k.cmds.Names())
			return false
		}
	}
	k.flush()
	return true
}

// WaitModel waits until cond holds for the app's model, then until the
// program has settled (see Step). cond runs on the program's goroutine
// after each Update, so it may read the model freely; it must not block.
// The Cmds returned by the Update after which cond held are waited for
// too: a hostbridge message the same Update returns as a Cmd (the Idle of
// a turn that ends as busy turns false) has reached the hosts when
// WaitModel returns. If the program ends first, WaitModel fails the test.
func (k *Kit) WaitModel(cond func(tea.Model) bool) {
	k.t.Helper()
	met := k.waiters.Add(cond)
	k.Send(checkWaiters{}) // cond may hold already
	timer := time.NewTimer(k.rig.Timeout)
	defer timer.Stop()
	select {
	case <-met:
	case <-k.done:
		select {
		case <-met: // met as the program ended
		default:
			k.t.Fatalf("teatest: the program ended before the model met the condition")
			return
		}
	case <-timer.C:
		k.t.Fatalf("teatest: waited %v for the model to meet the condition", k.rig.Timeout)
		return
	}
	k.settle(nil)
}
