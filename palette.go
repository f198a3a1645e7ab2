package hostbridge

import "github.com/charmbracelet/lipgloss"

// Palette is a small set of named colours for a chat, chosen for one kind of
// background. Get one with PaletteFor(DetectBackground(...)).
//
// Each colour is a lipgloss.CompleteColor: an exact value for true-colour,
// 256-colour and 16-colour terminals, so that no automatic degradation
// picks a near colour that reads badly. The true-colour values are entries
// of xterm's 256-colour table, so the first two agree. In 16 colours the
// palette names ANSI indexes instead: there the user's theme decides the
// actual colours, and a theme is made to be read on its own background.
//
// Reasoning for the choices: every text colour (all but Border) has a WCAG
// contrast of at least 4.5:1 on common backgrounds of its kind (dark:
// black, #1e1e1e, One Dark, Solarized dark; light: white, #f5f5f5,
// Solarized light, Gruvbox light); Border is decoration, kept visible but
// quiet (at least 1.8:1). On dark backgrounds the bright, desaturated hues
// read best; on light ones the deep hues, and yellow turns to a dark amber
// because no yellow is legible on white.
type Palette struct {
	// Name is "light" or "dark": the background the palette is made for.
	Name string

	Text      lipgloss.TerminalColor // body text
	Muted     lipgloss.TerminalColor // secondary text: hints, timestamps
	Accent    lipgloss.TerminalColor // focus, links, the active element
	User      lipgloss.TerminalColor // the user's messages
	Assistant lipgloss.TerminalColor // the model's messages
	Error     lipgloss.TerminalColor // a failed turn
	Warning   lipgloss.TerminalColor // the model needs you: approvals
	Success   lipgloss.TerminalColor // a finished step
	Border    lipgloss.TerminalColor // frames and rules
}

// PaletteFor returns the palette for bg: DarkPalette when bg.Dark, else
// LightPalette. The zero Background is light; DetectBackground never
// returns it (its own default is dark).
func PaletteFor(bg Background) Palette {
	if bg.Dark {
		return DarkPalette()
	}
	return LightPalette()
}

// DarkPalette is the palette for dark backgrounds.
func DarkPalette() Palette {
	return Palette{
		Name:      "dark",
		Text:      paletteColor("#e4e4e4", "254", "7"),
		Muted:     paletteColor("#949494", "246", "8"),
		Accent:    paletteColor("#87afff", "111", "12"),
		User:      paletteColor("#5fd7ff", "81", "14"),
		Assistant: paletteColor("#d7afff", "183", "13"),
		Error:     paletteColor("#ff5f5f", "203", "9"),
		Warning:   paletteColor("#ffd75f", "221", "11"),
		Success:   paletteColor("#87d787", "114", "10"),
		Border:    paletteColor("#585858", "240", "8"),
	}
}

// LightPalette is the palette for light backgrounds.
func LightPalette() Palette {
	return Palette{
		Name:      "light",
		Text:      paletteColor("#1c1c1c", "234", "0"),
		Muted:     paletteColor("#626262", "241", "8"),
		Accent:    paletteColor("#005fd7", "26", "4"),
		User:      paletteColor("#005f87", "24", "6"),
		Assistant: paletteColor("#8700af", "91", "5"),
		Error:     paletteColor("#d70000", "160", "1"),
		Warning:   paletteColor("#875f00", "94", "3"),
		Success:   paletteColor("#005f00", "22", "2"),
		Border:    paletteColor("#b2b2b2", "249", "7"),
	}
}

func paletteColor(trueColor, ansi256, ansi string) lipgloss.CompleteColor {
	return lipgloss.CompleteColor{TrueColor: trueColor, ANSI256: ansi256, ANSI: ansi}
}
