package main

import (
	"fmt"
	"image/color"
	"io"

	"github.com/hostbridge/hostbridge/internal/chatscript"
	hostbridge "github.com/hostbridge/hostbridge/teav2"
)

// runDoctor prints what hostbridge detected, the way the chat would run
// here, and exits (chatscript.RunDoctor). A v2 program asks the background
// itself, at start; the doctor runs none, so it says where the background
// comes from and which palette the chat starts with.
func runDoctor(f flags, sess session, stdout, stderr io.Writer) int {
	return chatscript.RunDoctor(f, sess, func() chatscript.DoctorBackground {
		bg := hostbridge.Background{Dark: f.Background != "light", Source: "override", Detail: "set by the program"}
		if f.Background == "" {
			bg.Source, bg.Detail = "not asked yet", "Bubble Tea v2 asks the terminal at start; the chat is dark until it answers"
		}
		return chatscript.DoctorBackground{Background: bg.String(), Palette: paletteColors(hostbridge.PaletteFor(bg))}
	}, stdout, stderr)
}

// paletteColors names p's colours by their true-colour values.
func paletteColors(p hostbridge.Palette) chatscript.PaletteColors {
	return chatscript.PaletteColors{
		Name: p.Name,
		Text: colorName(p.Text), Muted: colorName(p.Muted), Accent: colorName(p.Accent), Border: colorName(p.Border),
		User: colorName(p.User), Assistant: colorName(p.Assistant),
		Error: colorName(p.Error), Warning: colorName(p.Warning), Success: colorName(p.Success),
	}
}

// colorName names a palette colour by its true-colour value.
func colorName(c color.Color) string {
	r, g, b, _ := c.RGBA()
	return fmt.Sprintf("#%02x%02x%02x", r>>8, g>>8, b>>8)
}
