//go:build linux || darwin

package chattest

import (
	"slices"
	"strings"
)

// Reading the bar (OSC 9;4) and the pings (OSC 9) back from what the chat
// wrote to its pty, by position in the stream of OSC sequences.

// mark is the number of OSC sequences so far: where the next check starts.
func (c *PTY) mark() int { return len(ScanOSC(c.Output())) }

// waitProgress waits until the OSC 9;4 states written since mark include
// want, in order, and checks that nothing else was shown in between (a
// state repeated is one). It returns the mark after the last one.
func (c *PTY) waitProgress(mark int, want ...string) int {
	c.t.Helper()
	end := -1
	c.WaitFor("progress "+strings.Join(want, ", "), func(out []byte) bool {
		end = matchProgress(ScanOSC(out), mark, want)
		return end >= 0
	})
	got := ProgressBetween(ScanOSC(c.Output()), mark, end)
	got = slices.Compact(got)
	if len(want) > 0 && want[0] != "0" {
		for len(got) > 0 && got[0] == "0" {
			got = got[1:] // the bar cleared at start, before anything else
		}
	}
	if !slices.Equal(got, want) {
		c.t.Errorf("progress states %q, want %q", got, want)
	}
	return end
}

// matchProgress finds want as a subsequence of the progress states in
// seqs[mark:], and returns the index after the last one, or -1.
func matchProgress(seqs []string, mark int, want []string) int {
	i := 0
	for j := mark; j < len(seqs); j++ {
		if i == len(want) {
			break
		}
		if p, ok := progressOf(seqs[j]); ok && p == want[i] {
			i++
			if i == len(want) {
				return j + 1
			}
		}
	}
	if len(want) == 0 {
		return mark
	}
	return -1
}

// ProgressBetween returns the OSC 9;4 states among seqs[from:to], in order.
func ProgressBetween(seqs []string, from, to int) []string {
	var out []string
	for _, s := range seqs[from:to] {
		if p, ok := progressOf(s); ok {
			out = append(out, p)
		}
	}
	return out
}

// pings returns the OSC 9 notifications written since mark.
func (c *PTY) pings(mark int) []string {
	var out []string
	for _, s := range ScanOSC(c.Output())[mark:] {
		if p, ok := PingOf(s); ok {
			out = append(out, p)
		}
	}
	return out
}

// lastProgress is the last OSC 9;4 state written.
func (c *PTY) lastProgress() string {
	seqs := ScanOSC(c.Output())
	for i := len(seqs) - 1; i >= 0; i-- {
		if p, ok := progressOf(seqs[i]); ok {
			return p
		}
	}
	return ""
}
