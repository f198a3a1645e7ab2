package hostbridge

import (
	"reflect"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/hostbridge/hostbridge/host"
)

// Sequence's messages reach the app's model one by one, in order, and the
// host is told each state in that order; the Cmds the app returns for them
// come back batched.
func TestSequenceUnpacksInOrder(t *testing.T) {
	var got []tea.Msg
	tick := func() tea.Msg { return "tick" }
	m, rec := wrapRecorded(t, echo{got: &got, cmd: tick})
	m.Init()
	want := []tea.Msg{TurnStarted{}, "between", ApprovalNeeded{Tool: "shell", Action: "git push"}}
	cmd := Sequence(want[0], nil, want[1], want[2])
	_, out := m.Update(cmd())
	if !reflect.DeepEqual(got, want) {
		t.Errorf("the app saw %#v, want %#v", got, want)
	}
	batch, ok := out().(tea.BatchMsg)
	if !ok || len(batch) != len(want) {
		t.Fatalf("Cmd = %#v, want a batch of the app's %d Cmds", out, len(want))
	}
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	// The Recorder takes each report at once, but the worker may still
	// coalesce a state queued behind another: only the last is certain.
	reps := rec.Reports()
	var last host.State
	for _, r := range reps {
		if r.Kind == host.KindState {
			last = r.State
		}
	}
	if last != host.Blocked {
		t.Errorf("reports %s: the last state is not blocked", kinds(reps))
	}
}

func TestSequenceOfNothingIsNil(t *testing.T) {
	if Sequence() != nil || Sequence(nil, nil) != nil {
		t.Error("an empty Sequence is not nil")
	}
}

// A tea.Quit returned for one of the messages still runs the exit first.
func TestSequenceKeepsTheExit(t *testing.T) {
	var got []tea.Msg
	m, rec := wrapRecorded(t, echo{got: &got, cmd: tea.Quit})
	m.Init()
	_, out := m.Update(Sequence(TurnStarted{})())
	if _, ok := out().(tea.QuitMsg); !ok {
		t.Fatalf("Cmd gave %T, want tea.QuitMsg", out())
	}
	if reps := rec.Reports(); reps[len(reps)-1].Kind != host.KindExit {
		t.Errorf("no exit before the quit: %s", kinds(reps))
	}
}
