package terminal

import "github.com/hostbridge/hostbridge/internal/core"

// PingLimit caps a ping's text, in runes: a notification is one short line.
const PingLimit = 120

// pingText makes msg safe to place in an OSC 9 body. The Machine has
// cleaned it already; this backend does not rely on that, because one
// stray BEL, ESC or 0x9c would end the sequence early and hand the rest of
// the text to the terminal as commands. It cleans again and caps the text,
// then neutralises ConEmu's sub-commands: ConEmu-family terminals (and
// Ghostty, which follows them) read an OSC 9 body that starts with a digit
// as a command ("4;…" progress, "9;…" working directory, "5" wait for
// input, "12" a prompt mark), so text that starts with a digit gets a
// leading space ("5 tests passed" is a reply, not a command). The result
// is at most PingLimit+1 runes; "" means no ping.
func pingText(msg string) string {
	s := core.Clean(msg, PingLimit)
	if s != "" && s[0] >= '0' && s[0] <= '9' {
		return " " + s
	}
	return s
}
