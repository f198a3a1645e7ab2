package hostbridge

import (
	"github.com/charmbracelet/lipgloss"

	"github.com/hostbridge/hostbridge/bridge"
)

// Palette is a few named colours for a chat, chosen for one kind of
// background: PaletteFor(DetectBackground(...)). Each is a
// lipgloss.CompleteColor, exact for every colour depth, so no degradation
// picks a near colour that reads badly; every text colour has a WCAG
// contrast of at least 4.5:1 on common backgrounds of its kind.
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

// PaletteFor returns the dark palette when bg.Dark, else the light one.
func PaletteFor(bg Background) Palette {
	c := bridge.PaletteColors(bg.Dark)
	col := func(i int) lipgloss.TerminalColor {
		return lipgloss.CompleteColor{TrueColor: c[i].TrueColor, ANSI256: c[i].ANSI256, ANSI: c[i].ANSI}
	}
	name := "light"
	if bg.Dark {
		name = "dark"
	}
	return Palette{Name: name, Text: col(0), Muted: col(1), Accent: col(2), User: col(3), Assistant: col(4),
		Error: col(5), Warning: col(6), Success: col(7), Border: col(8)}
}
