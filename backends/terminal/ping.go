package terminal

import "github.com/hostbridge/hostbridge/host"

// PingLimit caps a ping's text, in runes: a notification is one short line.
const PingLimit = 120

// pingText makes msg safe to place in an OSC 9 body. The Machine has
// cleaned it already; this backend does not rely on that, because one
// stray BEL, ESC or 0x9c would end the sequence early and hand the rest of
// the text to the terminal as commands. It cleans again and caps the text,
// then neutralises ConEmu's sub-commands: ConEmu-family terminals read
// "OSC 9 ; <digits> ;" as a command (4 = progress, 9 = working directory,
// 2 = message box), so text that starts with digits and ';' gets a leading
// space. The result is at most PingLimit+1 runes; "" means no ping.
func pingText(msg string) string {
	s := host.Clean(msg, PingLimit)
	i := 0
	for i < len(s) && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i > 0 && i < len(s) && s[i] == ';' {
		return " " + s
	}
	return s
}
