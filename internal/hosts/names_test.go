package hosts

import "testing"

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
		{"a-b", alnum, 3, false},
		{"é", func(rune) bool { return true }, 8, false}, // not ASCII, whatever keep says
		{"\xff", func(rune) bool { return true }, 8, false},
	} {
		if got := validName(tt.s, tt.keep, tt.max); got != tt.want {
			t.Errorf("validName(%q, max %d) = %v, want %v", tt.s, tt.max, got, tt.want)
		}
	}
}
