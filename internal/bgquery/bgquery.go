// Package bgquery learns the terminal's background colour (OSC 11) where
// Bubble Tea v1's termenv did not ask (inside tmux and GNU screen): [Decide]
// says who can answer, [Query] asks once, bounded, before Bubble Tea's input
// reader could take the reply for keys.
package bgquery

import "time"

// DefaultTimeout bounds a Query: a local terminal answers in well under a
// millisecond; 150 ms leaves room for a slow ssh link, with no visible stall.
const DefaultTimeout = 150 * time.Millisecond
