package chattest

import (
	"strconv"
	"strings"
)

// A small reader of what a terminal receives, written for these tests so
// that they check the bytes on the wire, not strings made by the code under
// test.

// ScanOSC returns the payloads of the OSC sequences in b, in order:
// ESC ] payload, ended by BEL or ESC \. An unterminated sequence at the end
// (more bytes to come) is left out.
func ScanOSC(b []byte) []string {
	var out []string
	for i := 0; i+1 < len(b); i++ {
		if b[i] != 0x1b || b[i+1] != ']' {
			continue
		}
		start := i + 2
		for j := start; j < len(b); j++ {
			if b[j] == 0x07 {
				out = append(out, string(b[start:j]))
				i = j
				break
			}
			if b[j] == 0x1b && j+1 < len(b) && b[j+1] == '\\' {
				out = append(out, string(b[start:j]))
				i = j + 1
				break
			}
			if b[j] == 0x1b { // ESC not followed by '\' (or at the end): not ours
				i = j - 1
				break
			}
		}
	}
	return out
}

// progressOf reads an OSC 9;4 payload: "9;4;3" gives "3", "9;4;4;100"
// gives "4;100".
func progressOf(payload string) (string, bool) {
	return strings.CutPrefix(payload, "9;4;")
}

// PingOf reads an OSC 9 notification payload: "9;text" gives "text".
func PingOf(payload string) (string, bool) {
	if _, ok := progressOf(payload); ok {
		return "", false
	}
	return strings.CutPrefix(payload, "9;")
}

// PlainText removes escape sequences from b (CSI, OSC, DCS and two-byte
// ones), keeping the text a terminal would print; a cursor forward is the
// spaces it moves over.
func PlainText(b []byte) string {
	var s strings.Builder
	for i := 0; i < len(b); i++ {
		if b[i] != 0x1b {
			s.WriteByte(b[i])
			continue
		}
		if i+1 >= len(b) {
			break
		}
		switch b[i+1] {
		case '[': // CSI: parameters and intermediates, then a final byte
			j := i + 2
			for j < len(b) && (b[j] < 0x40 || b[j] > 0x7e) {
				j++
			}
			if j < len(b) && b[j] == 'C' {
				// Cursor forward: v2's renderer moves over the spaces
				// between words instead of writing them.
				n, err := strconv.Atoi(string(b[i+2 : j]))
				if err != nil || n < 1 {
					n = 1
				}
				s.WriteString(strings.Repeat(" ", n))
			}
			i = j
		case ']', 'P', '_', '^': // OSC, DCS, APC, PM: up to BEL or ST
			j := i + 2
			for j < len(b) && b[j] != 0x07 && (b[j] != 0x1b || j+1 >= len(b) || b[j+1] != '\\') {
				j++
			}
			if j < len(b) && b[j] == 0x1b {
				j++
			}
			i = j
		default:
			i++
		}
	}
	return s.String()
}
