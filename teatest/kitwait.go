package teatest

import (
	"context"
	"fmt"
	"runtime/debug"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// observer is the program's model: it passes every message to the wrapped
// model, except the Kit's own, which it answers once every message before
// them has been through Update (Bubble Tea runs Update in order, on one
// goroutine). It catches a panic of the app's Update or View (hostbridge's
// wrapper has run the exit by then), so the Kit reports it from the test's
// goroutine at Quit instead of Bubble Tea printing it, and then quits.
type observer struct {
	k      *Kit
	inner  tea.Model
	broken bool // the app panicked: it gets no more messages
}

func (o *observer) Init() tea.Cmd { return o.inner.Init() }

func (o *observer) View() (view string) {
	if o.broken {
		return ""
	}
	defer func() {
		if r := recover(); r != nil {
			o.fail(r)
			o.k.Send(tea.QuitMsg{}) // View cannot return a Cmd
			view = ""
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
		msg.ack <- o.View()
	case checkWaiters:
	default:
		if !o.broken {
			_, cmd = o.inner.Update(msg)
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
// the program's goroutine, between two messages.
//
// The conditions run without the kit's lock held, so one may call the
// kit's own methods (View, Send) without a deadlock.
func (k *Kit) check() {
	k.mu.Lock()
	waiters := k.waiters
	k.waiters = nil
	k.mu.Unlock()
	if len(waiters) == 0 {
		return
	}
	app := k.model.Unwrap()
	var kept, met []*modelWaiter
	for _, w := range waiters {
		if w.cond(app) {
			met = append(met, w)
		} else {
			kept = append(kept, w)
		}
	}
	k.mu.Lock()
	if len(met) > 0 {
		k.view = k.model.View()
	}
	k.waiters = append(kept, k.waiters...) // and any added meanwhile
	k.mu.Unlock()
	for _, w := range met {
		close(w.done)
	}
}

// WaitModel waits until cond holds for the app's model, then for the hosts
// as Step does: for what Cmds do later (a reply that arrives, a tick).
// cond runs on the program's goroutine between two messages, so it may
// read the model freely; it must not block. If the program ends first,
// WaitModel fails the test.
func (k *Kit) WaitModel(cond func(tea.Model) bool) {
	k.t.Helper()
	w := &modelWaiter{cond: cond, done: make(chan struct{})}
	k.mu.Lock()
	k.waiters = append(k.waiters, w)
	k.mu.Unlock()
	k.Send(checkWaiters{}) // cond may hold already
	timer := time.NewTimer(k.cfg.timeout)
	defer timer.Stop()
	select {
	case <-w.done:
	case <-k.done:
		k.t.Fatalf("teatest: the program ended before the model met the condition")
	case <-timer.C:
		k.t.Fatalf("teatest: waited %v for the model to meet the condition", k.cfg.timeout)
	}
	k.Flush()
}

// WaitFor waits until cond holds for the transcript. It checks again
// whenever the terminal or the fake herdr gets something; the fake tuios
// and cmux are re-checked every few milliseconds (cmux's calls come from
// other processes, which cannot signal the test). After the Kit's timeout
// it fails the test with the transcript.
func (k *Kit) WaitFor(cond func(Transcript) bool) {
	k.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), k.cfg.timeout)
	defer cancel()
	var tick <-chan time.Time
	if k.cfg.tuios != nil || k.cfg.cmux != nil {
		t := time.NewTicker(2 * time.Millisecond)
		defer t.Stop()
		tick = t.C
	}
	for {
		_, termChanged := k.term.next()
		herdrChanged, stop := k.watchHerdr(ctx)
		tr := k.Transcript()
		if cond(tr) {
			stop()
			return
		}
		select {
		case <-termChanged:
		case <-herdrChanged:
		case <-tick:
		case <-ctx.Done():
		}
		stop()
		if ctx.Err() != nil {
			k.t.Fatalf("teatest: waited %v for the transcript to meet the condition; it is:\n%s", k.cfg.timeout, k.Transcript())
			return
		}
	}
}

// watchHerdr returns a channel closed when the fake herdr gets a request,
// and a stop func that ends the watching goroutine and waits for it.
func (k *Kit) watchHerdr(ctx context.Context) (<-chan struct{}, func()) {
	h := k.cfg.herdr
	if h == nil {
		return nil, func() {}
	}
	n := len(h.Requests())
	ctx, cancel := context.WithCancel(ctx)
	changed := make(chan struct{})
	go func() {
		defer close(changed)
		_ = h.WaitFor(ctx, func(r []HerdrRequest) bool { return len(r) > n })
	}()
	return changed, func() { cancel(); <-changed }
}
