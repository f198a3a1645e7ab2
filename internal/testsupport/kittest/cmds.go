package kittest

import (
	"strings"
	"testing"
	"testing/synctest"
	"time"

	"github.com/hostbridge/hostbridge/bridge"
	"github.com/hostbridge/hostbridge/host/hosttest"
)

// The hard cases of following an app's Cmds: what a wait must cover (a
// chain, a Batch, a Sequence, the Cmd of the Update that met a condition)
// and what it must not wait for (a spinner, a cursor blink, a streamed
// reply's timer), or it would never end.
//
// Each case would fail if the kit did not follow Cmds: the Step or
// WaitModel would return before the message it checks for.

// Cmds is what the Cmd cases need of a version besides its Version: its
// worker app and its Cmd constructors. C is the version's tea.Cmd.
type Cmds[M, Model any, C ~func() M] struct {
	Version[M, Model]
	// Worker is the kit's worker app: a spinner and a focused textarea
	// with fast timers; its Update passes a key press of enter, and the
	// messages Work records (hostbridge's, Step, Chunk, Done), to plan.
	Worker func(plan func(w *Work, msg M) C) Model
	// Work is what the worker app recorded.
	Work func(Model) *Work
	// The version's tea.Batch, tea.Sequence, tea.Tick and tea.Every.
	Batch, Sequence func(cmds ...C) C
	Tick, Every     func(d time.Duration, fn func(time.Time) M) C
	// Blink is a cursor's blink, d long, as Charm's bubbles makes it.
	Blink func(d time.Duration) C
	// IsKey reports whether msg is a key press.
	IsKey func(msg M) bool
	// BridgeSequence is the frontend's hostbridge.Sequence.
	BridgeSequence func(msgs ...M) C
}

// Work is the worker app's record: what it saw, and a streamed reply's
// state.
type Work struct {
	Seen  []string
	Busy  bool
	Words int // chunks streamed so far
}

type (
	Step  int    // a link of a Cmd chain
	Chunk string // a streamed word
	Done  struct{}
)

func msgCmd[M any, C ~func() M](m any) C { return func() M { return m.(M) } }

// onKey is the worker app whose plan answers every key press with cmd.
func onKey[M, Model any, C ~func() M](v Cmds[M, Model, C], cmd C) Model {
	return v.Worker(func(w *Work, msg M) C {
		if v.IsKey(msg) {
			return cmd
		}
		return nil
	})
}

// seenBy returns what the app's model saw, once settled.
func seenBy[M, Model any, C ~func() M](v Cmds[M, Model, C], k Kit[M, Model]) string {
	return strings.Join(v.Work(k.FinalModel()).Seen, ",")
}

func SettleFollowsAChain[M, Model any, C ~func() M](t *testing.T, v Cmds[M, Model, C]) {
	t.Parallel()
	k := v.New(t, v.Worker(func(w *Work, msg M) C {
		switch m := any(msg).(type) {
		case bridge.TurnStarted:
			return msgCmd[M, C](Step(1))
		case Step:
			if m < 5 {
				return func() M { time.Sleep(time.Millisecond); return any(m + 1).(M) } // work, not a timer
			}
			return msgCmd[M, C](bridge.Idle{Reply: "chained"})
		}
		if v.IsKey(msg) {
			return msgCmd[M, C](bridge.TurnStarted{})
		}
		return nil
	}))
	k.Step(v.Blur)
	k.Key("enter")
	if got := k.Transcript(); !strings.Contains(got, `terminal ping "chained"`) {
		t.Errorf("Step returned before the end of the chain:\n%s", got)
	}
	if got := seenBy(v, k); got != "{},1,2,3,4,5,{chained}" {
		t.Errorf("the app saw %s", got)
	}
}

