package hostbridge

import (
	"reflect"
	"sync/atomic"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/hostbridge/hostbridge/internal/bgquery"
)

// lateAnswer is what the terminal still owes the background query that
// gave up first (a tmux that answered OSC 11 after 300 ms). Bubble Tea
// would hand it to the app as key presses; the first Model to see a
// message claims it.
var lateAnswer atomic.Pointer[bgquery.Late]

// lateHold bounds how long input that begins like the answer is held back:
// a terminal writes its answer at once, and a user's own alt+] is late by
// this much at worst.
const lateHold = 200 * time.Millisecond

// lateFilter drops the owed answer, which Bubble Tea v1 cuts into messages
// (runes, alt+], ctrl+g, an unknown CSI, F15 or alt+F3), while their bytes
// follow its grammar (bgquery.Late). One that does not fit is the user's,
// as is all held before it, handed on in order.
type lateFilter struct {
	owed  *bgquery.Late
	saved bgquery.Late // owed before the held messages
	held  []tea.Msg
	gen   int // the hold a lateRelease ends
}

// lateRelease ends a hold that did not complete in time.
type lateRelease struct{ gen int }

// updateLate is Update while the terminal owes the answer.
func (m *Model) updateLate(msg tea.Msg) tea.Cmd {
	if m.late == nil {
		owed := lateAnswer.Swap(nil)
		if owed == nil {
			return m.update(msg) // another model claimed it
		}
		m.late = &lateFilter{owed: owed}
	}
	pass, cmd := m.late.filter(msg)
	if m.late.done() {
		m.late = nil
	}
	cmds := []tea.Cmd{cmd}
	for _, p := range pass {
		cmds = append(cmds, m.update(p))
	}
	return tea.Batch(cmds...)
}

// filter returns the messages to hand on now, and a new hold's timer.
func (f *lateFilter) filter(msg tea.Msg) (pass []tea.Msg, cmd tea.Cmd) {
	if r, ok := msg.(lateRelease); ok {
		if r.gen != f.gen {
			return nil, nil
		}
		return f.unhold(), nil // it stopped half-way: it was the user's
	}
	b, input := inputBytes(msg)
	if !input {
		return []tea.Msg{msg}, nil
	}
	if len(f.held) == 0 {
		f.saved = *f.owed
	}
	if taken, done := f.owed.Feed(b); taken {
		if done {
			f.held = nil // the whole answer: none of it reaches the app
			return nil, nil
		}
		f.held = append(f.held, msg)
		if len(f.held) > 1 {
			return nil, nil
		}
		f.gen++
		gen := f.gen
		return nil, tea.Tick(lateHold, func(time.Time) tea.Msg { return lateRelease{gen} })
	}
	if len(f.held) == 0 {
		return []tea.Msg{msg}, nil
	}
	pass = f.unhold()
	rest, cmd := f.filter(msg) // it may begin the answer itself
	return append(pass, rest...), cmd
}

// unhold gives the held messages back, and the answer's state before them.
func (f *lateFilter) unhold() []tea.Msg {
	*f.owed = f.saved
	held := f.held
	f.held = nil
	f.gen++
	return held
}

// done reports whether the answer has come whole.
func (f *lateFilter) done() bool { return f.owed.Done() && len(f.held) == 0 }

// inputBytes returns the bytes an input message came from, as far as the
// answer could be among them.
func inputBytes(msg tea.Msg) (b []byte, input bool) {
	if k, ok := msg.(tea.KeyMsg); ok {
		return keyBytes(tea.Key(k)), true
	}
	if b, ok := unknownCSI(msg); ok {
		return b, true
	}
	if v := reflect.ValueOf(msg); v.IsValid() && v.Kind() == reflect.Uint8 && isTeaType(v.Type(), "unknownInputByteMsg") {
		return []byte{byte(v.Uint())}, true
	}
	return nil, false
}

// keyBytes is what Bubble Tea v1 read to make k, where it can be part of
// the answer.
func keyBytes(k tea.Key) []byte {
	var b []byte
	if k.Alt {
		b = append(b, 0x1b)
	}
	switch {
	case k.Paste:
		return nil // pasted: the user's
	case k.Type == tea.KeyRunes:
		return append(b, string(k.Runes)...)
	case k.Type >= 0 && k.Type < 0x20:
		return append(b, byte(k.Type)) // BEL is ctrl+g, ESC is escape
	case k.Type == tea.KeyF15 && !k.Alt:
		return []byte("\x1b[1;2R") // a cursor report, row 1 column 2
	case k.Type == tea.KeyF3 && k.Alt:
		return []byte("\x1b[1;3R") // row 1 column 3
	}
	return nil
}

// unknownCSI returns the bytes of Bubble Tea v1's unexported message for a
// CSI sequence it did not recognise.
func unknownCSI(msg tea.Msg) ([]byte, bool) {
	t := reflect.TypeOf(msg)
	if t == nil || t.Kind() != reflect.Slice || t.Elem().Kind() != reflect.Uint8 ||
		!isTeaType(t, "unknownCSISequenceMsg") {
		return nil, false
	}
	return reflect.ValueOf(msg).Bytes(), true
}

func isTeaType(t reflect.Type, name string) bool {
	return t.Name() == name && t.PkgPath() == "github.com/charmbracelet/bubbletea"
}
