//go:build linux || darwin

package chattest

import (
	"testing"

	"github.com/charmbracelet/x/ansi"
)

// TestPlainText: the text the tests read off a chat's output (x/ansi's
// Strip) is what a terminal prints of it: no CSI, OSC, DCS or two-byte
// sequence, the line breaks kept.
func TestPlainText(t *testing.T) {
	in := "\x1b[?25l\x1b[2K\x1b[38;5;81myou\x1b[0m hello\x1b]9;4;3\x07\r\n\x1b7ok\x1bP=1s\x1b\\!"
	if got, want := ansi.Strip(in), "you hello\r\nok!"; got != want {
		t.Errorf("plain text = %q, want %q", got, want)
	}
}
