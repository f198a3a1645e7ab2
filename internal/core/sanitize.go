package core

import (
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

// Clean makes hostile text safe in any host message: it removes escape
// sequences, controls (which could end a host's own sequence early and let
// the rest reach the terminal as commands), invalid UTF-8, bidi controls
// (which can reorder what a user reads) and letters that draw nothing;
// folds white space into single spaces, trims the ends, and caps the
// result at max runes, ending a cut one with "…" (max <= 0: no cap).
func Clean(s string, max int) string {
	s = window(s, max)
	if max <= 0 || max > len(s) {
		max = len(s) + 1 // never reached: a rune is at least a byte
	}
	// Whole sequences first, so that not even the "[31m" of one is left.
	// ansi.Strip keeps controls, C1 runes and bidi controls: the loop below
	// drops those.
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
		case r >= 0x20 && r < 0x7f: // printable ASCII, without the tables
		case invisible(r) || !unicode.IsGraphic(r):
			continue // controls, format (bidi, zero widths), unassigned, private use
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

// Window bounds the bytes of capped text that are read (plus room for the
// runes kept): cleaning runs on the chat's goroutine, and a megabyte reply
// must cost what a short one does.
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
// as many runes as it takes to stay within max. Not ansi.Truncate: the
// caps count runes (which bound the bytes a host is sent), Truncate counts
// terminal cells.
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

// FirstWords returns the first non-blank line of s, cleaned, cut at a word
// boundary so it fits in max runes (ending in "…" when cut). It is how a
// reply becomes a ping.
func FirstWords(s string, max int) string { return firstWords(s, max, nil) }

// ReplyWords is FirstWords for a reply, which is markdown: each line is
// read as Plain reads it, after Clean.
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
