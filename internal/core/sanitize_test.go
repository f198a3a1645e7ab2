package core_test

import (
	"math"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/hostbridge/hostbridge/internal/core"
)

func TestClean(t *testing.T) {
	mb := strings.Repeat("a", 1<<20)
	tests := []struct {
		name string
		in   string
		max  int
		want string
	}{
		{"empty", "", 10, ""},
		{"plain", "hello", 10, "hello"},
		{"white space folds and trims", "  a \t b\n\r\nc  ", 0, "a b c"},
		{"C0, DEL, a lone ESC", "a\x00\x01\x07\x7fb\x1b", 0, "ab"},
		{"ESC swallows the escape it starts", "a\x1b\x07\x7fb", 0, "a"},
		{"colour codes vanish whole", "\x1b[31mError\x1b[0m: boom", 0, "Error: boom"},
		{"C1 runes", "a\u0080\u009b\u009c\u009fb", 0, "ab"},
		{"NEL is a line break", "a\u0085b", 0, "a b"},
		{"invalid UTF-8", "a\xffb\xc3", 0, "ab"},
		{"a raw ST byte", "a\x9cb", 0, "ab"},
		{"U+FFFD itself stays", "a\uFFFDb", 0, "a\uFFFDb"},
		{"escape sequences vanish whole", "\x1b]52;c;Zm9v\x07\x1b[2J", 0, ""},
		{"a C1 CSI rune is dropped, not parsed", "a\u009b2Jb", 0, "a2Jb"},
		{"bidi controls", "\u202eevil\u202c \u2066x\u2069\u200e\u200f\u061c", 0, "evil x"},
		{"zero width and BOM", "a\u200bb\ufeffc", 0, "abc"},
		{"other format characters", "a\u00adb\u2060c\U000E0041d", 0, "abcd"},
		{"private use", "a\ue000b", 0, "ab"},
		{"NBSP and line separators", "a\u00a0b\u2028c\u2029d", 0, "a b c d"},
		{"text kept", "¿Borrar «main»? 🚀 e\u0301", 0, "¿Borrar «main»? 🚀 e\u0301"},
		{"under the cap", "abc", 3, "abc"},
		{"cut", "abcdef", 3, "ab…"},
		{"cut counts runes", "héllo wörld", 5, "héll…"},
		{"cut drops a space before the ellipsis", "ab cd", 4, "ab…"},
		{"cut at a space keeps the word", "ab cd", 3, "ab…"},
		{"trailing space is no reason to cut", "abc   ", 3, "abc"},
		{"removed bytes are no reason to cut", "abc\x00\x1b\u200b", 3, "abc"},
		{"cap 1", "ab", 1, "…"},
		{"cap 1, fits", "a", 1, "a"},
		{"no cap", mb, 0, mb},
		{"1 MB capped", mb, 100, strings.Repeat("a", 99) + "…"},
		{"only controls", "\x1b\x07\x00\u202e", 5, ""},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := core.Clean(tt.in, tt.max); got != tt.want {
				t.Errorf("Clean(%.40q, %d)\n got %.60q\nwant %.60q", tt.in, tt.max, got, tt.want)
			}
		})
	}
}

// "max <= 0 means no cap", says Clean's doc. A negative cap below -2 (or a
// cap above math.MaxInt/4) makes Clean panic: it grows its builder by
// min(len(s), 4*max+8), which is then negative.
func TestCleanAnyCap(t *testing.T) {
	for _, max := range []int{-1, -2, -3, -100, math.MinInt, math.MaxInt/4 + 1, math.MaxInt} {
		func() {
			defer func() {
				if r := recover(); r != nil {
					t.Errorf("Clean(%q, %d) panics: %v", "x y", max, r)
				}
			}()
			if got := core.Clean("x y", max); got != "x y" {
				t.Errorf("Clean(%q, %d) = %q, want it whole", "x y", max, got)
			}
		}()
	}
}

func TestFirstWords(t *testing.T) {
	tests := []struct {
		name string
		in   string
		max  int
		want string
	}{
		{"empty", "", 10, ""},
		{"blank lines only", "\n \n\t\n", 10, ""},
		{"first line", "first line\nsecond", 0, "first line"},
		{"skips blank lines", "\n\n  hello   world \nnext", 0, "hello world"},
		{"a line of controls is blank", "\x1b\x07\u202e\n real", 0, "real"},
		{"CRLF", "line one\r\nline two", 0, "line one"},
		{"fits", "hello world", 11, "hello world"},
		{"cut at a word", "hello world foo", 8, "hello…"},
		{"no word boundary late enough", "a bcdefghijk", 6, "a bcd…"},
		{"one long word", "abcdefghij", 5, "abcd…"},
		{"cap 1", "hello world", 1, "…"},
		{"runes, not bytes", "día de sol", 6, "día…"},
		{"no cap", strings.Repeat("word ", 1000), 0, strings.TrimSpace(strings.Repeat("word ", 1000))},
		{"hostile first line", "\x1b]0;pwned\x07done.\nrest", 0, "done."},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := core.FirstWords(tt.in, tt.max); got != tt.want {
				t.Errorf("FirstWords(%.40q, %d)\n got %q\nwant %q", tt.in, tt.max, got, tt.want)
			}
		})
	}
}

