package teatest_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"charm.land/bubbles/v2/cursor"
	"charm.land/bubbles/v2/spinner"
	"charm.land/bubbles/v2/textarea"
	tea "charm.land/bubbletea/v2"

	"github.com/hostbridge/hostbridge/internal/testsupport/kittest"
	hostbridge "github.com/hostbridge/hostbridge/teav2"
)

// The hard cases of following an app's Cmds are in internal/testsupport/kittest
// (cmds.go), shared with the v1 kit; they drive this kit through v2, on
// the worker app below.
var v2Cmds = kittest.Cmds[tea.Msg, tea.Model, tea.Cmd]{
	Version:        v2,
	Worker:         func(plan func(w *kittest.Work, msg tea.Msg) tea.Cmd) tea.Model { return newWorker(plan) },
	Work:           func(m tea.Model) *kittest.Work { return &m.(*worker).Work },
	Batch:          tea.Batch,
	Sequence:       tea.Sequence,
	Tick:           tea.Tick,
	Every:          tea.Every,
	Blink:          func(d time.Duration) tea.Cmd { c := cursor.New(); c.BlinkSpeed = d; return c.Blink() },
	IsKey:          func(msg tea.Msg) bool { _, ok := msg.(tea.KeyPressMsg); return ok },
	BridgeSequence: hostbridge.Sequence,
}

// worker is an app whose Cmds are set by the test: its Update runs plan
// for every message that is not the spinner's, textarea's or a key.
type worker struct {
	kittest.Work
	plan  func(w *kittest.Work, msg tea.Msg) tea.Cmd
	spin  spinner.Model
	input textarea.Model
}

func newWorker(plan func(w *kittest.Work, msg tea.Msg) tea.Cmd) *worker {
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
		return w, tea.Batch(cmd, w.plan(&w.Work, msg))
	case hostbridge.TurnStarted, hostbridge.ApprovalNeeded, hostbridge.TurnFailed, hostbridge.Idle,
		kittest.Step, kittest.Chunk, kittest.Done:
		w.Seen = append(w.Seen, fmt.Sprint(msg))
		return w, w.plan(&w.Work, msg)
	}
	w.input, cmd = w.input.Update(msg) // the blink's own messages
	return w, cmd
}

func (w *worker) View() tea.View {
	return tea.NewView(w.spin.View() + " " + w.input.View() + " " + strings.Join(w.Seen, ","))
}

func TestSettleFollowsAChain(t *testing.T) { kittest.SettleFollowsAChain(t, v2Cmds) }
func TestSettleFollowsBatchAndSequence(t *testing.T) {
	kittest.SettleFollowsBatchAndSequence(t, v2Cmds)
}
func TestWaitModelCoversTheCmdOfItsUpdate(t *testing.T) {
	kittest.WaitModelCoversTheCmdOfItsUpdate(t, v2Cmds)
}
func TestStepWaitsForTheAppNotTheClock(t *testing.T) {
	kittest.StepWaitsForTheAppNotTheClock(t, v2Cmds)
}
func TestSettleDoesNotWaitForTimers(t *testing.T)   { kittest.SettleDoesNotWaitForTimers(t, v2Cmds) }
func TestTimersWaitForWork(t *testing.T)            { kittest.TimersWaitForWork(t, v2Cmds) }
func TestSequenceBehindATimer(t *testing.T)         { kittest.SequenceBehindATimer(t, v2Cmds) }
func TestSettleNamesACmdThatNeverEnds(t *testing.T) { kittest.SettleNamesACmdThatNeverEnds(t, v2Cmds) }

// TestKeyNames: v2 names the space key "space".
func TestKeyNames(t *testing.T) {
	kittest.KeyNames(t, v2, func(got *[]string) tea.Model { return keys{got} },
		"enter|ctrl+c|y|alt+x|space|up|esc|alt+enter|é|a|space|b")
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

func TestBatchOfReportsFails(t *testing.T) { kittest.BatchOfReportsFails(t, v2Cmds) }
