package kitcore

import (
	"reflect"
	"strings"
	"testing"
	"time"
)

// A framework of the test's own, shaped as Bubble Tea's: a Msg, a Cmd, a
// BatchMsg and an unexported sequenceMsg in one package, and a clock.
type (
	Msg         any
	Cmd         func() Msg
	BatchMsg    []Cmd
	sequenceMsg []Cmd
)

func tick(d time.Duration, fn func() Msg) Cmd {
	return func() Msg { <-time.After(d); return fn() } // a clock, as tea.Tick is
}

// testFramework is the test's framework, learnt from its functions as a
// kit's is from Bubble Tea's.
var testFramework = frameworkOf(Program[Msg, Msg, Cmd]{
	Batch:    func(c ...Cmd) Cmd { return func() Msg { return BatchMsg(c) } },
	Sequence: func(c ...Cmd) Cmd { return func() Msg { return sequenceMsg(c) } },
	Clocks:   []Cmd{tick(0, nil)},
	QuitMsg:  quitMsg{},
}, nil)

type quitMsg struct{}

// sent records what the tracker sends into the "program".
type sent struct{ msgs []Msg }

func (s *sent) send(m Msg) { s.msgs = append(s.msgs, m) }

func testTracker(s *sent) *tracker[Msg, Cmd] {
	return newTracker[Msg, Cmd](testFramework, s.send, make(chan struct{}))
}

func msg(m Msg) Cmd { return func() Msg { return m } }

func busy(tr *tracker[Msg, Cmd]) int { n, _ := tr.busy(); return n }

// TestTrackCountsUntilDone: a Cmd counts from Track until its marker has
// been through the program (End), and its message goes in ahead of the
// marker.
func TestTrackCountsUntilDone(t *testing.T) {
	var s sent
	tr := testTracker(&s)
	c := tr.track(msg("hello"), nil)
	if busy(tr) != 1 {
		t.Fatalf("busy %d after Track, want 1", busy(tr))
	}
	if out := c(); out != nil {
		t.Errorf("the wrapped Cmd returned %v, want nil (it sends its message itself)", out)
	}
	if len(s.msgs) != 2 || s.msgs[0] != "hello" {
		t.Fatalf("sent %v, want the message then the marker", s.msgs)
	}
	done, ok := s.msgs[1].(cmdDone)
	if !ok {
		t.Fatalf("second message %T, want Done", s.msgs[1])
	}
	if busy(tr) != 1 {
		t.Errorf("busy %d before End", busy(tr))
	}
	_, idle := tr.busy()
	tr.end(done.ID)
	select {
	case <-idle:
	default:
		t.Error("idle not closed once nothing runs")
	}
	if tr.track(nil, nil) != nil {
		t.Error("Track(nil) is not nil")
	}
}

// TestTrackFollowsBatchAndSequence: the Cmds of a BatchMsg or sequenceMsg
// a Cmd returns are counted before it ends; a clock is not counted.
func TestTrackFollowsBatchAndSequence(t *testing.T) {
	for _, tt := range []struct {
		name string
		make func(...Cmd) Msg
	}{
		{"batch", func(c ...Cmd) Msg { return BatchMsg(c) }},
		{"sequence", func(c ...Cmd) Msg { return sequenceMsg(c) }},
	} {
		t.Run(tt.name, func(t *testing.T) {
			var s sent
			tr := testTracker(&s)
			out := tr.track(msg(tt.make(msg(1), msg(2))), nil)()
			if reflect.TypeOf(out) != reflect.TypeOf(tt.make()) {
				t.Fatalf("returned %T, want the same kind of message", out)
			}
			if n := busy(tr); n != 2 {
				t.Errorf("busy %d, want the 2 inner Cmds", n)
			}
			if !strings.Contains(tr.names(), "TestTrackFollowsBatchAndSequence") {
				t.Errorf("names %q do not say where the Cmds are", tr.names())
			}
			if _, ok := tr.followBatch([]Cmd{msg(1)}, nil); ok {
				t.Error("a slice of Cmds of another type followed as a batch")
			}
		})
	}
	var s sent
	tr := testTracker(&s)
	tr.track(tick(0, func() Msg { return "tick" }), nil)
	if n := busy(tr); n != 0 {
		t.Errorf("a clock counted: busy %d", n)
	}
}
