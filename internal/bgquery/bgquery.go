// Package bgquery asks a terminal for its background colour (OSC 11) and
// knows who can be asked.
//
// The question is asked at most once, before Bubble Tea takes the terminal:
// once Program.Run has started, Bubble Tea's input reader would eat the reply
// and hand it to the app as key presses. Query is bounded in time even when
// nothing answers, uses the cursor position report (CSI 6n) as a sentinel so
// a terminal that ignores OSC 11 costs one round trip instead of the whole
// bound, and always restores the terminal's mode.
//
// Decide replicates termenv's own conditions for asking, so that a program
// that imports Bubble Tea v1 (whose init already asked through lipgloss) asks
// only where termenv could not: inside a multiplexer that answers OSC 11
// itself.
package bgquery

import (
	"errors"
	"time"
)

// DefaultTimeout bounds a Query whose caller gives no timeout. A terminal on
// the same machine answers in well under a millisecond; 150 ms leaves room
// for a slow ssh link without a visible stall at start-up.
const DefaultTimeout = 150 * time.Millisecond

// Sentinel errors from Query; callers fall back on any of them.
var (
	// ErrUnsupported: this platform has no termios; nothing was asked.
	ErrUnsupported = errors.New("bgquery: not supported on this platform")
	// ErrNotTerminal: the file is not a terminal; nothing was asked.
	ErrNotTerminal = errors.New("bgquery: not a terminal")
	// ErrNotForeground: the process is not in the terminal's foreground
	// process group, so touching the terminal would stop it (SIGTTOU);
	// nothing was asked.
	ErrNotForeground = errors.New("bgquery: not in the terminal's foreground process group")
	// ErrNoOSC11: the terminal answered the cursor position report but not
	// OSC 11 (tmux 3.3a does this): it cannot tell its background.
	ErrNoOSC11 = errors.New("bgquery: terminal does not answer OSC 11")
	// ErrBadReply: an OSC 11 reply arrived but its colour could not be read.
	ErrBadReply = errors.New("bgquery: unreadable OSC 11 reply")
	// ErrTimeout: no complete reply arrived within the bound.
	ErrTimeout = errors.New("bgquery: no reply in time")
)