// checkClean holds what every cleaned string must be: valid UTF-8, no C0,
// DEL or C1 control, no bidi control, trimmed, single-spaced, within max
// runes when max > 0.
func checkClean(t *testing.T, fn string, in, out string, max int) {
	t.Helper()
	if !utf8.ValidString(out) {
		t.Fatalf("%s(%q, %d) = %q: invalid UTF-8", fn, in, max, out)
	}
	for i, r := range out {
		if r < 0x20 || r == 0x7f || (r >= 0x80 && r <= 0x9f) || isBidi(r) {
			t.Fatalf("%s(%q, %d) = %q: %U at %d", fn, in, max, out, r, i)
		}
	}
	if max > 0 && utf8.RuneCountInString(out) > max {
		t.Fatalf("%s(%q, %d) = %q: %d runes", fn, in, max, out, utf8.RuneCountInString(out))
	}
	if strings.HasPrefix(out, " ") || strings.HasSuffix(out, " ") || strings.Contains(out, "  ") {
		t.Fatalf("%s(%q, %d) = %q: spaces not folded", fn, in, max, out)
	}
}

// isBidi lists the bidirectional controls apart from the code under test.
func isBidi(r rune) bool {
	return r == 0x061c || r == 0x200e || r == 0x200f ||
		(r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069)
}

func FuzzClean(f *testing.F) {
	for _, s := range []string{
		"", "hello world", "a\x1b]52;c;Zm9v\x07b", "\xc2\x9c\x9c", "\u202eabc\u2066", " \t\n a ",
		"héllo wörld", "ab cd", "\xff\xfe\xfd", "\U0010FFFF\ue000", "a\u0085b\u2028c",
	} {
		f.Add(s, 5)
		f.Add(s, 0)
	}
	f.Fuzz(func(t *testing.T, s string, max int) {
		max = int(uint(max) % 300) // caps from none to long; negative caps: TestCleanAnyCap
		out := core.Clean(s, max)
		checkClean(t, "Clean", s, out, max)
		if again := core.Clean(out, max); again != out {
			t.Fatalf("Clean is not idempotent: %q -> %q -> %q", s, out, again)
		}
	})
}

func FuzzFirstWords(f *testing.F) {
	for _, s := range []string{"", "a\nb", "\n\x1b\n word word word", "one two three four", "\u202e\n\u2066x"} {
		f.Add(s, 7)
	}
	f.Fuzz(func(t *testing.T, s string, max int) {
		max = int(uint(max) % 300)
		out := core.FirstWords(s, max)
		checkClean(t, "FirstWords", s, out, max)
		if strings.Contains(out, "\n") {
			t.Fatalf("FirstWords(%q) = %q: more than a line", s, out)
		}
	})
}

// Letters that draw nothing must not reach a host: a ping or a blocked
// message made of them would look blank (or hide words between visible
// ones). These are Unicode's default-ignorable letters and marks, the
// variation selectors and the blank braille pattern.
func TestCleanRemovesInvisibleLetters(t *testing.T) {
	invisible := []rune{
		'\u3164', '\u115F', '\u1160', '\uFFA0', // Hangul fillers
		'\u2800',           // braille pattern blank
		'\u17B4', '\u17B5', // Khmer inherent vowels
		'\u034F',                     // combining grapheme joiner
		'\u180B', '\u180C', '\u180D', // Mongolian variation selectors
		'\uFE00', '\uFE0F', '\U000E0100', // variation selectors
		'\U000E0001', '\U000E0080', // tags and unassigned ignorables
	}
	for _, r := range invisible {
		s := string([]rune{r, r, r})
		if got := core.Clean(s, 100); got != "" {
			t.Errorf("Clean(%q) = %q, want nothing", s, got)
		}
		if got := core.Clean("a"+string(r)+"b", 100); got != "ab" {
			t.Errorf("Clean(a %U b) = %q, want ab", r, got)
		}
		if got := core.FirstWords(string(r)+"\n"+string(r)+" reply", 100); got != "reply" {
			t.Errorf("FirstWords with %U = %q, want reply", r, got)
		}
	}
	// Visible text around them is kept as it is.
	if got := core.Clean("한글 ⠁ e\u0301 🚀", 0); got != "한글 ⠁ e\u0301 🚀" {
		t.Errorf("visible text changed: %q", got)
	}
}
