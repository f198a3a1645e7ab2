package teatest_test

import (
	"fmt"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"charm.land/bubbles/v2/spinner"
	"charm.land/bubbles/v2/textarea"
	tea "charm.land/bubbletea/v2"

	"github.com/hostbridge/hostbridge/host/hosttest"
	"github.com/hostbridge/hostbridge/internal/kitcore/kittest"
	hostbridge "github.com/hostbridge/hostbridge/teav2"
	"github.com/hostbridge/hostbridge/teav2/teatest"
)

// The hard cases of following an app's Cmds: what a wait must cover (a
// chain, a Batch, a Sequence, the Cmd of the Update that met a condition)
// and what it must not wait for (a spinner, a cursor blink, a streamed
// reply's timer), or it would never end.
//
// Each test would fail if the kit did not follow Cmds: the Step or
// WaitModel would return before the message it checks for.

// worker is an app whose Cmds are set by the test: its Update runs plan
// for every message that is not the spinner's, textarea's or a key.
type worker struct {
	plan  func(w *worker, msg tea.Msg) tea.Cmd
	seen  []string
	busy  bool
	words int // chunks streamed so far
	spin  spinner.Model
	input textarea.Model
}

type (
	step  int    // a link of a Cmd chain
	chunk string // a streamed word
	done  struct{}
)

func newWorker(plan func(w *worker, msg tea.Msg) tea.Cmd) *worker {
	w := &worker{plan: plan, spin: spinner.New(), input: textarea.New()}
	st := w.input.Styles()
	st.Cursor.Blink = true
	// Fast timers: many ticks race the kit's waits, and the last one's
	// goroutine, which outlives the program until it fires (Bubble Tea
	// cannot cancel a Cmd), is gone before goleak looks.
	w.spin.Spinner.FPS = 2 * time.Millisecond
	st.Cursor.BlinkSpeed = 3 * time.Millisecond
	w.input.SetStyles(st)
	w.input.Focus()
	return w
}

func (w *worker) Init() tea.Cmd { return tea.Batch(w.spin.Tick, textarea.Blink) }

func (w *worker) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	var cmd tea.Cmd
	switch msg.(type) {
	case spinner.TickMsg:
		w.spin, cmd = w.spin.Update(msg) // ticks for ever
		return w, cmd
	case tea.KeyPressMsg:
		w.input, cmd = w.input.Update(msg) // restarts the blink
		if msg.(tea.KeyPressMsg).Code != tea.KeyEnter {
			return w, cmd
		}
		return w, tea.Batch(cmd, w.plan(w, msg))
	case hostbridge.TurnStarted, hostbridge.ApprovalNeeded, hostbridge.TurnFailed, hostbridge.Idle,
		step, chunk, done:
		w.seen = append(w.seen, fmt.Sprint(msg))
		return w, w.plan(w, msg)
	}
	w.input, cmd = w.input.Update(msg) // the blink's own messages
	return w, cmd
}

func (w *worker) View() tea.View {
	return tea.NewView(w.spin.View() + " " + w.input.View() + " " + strings.Join(w.seen, ","))
}

func msgCmd(msg tea.Msg) tea.Cmd { return func() tea.Msg { return msg } }

// seenBy returns what the app's model saw, once settled.
func seenBy(k *teatest.Kit) string { return strings.Join(k.FinalModel().(*worker).seen, ",") }

func TestSettleFollowsAChain(t *testing.T) {
	t.Parallel()
	k := teatest.New(t, newWorker(func(w *worker, msg tea.Msg) tea.Cmd {
		switch msg := msg.(type) {
		case tea.KeyPressMsg:
			return msgCmd(hostbridge.TurnStarted{})
		case hostbridge.TurnStarted:
			return msgCmd(step(1))
		case step:
			if msg < 5 {
				return func() tea.Msg { time.Sleep(time.Millisecond); return msg + 1 } // work, not a timer
			}
			return msgCmd(hostbridge.Idle{Reply: "chained"})
		}
		return nil
	}))
	k.Step(tea.BlurMsg{})
	k.Key("enter")
	if got := k.Transcript(); !strings.Contains(got, `terminal ping "chained"`) {
		t.Errorf("Step returned before the end of the chain:\n%s", got)
	}
	if got := seenBy(k); got != "{},1,2,3,4,5,{chained}" {
		t.Errorf("the app saw %s", got)
	}
}