func SettleFollowsBatchAndSequence[M, Model any, C ~func() M](t *testing.T, v Cmds[M, Model, C]) {
	t.Parallel()
	h := hosttest.NewHerdr(t)
	k := v.New(t, v.Worker(func(w *Work, msg M) C {
		if v.IsKey(msg) {
			// A Cmd that returns a Sequence, whose second Cmd returns a
			// Batch: the wait covers every message in it.
			return func() M {
				return v.Sequence(msgCmd[M, C](bridge.TurnStarted{}), func() M {
					return v.Batch(msgCmd[M, C](Step(1)), msgCmd[M, C](Step(2)), nil)()
				})()
			}
		}
		if s, ok := any(msg).(Step); ok && s == 2 {
			return msgCmd[M, C](bridge.ApprovalNeeded{Tool: "shell", Action: "ls"})
		}
		return nil
	}), h)
	k.Key("enter")
	want := []string{"herdr pane.report_agent idle", "herdr pane.report_metadata state_labels=(clear)", "herdr pane.report_agent working", "herdr pane.report_agent blocked"}
	if got := h.Transcript(); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("herdr after the Step: %q", got)
	}
	if got := seenBy(v, k); got != "{},1,2,{shell ls }" && got != "{},2,1,{shell ls }" && got != "{},2,{shell ls },1" {
		t.Errorf("the app saw %s", got)
	}
}

// WaitModelCoversTheCmdOfItsUpdate: a reply streamed with tea.Tick: Step
// does not wait for the timer, and WaitModel on the model's own field
// returns once the Idle that the same Update returns as a Cmd has reached
// the hosts.
func WaitModelCoversTheCmdOfItsUpdate[M, Model any, C ~func() M](t *testing.T, v Cmds[M, Model, C]) {
	t.Parallel()
	words := []string{"a", "streamed", "reply"}
	h := hosttest.NewHerdr(t)
	k := v.New(t, v.Worker(func(w *Work, msg M) C {
		if v.IsKey(msg) {
			w.Busy = true
			return v.Batch(msgCmd[M, C](bridge.TurnStarted{}), v.Tick(time.Millisecond, func(time.Time) M { return any(Chunk(words[0])).(M) }))
		}
		if _, ok := any(msg).(Chunk); ok {
			if w.Words++; w.Words < len(words) {
				next := Chunk(words[w.Words])
				return v.Tick(time.Millisecond, func(time.Time) M { return any(next).(M) })
			}
			w.Busy = false
			// The Idle comes from a Cmd that works a while first: WaitModel
			// must not return before it has reached the hosts.
			return func() M { time.Sleep(20 * time.Millisecond); return any(bridge.Idle{Reply: "a streamed reply"}).(M) }
		}
		return nil
	}), h)
	k.Step(v.Blur)
	k.Key("enter")
	k.WaitModel(func(m Model) bool { return !v.Work(m).Busy })
	want := []string{"herdr pane.report_agent idle", "herdr pane.report_metadata state_labels=(clear)", "herdr pane.report_agent working", "herdr pane.report_agent idle"}
	if got := h.Transcript(); strings.Join(got, "\n") != strings.Join(want, "\n") {
		t.Errorf("herdr when WaitModel returned: %q", got)
	}
	if !strings.Contains(k.Transcript(), `terminal ping "a streamed reply"`) {
		t.Errorf("no ping when WaitModel returned:\n%s", k.Transcript())
	}
}

// SettleDoesNotWaitForTimers: a timer that fires an hour later: the Steps
// that set it return at once, with the spinner ticking and the cursor
// blinking all along. In a synctest bubble the hour is virtual: the
// timers' goroutines end with the test instead of outliving it.
func SettleDoesNotWaitForTimers[M, Model any, C ~func() M](t *testing.T, v Cmds[M, Model, C]) {
	t.Parallel()
	synctest.Test(t, func(t *testing.T) {
		k := v.New(t, onKey(v, v.Batch(msgCmd[M, C](bridge.TurnStarted{}), v.Tick(time.Hour, func(time.Time) M { return any(Done{}).(M) }),
			v.Every(time.Hour, func(time.Time) M { return any(Done{}).(M) }))))
		k.Type("hello there")
		k.Key("enter")
		k.Step()
		if got := seenBy(v, k); got != "{}" {
			t.Errorf("the app saw %s: a wait ran until the timers fired", got)
		}
		// The timers' goroutines outlive the program until they fire, and
		// the bubble's clock stops when this function returns: let them
		// fire (virtual time, no real wait).
		time.Sleep(2 * time.Hour)
	})
}

