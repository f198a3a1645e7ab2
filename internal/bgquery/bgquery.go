// Package bgquery learns the terminal's background colour (OSC 11) where
// Bubble Tea v1 could not, and knows who can be asked.
//
// Bubble Tea v1's init asks through lipgloss and termenv before main, but
// termenv skips the query inside tmux and GNU screen, and would wait 5 s a
// byte on a silent terminal. Decide replicates termenv's conditions, so a
// program asks only where termenv could not and a multiplexer answers
// OSC 11 itself; Query asks that one once, before Bubble Tea takes the
// terminal (its input reader would take the reply for keys), bounded in
// time, with the cursor position report (CSI 6n) as a sentinel, so a
// terminal that ignores OSC 11 costs one round trip, not the bound.
package bgquery

import (
	"errors"
	"time"
)

// DefaultTimeout bounds a Query: a terminal on the same machine answers
// in well under a millisecond; 150 ms leaves room for a slow ssh link
// without a visible stall at start-up.
const DefaultTimeout = 150 * time.Millisecond

// Errors from Query; callers fall back on any of them.
var (
	ErrUnsupported   = errors.New("bgquery: not supported on this platform")
	ErrNotTerminal   = errors.New("bgquery: not a terminal")
	ErrNotForeground = errors.New("bgquery: not in the terminal's foreground process group") // asking would stop the process (SIGTTOU)
	ErrNoOSC11       = errors.New("bgquery: terminal does not answer OSC 11")                // the CPR came alone (tmux 3.3a)
	ErrBadReply      = errors.New("bgquery: unreadable OSC 11 reply")
	ErrTimeout       = errors.New("bgquery: no reply in time")
)
