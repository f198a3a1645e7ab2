package bridge

import "github.com/hostbridge/hostbridge/internal/core"

// Clean makes text from a model or a tool safe to put in a notification,
// a window title or anything else a terminal or host shows, as hostbridge
// does with every message it sends: escape sequences, controls, invalid
// UTF-8, bidi controls and letters that draw nothing go; white space folds
// into single spaces and the ends are trimmed; the result is cut to max
// runes, ending with "…" (max <= 0: no cut).
func Clean(s string, max int) string { return core.Clean(s, max) }