// StepWaitsForTheAppNotTheClock is the kit's contract with the app's Cmds,
// in a bubble's virtual time: a Step waits for a Cmd of the app's own
// however long it takes (a timer of its own too), alone, in a tea.Batch or
// in a tea.Sequence; it never waits for a Cmd of the clock (tea.Tick,
// tea.Every, a cursor's blink), however long its timer. Had the kit taken
// the app's timer for the clock, or missed a Batch or a Sequence, the Step
// would return before the app's Cmd; had it taken the clock for work, it
// would fail after its timeout.
func StepWaitsForTheAppNotTheClock[M, Model any, C ~func() M](t *testing.T, v Cmds[M, Model, C]) {
	const work = 5 * time.Second // under the kit's timeout (10 s), virtual
	appTimer := func() C { return func() M { <-time.After(work); return any(Done{}).(M) } }
	tick := func() C { return v.Tick(time.Hour, func(time.Time) M { return any(Step(1)).(M) }) }
	for _, tc := range []struct {
		name  string
		cmd   func() C
		waits bool
	}{
		{"an app's timer", appTimer, true},
		{"an app's timer in a tea.Batch", func() C { return v.Batch(tick(), appTimer()) }, true},
		{"an app's timer in a tea.Sequence", func() C { return v.Sequence(msgCmd[M, C](Step(2)), appTimer()) }, true},
		{"tea.Tick", tick, false},
		{"tea.Every", func() C { return v.Every(time.Hour, func(time.Time) M { return any(Step(1)).(M) }) }, false},
		{"a cursor's blink", func() C { return v.Blink(time.Hour) }, false},
	} {
		t.Run(tc.name, func(t *testing.T) {
			t.Parallel()
			synctest.Test(t, func(t *testing.T) {
				k := v.New(t, onKey(v, tc.cmd()))
				start := time.Now()
				k.Key("enter")
				took := time.Since(start)
				if tc.waits && took < work {
					t.Errorf("the Step took %v: it did not wait for the app's Cmd (%v)", took, work)
				}
				if !tc.waits && took >= work {
					t.Errorf("the Step took %v: it waited on the clock", took)
				}
				_ = k.Quit()
				time.Sleep(2 * time.Hour) // the timers' goroutines end (virtual time)
			})
		})
	}
}

// TimersWaitForWork: time waits for work: a timer that fires while a Cmd
// still works holds its message until that Cmd's message has been through
// Update, so the order the app's messages arrive in does not depend on the
// machine's load. Here the tick fires long before the working Cmd returns.
func TimersWaitForWork[M, Model any, C ~func() M](t *testing.T, v Cmds[M, Model, C]) {
	t.Parallel()
	k := v.New(t, onKey(v, v.Batch(
		func() M { time.Sleep(30 * time.Millisecond); return any(bridge.TurnStarted{}).(M) }, // work, not a timer
		v.Tick(time.Millisecond, func(time.Time) M { return any(Step(1)).(M) }))))
	k.Key("enter")
	k.WaitModel(func(m Model) bool { return len(v.Work(m).Seen) == 2 })
	if got := seenBy(v, k); got != "{},1" {
		t.Errorf("the app saw %s: the tick went in before the work it fired during", got)
	}
}

