package hostbridge

import (
	"image/color"

	"charm.land/lipgloss/v2"

	"github.com/hostbridge/hostbridge/bridge"
)

// Palette is a few named colours for a chat, chosen for one kind of
// background; BackgroundDetected carries the one for the terminal's. The
// colours are the v1 frontend's: each true colour is an entry of xterm's
// 256-colour table, so v2's renderer degrades it exactly on a 256-colour
// terminal (on a 16-colour one it picks the nearest ANSI colour); every
// text colour has a WCAG contrast of at least 4.5:1 on common backgrounds
// of its kind.
type Palette struct {
	// Name is "light" or "dark": the background the palette is made for.
	Name string

	Text      color.Color // body text
	Muted     color.Color // secondary text: hints, timestamps
	Accent    color.Color // focus, links, the active element
	User      color.Color // the user's messages
	Assistant color.Color // the model's messages
	Error     color.Color // a failed turn
	Warning   color.Color // the model needs you: approvals
	Success   color.Color // a finished step
	Border    color.Color // frames and rules
}

// PaletteFor returns the dark palette when bg.Dark, else the light one,
// chosen with lipgloss.LightDark.
func PaletteFor(bg Background) Palette {
	light, dark := bridge.PaletteColors(false), bridge.PaletteColors(true)
	pick := lipgloss.LightDark(bg.Dark)
	col := func(i int) color.Color {
		return pick(lipgloss.Color(light[i].TrueColor), lipgloss.Color(dark[i].TrueColor))
	}
	name := "light"
	if bg.Dark {
		name = "dark"
	}
	return Palette{Name: name, Text: col(0), Muted: col(1), Accent: col(2), User: col(3), Assistant: col(4),
		Error: col(5), Warning: col(6), Success: col(7), Border: col(8)}
}
