package teatest_test

import (
	"fmt"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/spinner"
	"github.com/charmbracelet/bubbles/textarea"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/hostbridge/hostbridge"
	"github.com/hostbridge/hostbridge/internal/testsupport/kittest"
)

// The hard cases of following an app's Cmds are in internal/testsupport/kittest
// (cmds.go), shared with the v2 kit; they drive this kit through v1, on
// the worker app below.
var v1Cmds = kittest.Cmds[tea.Msg, tea.Model, tea.Cmd]{
	Version:        v1,
	Worker:         func(plan func(w *kittest.Work, msg tea.Msg) tea.Cmd) tea.Model { return newWorker(plan) },
	Work:           func(m tea.Model) *kittest.Work { return &m.(*worker).Work },
	Batch:          tea.Batch,
	Sequence:       tea.Sequence,
	Tick:           tea.Tick,
	Every:          tea.Every,
	Blink:          func(d time.Duration) tea.Cmd { c := cursor.New(); c.BlinkSpeed = d; return c.BlinkCmd() },
	IsKey:          func(msg tea.Msg) bool { _, ok := msg.(tea.KeyMsg); return ok },
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
	w.input.Focus()
	// Fast timers: many ticks race the kit's waits, and the last one's
	// goroutine, which outlives the program until it fires (Bubble Tea
	// cannot cancel a Cmd), is gone before goleak looks.
	w.spin.Spinner.FPS = 2 * time.Millisecond
	w.input.Cursor.BlinkSpeed = 3 * time.Millisecond
	return w
}

func (w *worker) Init() tea.Cmd { return tea.Batch(w.spin.Tick, textarea.Blink) }

func (w *worker) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	var cmd tea.Cmd
	switch msg.(type) {
	case spinner.TickMsg:
		w.spin, cmd = w.spin.Update(msg) // ticks for ever
		return w, cmd
	case tea.KeyMsg:
		w.input, cmd = w.input.Update(msg) // restarts the blink
		if msg.(tea.KeyMsg).Type != tea.KeyEnter {
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

func (w *worker) View() string {
	return w.spin.View() + " " + w.input.View() + " " + strings.Join(w.Seen, ",")
}

func TestSettleFollowsAChain(t *testing.T) { kittest.SettleFollowsAChain(t, v1Cmds) }
func TestSettleFollowsBatchAndSequence(t *testing.T) {
	kittest.SettleFollowsBatchAndSequence(t, v1Cmds)
}
func TestWaitModelCoversTheCmdOfItsUpdate(t *testing.T) {
	kittest.WaitModelCoversTheCmdOfItsUpdate(t, v1Cmds)
}
func TestStepWaitsForTheAppNotTheClock(t *testing.T) {
	kittest.StepWaitsForTheAppNotTheClock(t, v1Cmds)
}
func TestSettleDoesNotWaitForTimers(t *testing.T)   { kittest.SettleDoesNotWaitForTimers(t, v1Cmds) }
func TestTimersWaitForWork(t *testing.T)            { kittest.TimersWaitForWork(t, v1Cmds) }
func TestSequenceBehindATimer(t *testing.T)         { kittest.SequenceBehindATimer(t, v1Cmds) }
func TestSettleNamesACmdThatNeverEnds(t *testing.T) { kittest.SettleNamesACmdThatNeverEnds(t, v1Cmds) }

// TestKeyNames: v1 names the space key " ".
func TestKeyNames(t *testing.T) {
	kittest.KeyNames(t, v1, func(got *[]string) tea.Model { return keys{got} },
		"enter|ctrl+c|y|alt+x| |up|esc|alt+enter|é|a| |b")
}

// keys records the keys it gets (and does not quit on ctrl+c).
type keys struct{ got *[]string }

func (keys) Init() tea.Cmd { return nil }
func (k keys) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if key, ok := msg.(tea.KeyMsg); ok {
		*k.got = append(*k.got, key.String())
	}
	return k, nil
}
func (keys) View() string { return "" }

func TestBatchOfReportsFails(t *testing.T) { kittest.BatchOfReportsFails(t, v1Cmds) }
