package bridge

// Colors is one palette colour per terminal class: a true-colour value
// that is an entry of xterm's 256-colour table (so the two agree), its
// index, and an ANSI index whose colour the user's theme decides. Each
// frontend builds its palette from these with its own lipgloss.
type Colors struct{ TrueColor, ANSI256, ANSI string }

// PaletteColors are the colours for a dark or a light background: Text,
// Muted, Accent, User, Assistant, Error, Warning, Success, Border. Every
// text colour has a WCAG contrast of at least 4.5:1 on common backgrounds
// of its kind, Border at least 1.8:1 (palette_test.go). On light ones
// yellow turns to a dark amber: no yellow is legible on white.
func PaletteColors(dark bool) [9]Colors {
	if dark {
		return [9]Colors{
			{"#e4e4e4", "254", "7"}, {"#949494", "246", "8"}, {"#87afff", "111", "12"},
			{"#5fd7ff", "81", "14"}, {"#d7afff", "183", "13"}, {"#ff5f5f", "203", "9"},
			{"#ffd75f", "221", "11"}, {"#87d787", "114", "10"}, {"#585858", "240", "8"},
		}
	}
	return [9]Colors{
		{"#1c1c1c", "234", "0"}, {"#626262", "241", "8"}, {"#005fd7", "26", "4"},
		{"#005f87", "24", "6"}, {"#8700af", "91", "5"}, {"#d70000", "160", "1"},
		{"#875f00", "94", "3"}, {"#005f00", "22", "2"}, {"#b2b2b2", "249", "7"},
	}
}
