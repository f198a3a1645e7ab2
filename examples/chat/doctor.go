package main

import (
	"fmt"
	"io"

	"github.com/charmbracelet/lipgloss"

	"github.com/hostbridge/hostbridge"
	"github.com/hostbridge/hostbridge/internal/chatscript"
)

// runDoctor prints what hostbridge detected, the way the chat would run
// here, and exits (chatscript.RunDoctor): the v1 chat asks the terminal's
// background as it does before its program starts, and says the palette
// it chose.
func runDoctor(f flags, sess session, stdout, stderr io.Writer) int {
	return chatscript.RunDoctor(f, sess, func() chatscript.DoctorBackground {
		bg, err := hostbridge.DetectBackground(hostbridge.BackgroundOptions{Override: f.Background})
		return chatscript.DoctorBackground{Background: bg.String(), Err: err, Palette: paletteColors(hostbridge.PaletteFor(bg))}
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
func colorName(c lipgloss.TerminalColor) string {
	switch c := c.(type) {
	case lipgloss.CompleteColor:
		return c.TrueColor
	case lipgloss.Color:
		return string(c)
	}
	return fmt.Sprint(c)
}
