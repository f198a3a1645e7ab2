package bgquery

import (
	"strings"
	"testing"
)

// TestLate feeds input events, as Bubble Tea v1 cuts the bytes into
// messages, to what a terminal owes after a query that read nothing (or
// read a part): each event is taken whole or not at all, and only the
// answer's exact grammar is taken.
func TestLate(t *testing.T) {
	type ev struct {
		in          string
		taken, done bool
	}
	tests := []struct {
		name string
		read string // what the query read before the bound
		evs  []ev
	}{
		{"the whole answer, ST", "", []ev{
			{"\x1b]", true, false}, {"11;rgb:ffff/ffff/ffff", true, false}, {"\x1b\\", true, false}, {"\x1b[12;1R", true, true},
		}},
		{"the whole answer, BEL, 8-bit colour", "", []ev{
			{"\x1b]", true, false}, {"11;rgb:ff/ff/ff", true, false}, {"\a", true, false}, {"\x1b[1;2R", true, true},
		}},
		{"only the report (no OSC 11 support)", "", []ev{{"\x1b[24;80R", true, true}}},
		{"keys before the answer are the user's", "", []ev{
			{"hello", false, false}, {"\x1b[A", false, false}, {"\x1b]", true, false}, {"11;#fdf6e3\a\x1b[1;1R", true, true},
		}},
		{"a user's alt+] then text is not an answer", "", []ev{
			{"\x1b]", true, false}, {"hello", false, false},
		}},
		{"after the answer nothing is taken", "", []ev{
			{"\x1b[1;1R", true, true}, {"\x1b]", false, true},
		}},
		{"colour already read: only the report", "\x1b]11;rgb:0/0/0\a", []ev{
			{"\x1b]", false, false}, {"\x1b[3;4R", true, true},
		}},
		{"half the colour read", "junk\x1b]11;rgb:ff", []ev{
			{"ff/0/0", true, false}, {"\x1b\\", true, false}, {"\x1b[3;4R", true, true},
		}},
		{"strict: a space, a quote, a long colour", "", []ev{
			{"\x1b]", true, false}, {"11;rgb:ff ff", false, false}, {"11;'x'", false, false},
			{"11;" + strings.Repeat("f", 65), false, false}, {"11;" + strings.Repeat("f", 64), true, false},
		}},
		{"strict: empty colour, OSC 10, a report without digits", "", []ev{
			{"\x1b]11;\a", false, false}, {"\x1b]10;rgb:0/0/0\a", false, false}, {"\x1b[;R", false, false},
			{"\x1b[123456;1R", false, false}, {"\x1b[1R", false, false},
		}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			l := owedAfter([]byte(tt.read))
			if l == nil {
				t.Fatal("nothing owed")
			}
			for i, e := range tt.evs {
				taken, done := l.Feed([]byte(e.in))
				if taken != e.taken || done != e.done {
					t.Errorf("event %d %q: taken %v done %v, want %v %v", i, e.in, taken, done, e.taken, e.done)
				}
			}
		})
	}
	if owedAfter([]byte("\x1b]11;rgb:0/0/0\a\x1b[5;5R")) != nil {
		t.Error("owed after the whole answer")
	}
}

// FuzzLate: whatever input comes, in whatever pieces, the matcher never
// panics and takes an event whole or not at all.
func FuzzLate(f *testing.F) {
	f.Add([]byte("\x1b]11;rgb:ffff/ffff/ffff\x1b\\\x1b[7;1R"), []byte("hello\x1b]"), uint8(3))
	f.Add([]byte("\x1b]11;"), []byte("\x1b[1;"), uint8(1))
	f.Fuzz(func(t *testing.T, read, input []byte, cut uint8) {
		l := owedAfter(read)
		if l == nil {
			return
		}
		step := int(cut%16) + 1
		for i := 0; i < len(input); i += step {
			ev := input[i:min(i+step, len(input))]
			before := *l
			if taken, _ := l.Feed(ev); !taken && *l != before {
				t.Fatalf("event %q not taken, yet the state changed", ev)
			}
		}
	})
}
