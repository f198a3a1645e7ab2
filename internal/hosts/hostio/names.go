package hostio

import (
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hostbridge/hostbridge/internal/core"
)

// Sanitize replaces each rune of s that keep refuses with '_' and cuts the
// result to max bytes: names a host takes, from the app's.
func Sanitize(s string, keep func(rune) bool, max int) string {
	s = strings.Map(func(r rune) rune {
		if r < utf8.RuneSelf && keep(r) {
			return r
		}
		return '_'
	}, s)
	return s[:min(len(s), max)] // one byte a rune
}

// HasControl reports whether s holds a control character.
func HasControl(s string) bool { return strings.IndexFunc(s, unicode.IsControl) >= 0 }

// Quote shows a rejected value in a diagnostic (a Problem, a config error):
// cleaned and cut, so the diagnostic never carries what made the value
// unusable (the control character, the escape sequence, the 10 KB).
func Quote(s string) string { return strconv.Quote(core.Clean(s, 80)) }
