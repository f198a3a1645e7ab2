package main

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/hostbridge/hostbridge"
)

// A turn runs a plan (script.go) one step at a time. Its timers are
// tea.Tick commands: the chat runs no goroutine of its own, and a turn
// that ended or was interrupted just ignores its last tick.

// turn is a running turn: its plan and where it stands.
type turn struct {
	id      int
	kind    scriptKind
	prompt  string
	d       time.Duration
	pending []step
	waiting waitKind
	// sub says a sub-agent runs (started, not ended).
	sub bool
}

// stepMsg tells the chat the next step of turn id is due.
type stepMsg struct{ turn int }

// due pops the steps to run now: the next one (its time has come) and
// every one after it that does not wait, up to one that waits for the user
// or ends the turn. next is the time before the following step, and more
// says whether there is one to schedule.
func (t *turn) due() (steps []step, next time.Duration, more bool) {
	for len(t.pending) > 0 {
		s := t.pending[0]
		t.pending = t.pending[1:]
		steps = append(steps, s)
		for _, m := range s.emit {
			switch m.(type) {
			case hostbridge.SubAgentStarted:
				t.sub = true
			case hostbridge.SubAgentEnded:
				t.sub = false
			}
		}
		if s.wait != waitNone {
			t.waiting = s.wait
			return steps, 0, false
		}
		if s.done {
			t.pending = nil
			return steps, 0, false
		}
		if len(t.pending) > 0 && t.pending[0].after > 0 {
			return steps, t.pending[0].after, true
		}
	}
	return steps, 0, false
}

// tick is the timer before turn id's next step.
func tick(id int, d time.Duration) tea.Cmd {
	return tea.Tick(d, func(time.Time) tea.Msg { return stepMsg{turn: id} })
}

// newTurn starts turn id for prompt; delay is the normal turn's length.
func newTurn(id int, prompt string, delay time.Duration) *turn {
	kind, d := classify(prompt, delay)
	return &turn{id: id, kind: kind, prompt: prompt, d: d, pending: plan(kind, prompt, d)}
}

// reply answers what the turn waits for; the steps that follow are due at
// once (call due).
func (t *turn) reply(yes bool, text string) {
	t.pending = answer(t.waiting, t.prompt, yes, text, t.d)
	t.waiting = waitNone
}

// stop replaces what is left of the turn with its interruption.
func (t *turn) stop() {
	t.pending = interrupt(t.sub)
	t.waiting = waitNone
}
