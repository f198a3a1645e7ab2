//go:build linux || darwin

package chattest

import (
	"slices"
	"strconv"
	"strings"
)

// Reading the bar (OSC 9;4) and the pings (OSC 9) back from what the chat
// wrote to its pty, by position in the transcript of the PTY's
// hosttest.Terminal, a reader of the bytes on the wire that is not the
// code under test: "terminal progress 3", `terminal ping "text"`.

// progressOf reads a progress line: "terminal progress 3" gives "3",
// "terminal progress 4;100" gives "4;100".
func progressOf(line string) (string, bool) {
	return strings.CutPrefix(line, "terminal progress ")
}

// pingOf reads a ping line: `terminal ping "text"` gives "text".
func pingOf(line string) (string, bool) {
	quoted, ok := strings.CutPrefix(line, "terminal ping ")
	if !ok {
		return "", false
	}
	text, err := strconv.Unquote(quoted)
	return text, err == nil
}

// read returns what f reads from lines, in order.
func read(lines []string, f func(string) (string, bool)) []string {
	var out []string
	for _, l := range lines {
		if v, ok := f(l); ok {
			out = append(out, v)
		}
	}
	return out
}

// mark is the number of terminal lines so far: where the next check starts.
func (c *PTY) mark() int { return len(c.term.Transcript()) }

// waitProgress waits until the OSC 9;4 states written since mark include
// want, in order, and checks that nothing else was shown in between (a
// state repeated is one). It returns the mark after the last one.
func (c *PTY) waitProgress(mark int, want ...string) int {
	c.t.Helper()
	end := -1
	c.WaitFor("progress "+strings.Join(want, ", "), func([]byte) bool {
		end = matchProgress(c.term.Transcript(), mark, want)
		return end >= 0
	})
	got := read(c.term.Transcript()[mark:end], progressOf)
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
// lines[mark:], and returns the index after the last one, or -1.
func matchProgress(lines []string, mark int, want []string) int {
	if end := matchEnd(lines[mark:], want, progressOf); end >= 0 {
		return mark + end
	}
	return -1
}

// matchEnd finds want as a subsequence of what read reads from got (an
// element it cannot read is skipped), and returns the index in got after
// the last of them: 0 for no want, -1 when want is not all there.
func matchEnd(got, want []string, read func(string) (string, bool)) int {
	if len(want) == 0 {
		return 0
	}
	i := 0
	for j, g := range got {
		if v, ok := read(g); ok && v == want[i] {
			i++
			if i == len(want) {
				return j + 1
			}
		}
	}
	return -1
}

// Progress returns the OSC 9;4 states written since mark (0: all), in
// order.
func (c *PTY) Progress(mark int) []string {
	return read(c.term.Transcript()[mark:], progressOf)
}

// Pings returns the OSC 9 notifications written since mark (0: all).
func (c *PTY) Pings(mark int) []string {
	return read(c.term.Transcript()[mark:], pingOf)
}

// noBar checks that the terminal got no bar: in host, which shows the
// state itself.
func (c *PTY) noBar(host string) {
	c.t.Helper()
	if bar := c.Progress(0); len(bar) != 0 {
		c.t.Errorf("the terminal got a bar in %s: %q", host, bar)
	}
}

// lastProgress is the last OSC 9;4 state written.
func (c *PTY) lastProgress() string {
	if bar := c.Progress(0); len(bar) > 0 {
		return bar[len(bar)-1]
	}
	return ""
}
