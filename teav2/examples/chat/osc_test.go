package main

import (
	"reflect"
	"strconv"
	"strings"
	"testing"
)

// A small reader of what a terminal receives, written for these tests so
// that they check the bytes on the wire, not strings made by the code under
// test.

// scanOSC returns the payloads of the OSC sequences in b, in order:
// ESC ] payload, ended by BEL or ESC \. An unterminated sequence at the end
// (more bytes to come) is left out.
func scanOSC(b []byte) []string {
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

// pingOf reads an OSC 9 notification payload: "9;text" gives "text".
func pingOf(payload string) (string, bool) {
	if _, ok := progressOf(payload); ok {
		return "", false
	}
	return strings.CutPrefix(payload, "9;")
}

// plainText removes escape sequences from b (CSI, OSC, DCS and two-byte
// ones), keeping the text a terminal would print; a cursor forward is the
// spaces it moves over.
func plainText(b []byte) string {
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

func TestScanOSC(t *testing.T) {
	tests := []struct {
		in   string
		want []string
	}{
		{"", nil},
		{"plain text", nil},
		{"\x1b]9;4;3\x07", []string{"9;4;3"}},
		{"\x1b]9;4;4;100\x1b\\x\x1b]9;hi there\x07", []string{"9;4;4;100", "9;hi there"}},
		{"a\x1b[31mred\x1b[0m\x1b]9;4;0\x07b", []string{"9;4;0"}},
		{"\x1b]9;4;3", nil},     // unterminated: more to come
		{"\x1b]9;4;3\x1b", nil}, // half a terminator
		{"\x1b]11;?\x1b\\", []string{"11;?"}},
		{"\x1b]9;x\x1b[Oq\x1b]9;y\x07", []string{"9;y"}}, // broken one skipped
	}
	for _, tt := range tests {
		if got := scanOSC([]byte(tt.in)); !reflect.DeepEqual(got, tt.want) {
			t.Errorf("scanOSC(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
	if p, ok := progressOf("9;4;2;100"); !ok || p != "2;100" {
		t.Errorf("progressOf = %q, %v", p, ok)
	}
	if p, ok := pingOf("9;4;0"); ok {
		t.Errorf("pingOf(progress) = %q", p)
	}
	if p, ok := pingOf("9; 4;2 is text"); !ok || p != " 4;2 is text" {
		t.Errorf("pingOf = %q, %v", p, ok)
	}
}

func TestPlainText(t *testing.T) {
	in := "\x1b[?25l\x1b[2K\x1b[38;5;81myou\x1b[0m hello\x1b]9;4;3\x07\r\n\x1b7ok\x1bP=1s\x1b\\!"
	if got, want := plainText([]byte(in)), "you hello\r\nok!"; got != want {
		t.Errorf("plainText = %q, want %q", got, want)
	}
}
