package hostio

import (
	"strings"
	"unicode/utf8"
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
