//go:build linux || darwin

package chattest

import (
	"slices"
	"testing"
)

// TestBarAndPings: the bar and the pings are read off the bytes on the
// wire, a sequence split across writes read once it is whole.
func TestBarAndPings(t *testing.T) {
	tests := []struct {
		in         []string // the writes
		bar, pings []string
	}{
		{[]string{""}, nil, nil},
		{[]string{"plain text"}, nil, nil},
		{[]string{"\x1b]9;4;3\x07"}, []string{"3"}, nil},
		{[]string{"\x1b]9;4;4;100\x1b\\x\x1b]9;hi there\x07"}, []string{"4;100"}, []string{"hi there"}},
		{[]string{"a\x1b[31mred\x1b[0m\x1b]9;4;0\x07b"}, []string{"0"}, nil},
		{[]string{"\x1b]9;4;3"}, nil, nil},     // unterminated: more to come
		{[]string{"\x1b]9;4;3\x1b"}, nil, nil}, // half a terminator
		{[]string{"\x1b]9;4;", "3\x1b", "\\"}, []string{"3"}, nil},
		{[]string{"\x1b]11;?\x1b\\"}, nil, nil},
		{[]string{"\x1b]9;x\x1b[Oq\x1b]9;y\x07"}, nil, []string{"y"}}, // broken one skipped
		{[]string{"\x1b]9;4;2;100\x07"}, []string{"2;100"}, nil},
		{[]string{"\x1b]9; 4;2 is text\x07"}, nil, []string{" 4;2 is text"}},
	}
	for _, tt := range tests {
		var c PTY
		for _, w := range tt.in {
			_, _ = c.term.Write([]byte(w))
		}
		if bar, pings := c.Progress(0), c.Pings(0); !slices.Equal(bar, tt.bar) || !slices.Equal(pings, tt.pings) {
			t.Errorf("%q: bar %q and pings %q, want %q and %q", tt.in, bar, pings, tt.bar, tt.pings)
		}
	}
	var c PTY
	_, _ = c.term.Write([]byte("\x1b]9;4;3\x07\x1b]9;hi\x07"))
	m := c.mark()
	_, _ = c.term.Write([]byte("\x1b]9;4;0\x07\x1b]9;bye\x07"))
	if bar, pings := c.Progress(m), c.Pings(m); !slices.Equal(bar, []string{"0"}) || !slices.Equal(pings, []string{"bye"}) {
		t.Errorf("since the mark: bar %q and pings %q, want [0] and [bye]", bar, pings)
	}
	if got := c.lastProgress(); got != "0" {
		t.Errorf("last progress %q, want 0", got)
	}
}

func TestMatchEnd(t *testing.T) {
	lines := []string{"terminal progress 0", "terminal bell", "terminal progress 3", `terminal ping "x"`, "terminal progress 0"}
	tests := []struct {
		mark int
		want []string
		end  int
	}{
		{0, nil, 0},
		{2, nil, 2},
		{0, []string{"3"}, 3},
		{0, []string{"0", "3", "0"}, 5},
		{1, []string{"3", "0"}, 5},
		{3, []string{"3"}, -1},
		{0, []string{"3", "3"}, -1},
	}
	for _, tt := range tests {
		if got := matchProgress(lines, tt.mark, tt.want); got != tt.end {
			t.Errorf("matchProgress(%d, %q) = %d, want %d", tt.mark, tt.want, got, tt.end)
		}
	}
	if !hasInOrder([]string{"a", "b", "c"}, []string{"a", "c"}) || hasInOrder([]string{"a"}, []string{"b"}) {
		t.Error("hasInOrder")
	}
}
