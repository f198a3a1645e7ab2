package bridge

// Colors is one colour of a palette as each terminal class takes it: an
// exact true-colour value (an entry of xterm's 256-colour table, so the
// first two agree), its 256-colour index, and an ANSI index for 16-colour
// terminals, where the user's theme decides the actual colour. Each
// frontend builds its palette from these with its own lipgloss.
type Colors struct{ TrueColor, ANSI256, ANSI string }

// PaletteColors are the palette's colours for a dark or a light
// background, in the order Text, Muted, Accent, User, Assistant, Error,
// Warning, Success, Border.
//
// Every text colour (all but Border) has a WCAG contrast of at least 4.5:1
// on common backgrounds of its kind (dark: black, #1e1e1e, One Dark,
// Solarized dark; light: white, #f5f5f5, Solarized light, Gruvbox light);
// Border is decoration, kept visible but quiet (at least 1.8:1). On dark
// backgrounds the bright, desaturated hues read best; on light ones the
// deep hues, and yellow turns to a dark amber: no yellow is legible on
// white.
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
