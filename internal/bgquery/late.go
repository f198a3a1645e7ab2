package bgquery

import "github.com/charmbracelet/x/ansi"

// Late is what a terminal still owes when a Query gave up first: the rest
// of the OSC 11 reply and the cursor position report after it, which
// Bubble Tea would take for keys. It walks that strict grammar byte by byte
// and takes an input event whole or not at all, which x/ansi's decoder,
// made for whole sequences, does not. The zero Late owes the whole answer.
// Not safe for concurrent use.
type Late struct {
	st     lateState
	n      int  // characters in the current colour or number
	oscEnd bool // the OSC 11 reply came: only the report may follow
}

type lateState uint8

const (
	lateStart lateState = iota // expect ESC
	lateEsc                    // expect ] (the reply) or [ (the report)
	lateIntro                  // expect "11;", n of it seen
	lateSpec                   // colour characters, BEL or ESC
	lateST                     // expect \ after ESC
	lateRow                    // digits, then ;
	lateCol                    // digits, then R
	lateDone                   // the whole answer came: nothing more
)

const maxSpec, maxNum = 64, 5 // a colour's characters, a position's digits

// owedAfter is what is still owed once read was all that came; nil when
// the cursor position report, the answer's end, was in it. Keys typed
// meanwhile are skipped.
func owedAfter(read []byte) *Late {
	l := &Late{}
	for _, c := range read {
		if !l.step(c) {
			*l = Late{oscEnd: l.oscEnd}
			l.step(c) // this byte may start the answer again (an ESC)
		}
		if l.st == lateDone {
			return nil
		}
	}
	return l
}

// Feed takes one input event's bytes if they all continue the owed answer,
// and says whether it is complete; otherwise they are the user's.
func (l *Late) Feed(b []byte) (taken, complete bool) {
	if l.st == lateDone || len(b) == 0 {
		return false, l.st == lateDone
	}
	saved := *l
	for _, c := range b {
		if !l.step(c) {
			*l = saved
			return false, false
		}
	}
	return true, l.st == lateDone
}

// Done reports whether the whole answer has arrived.
func (l *Late) Done() bool { return l.st == lateDone }

// step advances by one byte; false when c cannot come next.
func (l *Late) step(c byte) bool {
	switch {
	case l.st == lateStart && c == ansi.ESC:
		l.st = lateEsc
	case l.st == lateEsc && c == ']' && !l.oscEnd:
		l.st, l.n = lateIntro, 0
	case l.st == lateEsc && c == '[':
		l.st, l.n = lateRow, 0
	case l.st == lateIntro && c == "11;"[l.n]:
		if l.n++; l.n == 3 {
			l.st, l.n = lateSpec, 0
		}
	case l.st == lateSpec && c == ansi.BEL && l.n > 0, l.st == lateST && c == '\\':
		l.st, l.oscEnd = lateStart, true
	case l.st == lateSpec && c == ansi.ESC && l.n > 0:
		l.st = lateST
	case l.st == lateSpec && specChar(c) && l.n < maxSpec,
		(l.st == lateRow || l.st == lateCol) && c >= '0' && c <= '9' && l.n < maxNum:
		l.n++
	case l.st == lateRow && c == ';' && l.n > 0:
		l.st, l.n = lateCol, 0
	case l.st == lateCol && c == 'R' && l.n > 0:
		l.st = lateDone
	default:
		return false
	}
	return true
}

func specChar(c byte) bool {
	return c >= '0' && c <= '9' || c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c == ':' || c == '/' || c == '#' || c == '.'
}