// SequenceBehindATimer: the Cmds behind a timer in a tea.Sequence are
// counted once it has fired, before its message goes in: a wait that its
// message ends covers them.
func SequenceBehindATimer[M, Model any, C ~func() M](t *testing.T, v Cmds[M, Model, C]) {
	t.Parallel()
	k := v.New(t, onKey(v, v.Sequence(v.Tick(5*time.Millisecond, func(time.Time) M { return any(Step(1)).(M) }),
		func() M { time.Sleep(20 * time.Millisecond); return any(bridge.TurnStarted{}).(M) })))
	k.Key("enter")
	k.WaitModel(func(m Model) bool { return len(v.Work(m).Seen) > 0 }) // the tick's Step(1)
	if !strings.Contains(k.Transcript(), "terminal progress 3") {
		t.Errorf("WaitModel returned before the Cmd behind the timer:\n%s", k.Transcript())
	}
}

// SettleNamesACmdThatNeverEnds: a Cmd that waits for ever on something
// other than the clock fails the wait after the timeout, named, instead of
// hanging the test.
func SettleNamesACmdThatNeverEnds[M, Model any, C ~func() M](t *testing.T, v Cmds[M, Model, C]) {
	r := &RecordingTB{}
	never := make(chan M)
	errs := r.Run(func() {
		r.Cleanup(func() { close(never) })
		// The timeout is long enough for New on a loaded machine (at 100ms
		// New itself timed out under load, 2 runs in 20 with a second copy
		// running); the stuck Cmd costs it once.
		k := v.New(r, onKey(v, listen[M, C](never)), hosttest.WithTimeout(time.Second))
		k.Key("enter")
		t.Error("Key returned")
	})
	if len(errs) != 1 || !strings.Contains(errs[0], "still running: ") || !strings.Contains(errs[0], "listen") ||
		!strings.Contains(errs[0], "kittest/cmds.go:") {
		t.Errorf("errors = %q", errs)
	}
}

// listen is not inlined, so that the Cmd keeps its name.
//
//go:noinline
func listen[M any, C ~func() M](ch chan M) C { return func() M { return <-ch } }

// KeyNames: Key and Type press the keys named, as the version names them
// (want, the names the app got, joined by "|"); an unknown name fails the
// test. keys is the kit's app that records the names of the keys it gets.
func KeyNames[M, Model any](t *testing.T, v Version[M, Model], keys func(got *[]string) Model, want string) {
	t.Parallel()
	var got []string
	k := v.New(t, keys(&got))
	k.Key("enter", "ctrl+c", "y", "alt+x", "space", "up", "esc", "alt+enter", "é")
	k.Type("a b")
	if s := strings.Join(got, "|"); s != want {
		t.Errorf("keys %s, want %s", s, want)
	}
	r := &RecordingTB{}
	errs := r.Run(func() { v.New(r, keys(new([]string))).Key("nope") })
	if len(errs) != 1 || !strings.Contains(errs[0], `no key is named "nope"`) {
		t.Errorf("errors = %q", errs)
	}
}

