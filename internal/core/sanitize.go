package core

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// Clean makes text from a model, a tool or the user safe to place in any
// host message: it removes every C0 and C1 control, DEL, invalid UTF-8,
// the invisible bidirectional controls that can reorder what a user reads
// and the letters that draw nothing (Hangul fillers, variation selectors,
// the blank braille pattern); it folds every run of white space (tabs and
// line breaks included) into one space, trims the ends, and caps the result
// at max runes, ending a cut string with "…". max <= 0 means no cap.
//
// What is removed can end an escape sequence early (BEL, ESC, ST as 0x9c)
// and let the rest reach the terminal as commands; nothing of it is needed
// to read a one-line message.
func Clean(s string, max int) string {
	s = window(s, max)
	if max <= 0 || max > len(s) {
		max = len(s) + 1 // never reached: a rune is at least a byte
	}
	// Whole escape sequences go first, so that a colour code or an OSC 52
	// clipboard write leaves nothing of itself (not even "[31m") behind.
	if strings.IndexByte(s, 0x1b) >= 0 {
		s = ansi.Strip(s)
	}
	var b strings.Builder
	b.Grow(min(len(s), 4*max))
	n := 0
	space := false
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		i += size
		switch {
		case r == utf8.RuneError && size <= 1:
			continue // invalid UTF-8
		case unicode.IsSpace(r):
			space = n > 0
			continue
		case r < 0x20 || (r >= 0x7f && r <= 0x9f):
			continue // C0, DEL, C1
		case r < 0x80: // printable ASCII: the tables below are for the rest
		case isBidiControl(r) || r == '\ufeff' || r == '\u200b' || invisible(r):
			continue
		case !unicode.IsPrint(r) && !unicode.IsGraphic(r):
			continue // unassigned, private-use, surrogate halves
		}
		if space {
			if n+1 >= max {
				return cut(b.String(), n, max)
			}
			b.WriteByte(' ')
			n++
			space = false
		}
		if n >= max {
			return cut(b.String(), n, max)
		}
		b.WriteRune(r)
		n++
	}
	return b.String()
}

// Window bounds the work of cleaning capped text: only the first
// Window bytes (plus room for the runes kept) are read. It runs on the
// chat's goroutine, and a megabyte reply or tool output must cost what a
// short one does; text past that much garbage is lost, not shown.
const Window = 16 << 10

func window(s string, max int) string {
	if max <= 0 || max >= len(s) {
		return s
	}
	if n := Window + 4*max; len(s) > n {
		return s[:n] // a rune cut in two is invalid UTF-8, which Clean drops
	}
	return s
}

// cut ends a string of n runes that reached its cap with "…", dropping
// as many runes as it takes to stay within max.
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

// invisible reports a letter or mark that draws nothing (Unicode's
// default-ignorable ones, such as the Hangul fillers, and the variation
// selectors) or the blank braille pattern: text made of them would show a
// blank ping, or hide what stands between visible words.
func invisible(r rune) bool {
	return r == '\u2800' || unicode.In(r, unicode.Other_Default_Ignorable_Code_Point, unicode.Variation_Selector)
}

func isBidiControl(r rune) bool {
	switch {
	case r == '\u061c', r == '\u200e', r == '\u200f':
		return true
	case r >= '\u202a' && r <= '\u202e':
		return true
	case r >= '\u2066' && r <= '\u2069':
		return true
	}
	return false
}

// FirstWords returns the first non-blank line of s, cleaned, cut at a word
// boundary so it fits in max runes (ending in "…" when cut). It is how a
// reply becomes a ping.
func FirstWords(s string, max int) string {
	for line := range strings.Lines(window(s, max)) {
		line = Clean(line, 0)
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
