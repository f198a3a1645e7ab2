package settings

import (
	"strings"
	"testing"
)

func TestValidName(t *testing.T) {
	lower := func(r rune) bool { return r >= 'a' && r <= 'z' }
	for _, tt := range []struct {
		s    string
		keep func(rune) bool
		max  int
		want bool
	}{
		{"abc", lower, 3, true},
		{"", lower, 3, false},
		{"abcd", lower, 3, false},
		{"a_b", lower, 3, false}, // sanitize's own replacement, refused by keep
		{"a_b", func(r rune) bool { return lower(r) || r == '_' }, 3, true},
		{"aBc", lower, 3, false},
		{"a-b", Alnum, 3, false},
		{"é", func(rune) bool { return true }, 8, false}, // not ASCII, whatever keep says
		{"\xff", func(rune) bool { return true }, 8, false},
	} {
		if got := ValidName(tt.s, tt.keep, tt.max); got != tt.want {
			t.Errorf("ValidName(%q, max %d) = %v, want %v", tt.s, tt.max, got, tt.want)
		}
	}
}

func TestValidAgentAndSource(t *testing.T) {
	for _, tt := range []struct {
		s             string
		agent, source bool
	}{
		{"chat", true, true},
		{"my-chat_2.0", true, true},
		{"9lives", true, true},
		{"custom:chat", false, true},
		{"-a", false, true},
		{".x", false, true},
		{"", false, false},
		{"a b", false, false},
		{"día", false, false},
		{strings.Repeat("a", 64), true, true},
		{strings.Repeat("a", 65), false, true},
		{strings.Repeat("a", 81), false, false},
	} {
		if ValidAgent(tt.s) != tt.agent || ValidSource(tt.s) != tt.source {
			t.Errorf("%q: ValidAgent %v, ValidSource %v; want %v, %v", tt.s, ValidAgent(tt.s), ValidSource(tt.s), tt.agent, tt.source)
		}
	}
}
