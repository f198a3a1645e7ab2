//go:build unix

package bridge_test

import (
	"fmt"
	"regexp"
	"strings"
	"sync"
	"unicode/utf8"
)

// capture is a terminal that keeps every byte written to it. It is safe
// for concurrent use.
type capture struct {
	mu  sync.Mutex
	raw []byte
}

func (c *capture) Write(p []byte) (int, error) {
	c.mu.Lock()
	c.raw = append(c.raw, p...)
	c.mu.Unlock()
	return len(p), nil
}

func (c *capture) Bytes() []byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]byte(nil), c.raw...)
}

// stream is a terminal byte stream read the strict way: text, and OSC
// sequences (ESC ] ... BEL or ESC \). It is written here, apart from the
// backend and from teatest's capture, so the test does not read the
// bytes with the code that wrote them.
type stream struct {
	// OSC holds each OSC body, in order.
	OSC []string
	// Bad lists every byte that is a control outside an OSC, or that would
	// end or corrupt one: each would reach the terminal as a command.
	Bad []string
}

// readStream reads b. Outside an OSC only printable UTF-8 text may
// appear; inside one, anything but C0, DEL and the terminators is kept in
// the body (checked afterwards by oscClean).
func readStream(b []byte) stream {
	var s stream
	bad := func(i int, what string) {
		lo := max(0, i-8)
		s.Bad = append(s.Bad, fmt.Sprintf("%s at %d (near %q)", what, i, b[lo:min(len(b), i+8)]))
	}
	for i := 0; i < len(b); {
		c := b[i]
		switch {
		case c == 0x1b && i+1 < len(b) && b[i+1] == ']':
			// As a terminal does: BEL or ST ends the OSC; any other ESC
			// aborts it and starts the next sequence.
			end, body, next := -1, i+2, len(b)
			for j := body; j < len(b); j++ {
				if b[j] == 0x07 {
					end, next = j, j+1
					break
				}
				if b[j] == 0x1b && j+1 < len(b) && b[j+1] == '\\' {
					end, next = j, j+2
					break
				}
				if b[j] == 0x1b {
					bad(i, "OSC cut short by ESC")
					next = j
					break
				}
				if b[j] < 0x20 || b[j] == 0x7f {
					bad(j, fmt.Sprintf("control %#02x inside an OSC", b[j]))
				}
			}
			switch {
			case end >= 0:
				s.OSC = append(s.OSC, string(b[body:end]))
			case next == len(b):
				bad(i, "unterminated OSC")
			}
			i = next
		case c < 0x20 || c == 0x7f:
			bad(i, fmt.Sprintf("control %#02x outside an OSC", c))
			i++
		case c < 0x80:
			i++
		default:
			r, size := utf8.DecodeRune(b[i:])
			switch {
			case r == utf8.RuneError && size <= 1:
				bad(i, fmt.Sprintf("invalid UTF-8 byte %#02x", c))
			case r >= 0x80 && r <= 0x9f:
				bad(i, fmt.Sprintf("C1 control U+%04X", r))
			}
			i += size
		}
	}
	return s
}

// dirty returns why s is not clean text for a host to show, or "": it
// must be valid UTF-8 without C0, DEL, C1, the bidirectional controls
// that reorder what a user reads, or U+FFFD (what invalid UTF-8 turns into
// when something re-encodes it instead of dropping it).
func dirty(s string) string {
	if !utf8.ValidString(s) {
		return "invalid UTF-8"
	}
	for _, r := range s {
		switch {
		case r < 0x20 || r == 0x7f:
			return fmt.Sprintf("C0 control %#02x", r)
		case r >= 0x80 && r <= 0x9f:
			return fmt.Sprintf("C1 control U+%04X", r)
		case r == 0x061c || r == 0x200e || r == 0x200f || (r >= 0x202a && r <= 0x202e) || (r >= 0x2066 && r <= 0x2069):
			return fmt.Sprintf("bidi control U+%04X", r)
		case r == utf8.RuneError:
			return "U+FFFD (invalid UTF-8 passed on)"
		}
	}
	return ""
}

// progressBodies are the OSC 9;4 bodies hostbridge sends: remove, busy,
// warning (needs you) and error.
var progressBodies = map[string]bool{"9;4;0": true, "9;4;3": true, "9;4;4;100": true, "9;4;2;100": true}

// conEmuCommand matches an OSC 9 body whose text ConEmu-family parsers
// (ConEmu, Windows Terminal, Ghostty) read as one of ConEmu's sub-commands
// rather than a notification: digits alone or followed by ';' ("9;4;…" is
// progress, "9;9;…" the working directory), and what Ghostty's parser
// also takes: "9;5…" (whatever follows the 5) is "wait for input", "9;12…"
// a prompt mark, "9;10…" an emulation switch. None shows a notification.
var conEmuCommand = regexp.MustCompile(`^9;([0-9]+(;|$)|5|1[02])`)

// maxOSC bounds an OSC body: a ping is one short line.
const maxOSC = 1024

// oscProblems returns what is wrong with the OSC bodies hostbridge sent:
// each must be a known progress report or a ping (OSC 9) whose text is
// clean and bounded; pings that can read as a ConEmu command are listed
// apart, in conEmu.
func oscProblems(bodies []string) (problems, conEmu []string) {
	for _, body := range bodies {
		switch {
		case progressBodies[body]:
		case !strings.HasPrefix(body, "9;"):
			problems = append(problems, fmt.Sprintf("OSC %.40q is not OSC 9", body))
		case len(body) > maxOSC:
			problems = append(problems, fmt.Sprintf("OSC 9 of %d bytes", len(body)))
		case dirty(body) != "":
			problems = append(problems, fmt.Sprintf("ping %.60q: %s", body, dirty(body)))
		case conEmuCommand.MatchString(body):
			conEmu = append(conEmu, fmt.Sprintf("ping %.40q can read as a ConEmu command", body))
		}
	}
	return problems, conEmu
}

// lastProgress is the body of the last progress report in b ("" if none).
func lastProgress(b []byte) string {
	s := readStream(b)
	for i := len(s.OSC) - 1; i >= 0; i-- {
		if strings.HasPrefix(s.OSC[i], "9;4;") {
			return s.OSC[i]
		}
	}
	return ""
}
