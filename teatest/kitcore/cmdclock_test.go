package kitcore

import (
	"reflect"
	"testing"
	"time"

	"github.com/charmbracelet/bubbles/cursor"
	tea "github.com/charmbracelet/bubbletea"
)

// v1 is the framework learnt from Bubble Tea v1's own functions, as the
// v1 kit gives them, with a cursor's blink as the one extra clock.
func v1(t *testing.T) *framework {
	t.Helper()
	blink := cursor.New()
	return frameworkOf(Program[tea.Msg, tea.Model, tea.Cmd]{
		Batch: tea.Batch, Sequence: tea.Sequence, Tick: tea.Tick, Every: tea.Every,
		Clocks: []tea.Cmd{blink.BlinkCmd()}, QuitMsg: tea.QuitMsg{},
	}, nil)
}

type appMsg struct{}

// TestClockKnownByItsCode: the Cmds that tea.Tick, tea.Every and a
// cursor's BlinkCmd return wait on the clock, whatever their duration,
// function and model; an app's own Cmds, a closure that waits on a timer
// among them, and Bubble Tea's other Cmds do not.
func TestClockKnownByItsCode(t *testing.T) {
	fw := v1(t)
	other := cursor.New()
	other.BlinkSpeed = time.Hour
	for name, cmd := range map[string]tea.Cmd{
		"tea.Tick":         tea.Tick(time.Hour, func(time.Time) tea.Msg { return appMsg{} }),
		"tea.Every":        tea.Every(time.Minute, func(time.Time) tea.Msg { return appMsg{} }),
		"cursor.BlinkCmd":  other.BlinkCmd(),
		"tea.Tick, nil fn": tea.Tick(0, nil),
	} {
		if !fw.waitsOnClock(funcOf(cmd)) {
			t.Errorf("%s: not known to wait on the clock (%s)", name, describe(funcOf(cmd)))
		}
	}
	for name, cmd := range map[string]tea.Cmd{
		"an app's closure": func() tea.Msg { return appMsg{} },
		"an app's timer":   func() tea.Msg { <-time.After(time.Hour); return appMsg{} },
		"tea.Quit":         tea.Quit,
		"cursor.Blink":     cursor.Blink,
		"tea.Sequence":     tea.Sequence(tea.Quit, tea.Quit),
		"tea.Batch":        tea.Batch(tea.Quit, tea.Quit),
	} {
		if fw.waitsOnClock(funcOf(cmd)) {
			t.Errorf("%s: taken as waiting on the clock (%s)", name, describe(funcOf(cmd)))
		}
	}
	if fw.waitsOnClock(funcOf(tea.Cmd(nil))) {
		t.Error("a nil Cmd taken as waiting on the clock")
	}
}

// TestSequenceKnownByItsType: the message of tea.Sequence's Cmd is
// followed into as a sequence and tea.BatchMsg as a batch, each by the
// type its Cmd returns; a slice of Cmds of the app's own type, or an empty
// BatchMsg's type given as the other, is neither.
func TestSequenceKnownByItsType(t *testing.T) {
	fw := v1(t)
	if want := reflect.TypeOf(tea.Sequence(tea.Quit, tea.Quit)()); fw.sequence != want || want.Name() != "sequenceMsg" {
		t.Errorf("sequence type %v, want %v (Bubble Tea's unexported sequenceMsg)", fw.sequence, want)
	}
	if fw.batch != reflect.TypeFor[tea.BatchMsg]() {
		t.Errorf("batch type %v, want tea.BatchMsg", fw.batch)
	}
	var s sent
	tr := newTracker[tea.Msg, tea.Cmd](fw, func(m tea.Msg) { s.msgs = append(s.msgs, m) }, make(chan struct{}))
	noop := func() tea.Msg { return nil }
	if _, ok := tr.followSequence(tea.Sequence(noop, noop)(), nil); !ok {
		t.Error("tea.Sequence's message not followed")
	}
	if _, ok := tr.followBatch(tea.Batch(noop, noop)(), nil); !ok {
		t.Error("tea.Batch's message not followed")
	}
	type appCmds []tea.Cmd
	if _, ok := tr.followSequence(appCmds{noop}, nil); ok {
		t.Error("an app's slice of Cmds followed as a sequence")
	}
	if _, ok := tr.followSequence(tea.BatchMsg{noop}, nil); ok {
		t.Error("a tea.BatchMsg followed as a sequence")
	}
	if !fw.isFramework(tea.QuitMsg{}) || fw.isFramework(appMsg{}) {
		t.Error("Bubble Tea's package is not tea.QuitMsg's")
	}
}
