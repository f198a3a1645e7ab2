package core_test

import (
	"testing"

	"github.com/hostbridge/hostbridge/internal/core"
)

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