func TestSettleFollowsBatchAndSequence(t *testing.T) {
	t.Parallel()
	h := hosttest.NewHerdr(t)
	k := teatest.New(t, newWorker(func(w *worker, msg tea.Msg) tea.Cmd {
		switch msg := msg.(type) {
		case tea.KeyPressMsg:
			// A Cmd that returns a Sequence, whose second Cmd returns a
			// Batch: the wait covers every message in it.
			return func() tea.Msg {
				return tea.Sequence(msgCmd(hostbridge.TurnStarted{}), func() tea.Msg {
					return tea.Batch(msgCmd(step(1)), msgCmd(step(2)), nil)()
				})()
			}
		case step:
			if msg == 2 {
				return msgCmd(hostbridge.ApprovalNeeded{Tool: "shell", Action: "ls"})
			}
		}
		return nil
	}), h)
	k.Key("enter")
	want := []string{"herdr pane.report_agent idle", "herdr pane.report_metadata state_labels=(clear)", "herdr pane.report_agent working", "herdr pane.report_agent blocked"}
	if got := h.Transcript(); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("herdr after the Step: %q", got)
	}
	if got := seenBy(k); got != "{},1,2,{shell ls }" && got != "{},2,1,{shell ls }" && got != "{},2,{shell ls },1" {
		t.Errorf("the app saw %s", got)
	}
}

// A reply streamed with tea.Tick: Step does not wait for the timer, and
// WaitModel on the model's own field returns once the Idle that the same
// Update returns as a Cmd has reached the hosts.
func TestWaitModelCoversTheCmdOfItsUpdate(t *testing.T) {
	t.Parallel()
	words := []string{"a", "streamed", "reply"}
	h := hosttest.NewHerdr(t)
	k := teatest.New(t, newWorker(func(w *worker, msg tea.Msg) tea.Cmd {
		switch msg.(type) {
		case tea.KeyPressMsg:
			w.busy = true
			return tea.Batch(msgCmd(hostbridge.TurnStarted{}), tea.Tick(time.Millisecond, func(time.Time) tea.Msg { return chunk(words[0]) }))
		case chunk:
			if w.words++; w.words < len(words) {
				next := chunk(words[w.words])
				return tea.Tick(time.Millisecond, func(time.Time) tea.Msg { return next })
			}
			w.busy = false
			// The Idle comes from a Cmd that works a while first: WaitModel
			// must not return before it has reached the hosts.
			return func() tea.Msg { time.Sleep(20 * time.Millisecond); return hostbridge.Idle{Reply: "a streamed reply"} }
		}
		return nil
	}), h)
	k.Step(tea.BlurMsg{})
	k.Key("enter")
	k.WaitModel(func(m tea.Model) bool { return !m.(*worker).busy })
	want := []string{"herdr pane.report_agent idle", "herdr pane.report_metadata state_labels=(clear)", "herdr pane.report_agent working", "herdr pane.report_agent idle"}
	if got := h.Transcript(); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("herdr when WaitModel returned: %q", got)
	}
	if !strings.Contains(k.Transcript(), `terminal ping "a streamed reply"`) {
		t.Errorf("no ping when WaitModel returned:\n%s", k.Transcript())
	}
}

// A timer that fires an hour later: the Steps that set it return at once,
// with the spinner ticking and the cursor blinking all along. In a
// synctest bubble the hour is virtual: the timers' goroutines end with the
// test instead of outliving it.
func TestSettleDoesNotWaitForTimers(t *testing.T) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		k := teatest.New(t, newWorker(func(w *worker, msg tea.Msg) tea.Cmd {
			if _, ok := msg.(tea.KeyPressMsg); ok {
				return tea.Batch(msgCmd(hostbridge.TurnStarted{}), tea.Tick(time.Hour, func(time.Time) tea.Msg { return done{} }),
					tea.Every(time.Hour, func(time.Time) tea.Msg { return done{} }))
			}
			return nil
		}))
		k.Type("hello there")
		k.Key("enter")
		k.Step()
		if got := seenBy(k); got != "{}" {
			t.Errorf("the app saw %s: a wait ran until the timers fired", got)
		}
		// The timers' goroutines outlive the program until they fire, and
		// the bubble's clock stops when this function returns: let them
		// fire (virtual time, no real wait).
		time.Sleep(2 * time.Hour)
	})
}

