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

import "time"

// DefaultTimeout bounds a Query: a terminal on the same machine answers
// in well under a millisecond; 150 ms leaves room for a slow ssh link
// without a visible stall at start-up.
const DefaultTimeout = 150 * time.Millisecond
