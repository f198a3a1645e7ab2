package chatscript

import (
	"fmt"
	"strings"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"

	"github.com/hostbridge/hostbridge/bridge"
)

// dropped reports a rune bridge.Clean would remove: a control, a bidi
// control, an invisible letter. Spaces and line breaks are the caller's.
func dropped(r rune) bool { return bridge.Clean(string(r), 0) == "" }

// Escaped returns s with every rune bridge.Clean would remove (and every byte
// that is not UTF-8) written as a Go escape: what -doctor prints from the
// environment shows what is there and can neither command the terminal
// nor reorder the line.
func Escaped(s string) string {
	var b strings.Builder
	for i := 0; i < len(s); {
		r, size := utf8.DecodeRuneInString(s[i:])
		switch {
		case r == utf8.RuneError && size == 1:
			fmt.Fprintf(&b, `\x%02x`, s[i])
		case r == ' ' || !dropped(r):
			b.WriteString(s[i : i+size])
		case r < 0x80:
			fmt.Fprintf(&b, `\x%02x`, r)
		case r <= 0xffff:
			fmt.Fprintf(&b, `\u%04x`, r)
		default:
			fmt.Fprintf(&b, `\U%08x`, r)
		}
		i += size
	}
	return b.String()
}

// Shown returns text read from a file for the chat to show: escape
// sequences go whole, and so does every rune bridge.Clean would remove, but
// line breaks and spaces stay, so a transcript keeps its shape.
func Shown(s string) string {
	if strings.IndexByte(s, 0x1b) >= 0 {
		s = ansi.Strip(s)
	}
	return strings.Map(func(r rune) rune {
		switch {
		case r == '\n' || r == ' ':
			return r
		case r == '\t':
			return ' '
		case r == utf8.RuneError || dropped(r):
			return -1
		}
		return r
	}, s)
}
