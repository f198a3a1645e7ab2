package core

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// Clean makes hostile text safe in any host message (see bridge.Clean):
// a control could end a host's sequence early and let the rest reach the
// terminal; a bidi control can reorder what a user reads.
func Clean(s string, max int) string {
	s = window(s, max)
	if max <= 0 || max > len(s) {
		max = len(s) + 1 // never reached: a rune is at least a byte
	}
	// Whole sequences first, so no "[31m" is left; the loop drops the
	// controls and bidi runes ansi.Strip keeps.
	if strings.IndexByte(s, 0x1b) >= 0 {
		s = ansi.Strip(s)
	}
	var b strings.Builder
	b.Grow(min(len(s), 4*max))
	n, space := 0, false
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == utf8.RuneError && size <= 1:
			continue // invalid UTF-8
		case unicode.IsSpace(r):
			space = n > 0
			continue
		case r >= 0x20 && r < 0x7f: // printable ASCII, without the tables
		case invisible(r) || !unicode.IsGraphic(r):
			continue // controls, format (bidi, zero widths), unassigned, private use
		}
		if n >= max || space && n+1 >= max {
			return cut(b.String(), n, max)
		}
		if space {
			b.WriteByte(' ')
			n++
			space = false
		}
		b.WriteRune(r)
		n++
	}
	return b.String()
}

// Window bounds the bytes of capped text read (plus the runes kept): on the
// chat's goroutine a megabyte reply must cost what a short one does.
const Window = 16 << 10

func window(s string, max int) string {
	if max > 0 && max < len(s) && len(s) > Window+4*max { // max < len(s): no overflow
		return s[:Window+4*max] // a rune cut in two is invalid UTF-8, which Clean drops
	}
	return s
}

// cut ends s, n runes at its cap, with "…" within max. Not ansi.Truncate,
// which counts cells: runes bound the bytes a host is sent.
func cut(s string, n, max int) string {
	trimmed := strings.TrimRight(s, " ")
	n -= len(s) - len(trimmed)
	s = trimmed
	for n >= max && s != "" {
		_, size := utf8.DecodeLastRuneInString(s)
		s = s[:len(s)-size]
		n--
	}
	return strings.TrimRight(s, " ") + "…"
}

// invisible: a rune that draws nothing (default-ignorables such as the
// Hangul fillers, variation selectors, blank braille) could make a blank
// ping or hide what stands between words.
func invisible(r rune) bool {
	return r == '\u2800' || unicode.In(r, unicode.Other_Default_Ignorable_Code_Point, unicode.Variation_Selector)
}

// FirstWords is s's first non-blank line, cleaned, cut at a word to max
// runes with "…".
func FirstWords(s string, max int) string { return firstWords(s, max, nil) }

// ReplyWords is FirstWords for a markdown reply (see Plain).
func ReplyWords(s string, max int) string { return firstWords(s, max, Plain) }

func firstWords(s string, max int, tidy func(string) string) string {
	for line := range strings.Lines(window(s, max)) {
		line = Clean(line, 0)
		if tidy != nil {
			line = tidy(line)
		}
		if line == "" {
			continue
		}
		if max <= 0 || utf8.RuneCountInString(line) <= max {
			return line
		}
		// Cut at the last space that leaves room for the ellipsis.
		head, n := line, 0
		for i := range line { // i is where each rune starts
			if n == max-1 {
				head = line[:i]
				break
			}
			n++
		}
		if sp := strings.LastIndexByte(head, ' '); sp > len(head)/2 {
			head = head[:sp]
		}
		return strings.TrimRight(head, " ") + "…"
	}
	return ""
}