// BatchOfReportsFails: two hostbridge messages from one tea.Batch arrive
// in either order, so a golden of them differs from run to run, and so
// does what a real host shows; the kit fails such a test every time,
// naming hostbridge.Sequence, however the two get into the Batch: plain
// Cmds, hostbridge.Sequence's Cmds, a nested Batch, a tea.Sequence inside
// the Batch, the Update of a message from another Cmd of the Batch (the
// reply of a request that runs beside the turn's start). What is ordered
// passes: a tea.Sequence of them, one hostbridge.Sequence carrying both,
// one hostbridge message in a Batch beside the app's own, a Batch that a
// tea.Sequence waits for, the reply of a request behind the turn's start.
func BatchOfReportsFails[M, Model any, C ~func() M](t *testing.T, v Cmds[M, Model, C]) {
	t.Parallel()
	a, b := msgCmd[M, C](bridge.TurnStarted{}), msgCmd[M, C](bridge.ApprovalNeeded{Tool: "shell", Action: "git push"})
	x, y := msgCmd[M, C](Step(1)), msgCmd[M, C](Step(2))
	seqA := v.BridgeSequence(any(bridge.TurnStarted{}).(M))
	seqB := v.BridgeSequence(any(bridge.ApprovalNeeded{Tool: "shell", Action: "git push"}).(M))
	seqAB := v.BridgeSequence(any(bridge.TurnStarted{}).(M), any(bridge.ApprovalNeeded{Tool: "shell"}).(M))
	batch, seq := v.Batch, v.Sequence
	// batchMsgCmd is a Cmd of the app's own that returns a Batch's message.
	batchMsgCmd := func(cmds ...C) C { return func() M { return batch(cmds...)() } }
	for _, c := range []struct {
		name    string
		cmd     C
		refused bool
		reply   C // what the app's Update returns for Step(1), "the reply"
	}{
		{"plain Cmds", batch(a, b), true, nil},
		{"hostbridge.Sequence Cmds", batch(seqA, seqB), true, nil},
		{"plain and hostbridge.Sequence", batch(a, x, seqB), true, nil},
		{"hostbridge.Sequence of two beside one", batch(seqAB, b), true, nil},
		{"nested Batch", batch(a, batch(x, b)), true, nil},
		{"two nested Batches", batch(batch(x, seqA), y, batch(seqB, x)), true, nil},
		{"a Cmd returning a Batch", batch(seqA, batchMsgCmd(x, seqB)), true, nil},
		{"tea.Sequence inside a Batch", batch(seq(seqA, x), seqB), true, nil},
		{"tea.Sequences inside a Batch", batch(seq(x, a), seq(y, b)), true, nil},
		{"Batch inside a tea.Sequence", seq(x, batch(a, b)), true, nil},
		{"Batch of a tea.Sequence", batch(x, seq(y, batch(a, b))), true, nil},
		{"the reply's Update beside the turn", batch(seqA, x), true, seqB},
		{"the reply's Update beside a Sequence of the turn", batch(seq(y, seqA), x), true, seqB},

		{"tea.Sequence", seq(a, b), false, nil},
		{"tea.Sequence of hostbridge.Sequence", seq(seqA, x, seqB), false, nil},
		{"one hostbridge.Sequence of two", batch(seqAB, x), false, nil},
		{"one in a Batch", batch(x, b, y), false, nil},
		{"hostbridge.Sequence of the app's messages beside one", batch(v.BridgeSequence(any(Step(1)).(M), any(Step(2)).(M)), b), false, nil},
		{"request behind the turn, beside the app's Cmd", batch(x, seq(seqA, seqB)), false, nil},
		{"Batch before, in a tea.Sequence", seq(batch(seqA, x), b), false, nil},
		{"the reply's Update behind the turn", seq(seqA, x), false, seqB},
		{"the turn, then the request, beside the app's Cmd", batch(y, seq(seqA, x)), false, seqB},
	} {
		t.Run(c.name, func(t *testing.T) {
			t.Parallel()
			r := &RecordingTB{}
			var seen string
			errs := r.Run(func() {
				k := v.New(r, v.Worker(func(w *Work, msg M) C {
					if v.IsKey(msg) {
						return c.cmd
					}
					if s, ok := any(msg).(Step); ok && s == 1 {
						return c.reply
					}
					return nil
				}))
				k.Key("enter")
				seen = seenBy(v, k)
				_ = k.Quit()
			})
			// The worker records a message as fmt.Sprint gives it: the
			// turn is "{}", the approval "{shell ...}".
			if !strings.Contains(seen, "{shell") {
				t.Fatalf("the app saw %q, not the approval", seen)
			}
			if !c.refused {
				if len(errs) != 0 {
					t.Errorf("ordered, but refused: %q", errs)
				}
				if i, j := strings.Index(seen, "{}"), strings.Index(seen, "{shell"); i > j {
					t.Errorf("the app saw %q: the approval before the turn", seen)
				}
				return
			}
			t.Log(errs)
			if len(errs) != 1 || !strings.Contains(errs[0], "hostbridge.Sequence") ||
				!strings.Contains(errs[0], "TurnStarted") || !strings.Contains(errs[0], "ApprovalNeeded") {
				t.Errorf("errors = %q, want one naming both messages and hostbridge.Sequence", errs)
			}
		})
	}
}