// Time waits for work: a timer that fires while a Cmd still works holds
// its message until that Cmd's message has been through Update, so the
// order the app's messages arrive in does not depend on the machine's
// load. Here the tick fires long before the working Cmd returns.
func TestTimersWaitForWork(t *testing.T) {
	t.Parallel()
	k := teatest.New(t, newWorker(func(w *worker, msg tea.Msg) tea.Cmd {
		if _, ok := msg.(tea.KeyPressMsg); ok {
			return tea.Batch(
				func() tea.Msg { time.Sleep(30 * time.Millisecond); return hostbridge.TurnStarted{} }, // work, not a timer
				tea.Tick(time.Millisecond, func(time.Time) tea.Msg { return step(1) }))
		}
		return nil
	}))
	k.Key("enter")
	k.WaitModel(func(m tea.Model) bool { return len(m.(*worker).seen) == 2 })
	if got := seenBy(k); got != "{},1" {
		t.Errorf("the app saw %s: the tick went in before the work it fired during", got)
	}
}

// The Cmds behind a timer in a tea.Sequence are counted once it has fired,
// before its message goes in: a wait that its message ends covers them.
func TestSequenceBehindATimer(t *testing.T) {
	t.Parallel()
	k := teatest.New(t, newWorker(func(w *worker, msg tea.Msg) tea.Cmd {
		if _, ok := msg.(tea.KeyPressMsg); ok {
			return tea.Sequence(tea.Tick(5*time.Millisecond, func(time.Time) tea.Msg { return step(1) }),
				func() tea.Msg { time.Sleep(20 * time.Millisecond); return hostbridge.TurnStarted{} })
		}
		return nil
	}))
	k.Key("enter")
	k.WaitModel(func(m tea.Model) bool { return len(m.(*worker).seen) > 0 }) // the tick's step(1)
	if !strings.Contains(k.Transcript(), "terminal progress 3") {
		t.Errorf("WaitModel returned before the Cmd behind the timer:\n%s", k.Transcript())
	}
}

// A Cmd that waits for ever on something other than the clock fails the
// wait after the timeout, named, instead of hanging the test.
func TestSettleNamesACmdThatNeverEnds(t *testing.T) {
	r := &kittest.RecordingTB{}
	never := make(chan tea.Msg)
	errs := r.Run(func() {
		r.Cleanup(func() { close(never) })
		// The timeout is long enough for New on a loaded machine (at
		// 100ms, as in the v1 kit's test, New itself timed out under
		// load); the stuck Cmd costs it once.
		k := teatest.New(r, newWorker(func(w *worker, msg tea.Msg) tea.Cmd {
			if _, ok := msg.(tea.KeyPressMsg); ok {
				return listen(never)
			}
			return nil
		}), hosttest.WithTimeout(time.Second))
		k.Key("enter")
		t.Error("Key returned")
	})
	if len(errs) != 1 || !strings.Contains(errs[0], "still running: ") || !strings.Contains(errs[0], "listen") ||
		!strings.Contains(errs[0], "kit_cmds_test.go:") {
		t.Errorf("errors = %q", errs)
	}
}

func listen(ch chan tea.Msg) tea.Cmd { return func() tea.Msg { return <-ch } }

func TestKeyNames(t *testing.T) {
	t.Parallel()
	var got []string
	k := teatest.New(t, keys{&got})
	k.Key("enter", "ctrl+c", "y", "alt+x", "space", "up", "esc", "alt+enter", "é")
	k.Type("a b")
	want := "enter|ctrl+c|y|alt+x|space|up|esc|alt+enter|é|a|space|b" // v2 names the space key
	if s := strings.Join(got, "|"); s != want {
		t.Errorf("keys %s, want %s", s, want)
	}
	r := &kittest.RecordingTB{}
	errs := r.Run(func() { teatest.New(r, keys{new([]string)}).Key("nope") })
	if len(errs) != 1 || !strings.Contains(errs[0], `no key is named "nope"`) {
		t.Errorf("errors = %q", errs)
	}
}

// keys records the keys it gets (and does not quit on ctrl+c).
type keys struct{ got *[]string }

func (keys) Init() tea.Cmd { return nil }
func (k keys) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if key, ok := msg.(tea.KeyPressMsg); ok {
		*k.got = append(*k.got, key.String())
	}
	return k, nil
}
func (keys) View() tea.View { return tea.View{} }
