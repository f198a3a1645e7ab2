package chatscript

import (
	"time"

	"github.com/hostbridge/hostbridge/bridge"
)

// A turn runs a plan (script.go) one step at a time. Due says what runs
// now and how long until the next step; the chat times that itself (a
// tea.Tick in v1 and v2, a timer in a -m run), so it runs no goroutine of
// its own, and a turn that ended or was interrupted just ignores its last
// tick.

// Turn is a running turn: its plan and where it stands.
type Turn struct {
	ID      int // tells the current turn's tick from a stale one
	Kind    Kind
	Prompt  string
	D       time.Duration
	pending []Step
	Waiting Wait
	// Sub says a sub-agent runs (started, not ended).
	Sub bool
}

// Due pops the steps to run now: the next one (its time has come) and
// every one after it that does not wait, up to one that waits for the user
// or ends the turn. next is the time before the following step, and more
// says whether there is one to schedule.
func (t *Turn) Due() (steps []Step, next time.Duration, more bool) {
	for len(t.pending) > 0 {
		s := t.pending[0]
		t.pending = t.pending[1:]
		steps = append(steps, s)
		for _, m := range s.Emit {
			switch m.(type) {
			case bridge.SubAgentStarted:
				t.Sub = true
			case bridge.SubAgentEnded:
				t.Sub = false
			}
		}
		if s.Wait != WaitNone {
			t.Waiting = s.Wait
			return steps, 0, false
		}
		if s.Done {
			t.pending = nil
			return steps, 0, false
		}
		if len(t.pending) > 0 && t.pending[0].After > 0 {
			return steps, t.pending[0].After, true
		}
	}
	return steps, 0, false
}

// NewTurn starts turn id for prompt; delay is the normal turn's length.
func NewTurn(id int, prompt string, delay time.Duration) *Turn {
	kind, d := Classify(prompt, delay)
	return &Turn{ID: id, Kind: kind, Prompt: prompt, D: d, pending: Plan(kind, prompt, d)}
}

// Reply answers what the turn waits for; the steps that follow are due at
// once (call due).
func (t *Turn) Reply(yes bool, text string) {
	t.pending = Answer(t.Waiting, t.Prompt, yes, text, t.D)
	t.Waiting = WaitNone
}

// Stop replaces what is left of the turn with its interruption.
func (t *Turn) Stop() {
	t.pending = Interrupt(t.Sub)
	t.Waiting = WaitNone
}
