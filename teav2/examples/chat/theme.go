package main

import (
	"image/color"

	"charm.land/bubbles/v2/textinput"
	"charm.land/lipgloss/v2"

	"github.com/hostbridge/hostbridge/internal/bridge"
)

// styles are the chat's lipgloss styles, made from the palette for the
// terminal's background. v2 asks the terminal at start and the answer
// arrives as a message, so the chat starts dark (or as -background says)
// and re-themes on the answer.
type styles struct {
	dark                      bool
	text, muted, accent       lipgloss.Style
	user, assistant           lipgloss.Style
	err, warning, success     lipgloss.Style
	border                    lipgloss.Style
	prompt, placeholder, busy lipgloss.Style
}

// TODO(12b): hostbridge's v2 Palette once merged.
func newStyles(dark bool) styles {
	p := bridge.PaletteColors(dark)
	fg := func(i int) lipgloss.Style {
		var c color.Color = lipgloss.Color(p[i].TrueColor)
		return lipgloss.NewStyle().Foreground(c)
	}
	return styles{
		dark:        dark,
		text:        fg(0),
		muted:       fg(1),
		accent:      fg(2),
		user:        fg(3).Bold(true),
		assistant:   fg(4),
		err:         fg(5),
		warning:     fg(6),
		success:     fg(7),
		border:      fg(8),
		prompt:      fg(2).Bold(true),
		placeholder: fg(1),
		busy:        fg(2),
	}
}

// inputStyles styles the prompt; its cursor does not blink (fewer frames
// to draw, and no timer).
func inputStyles(st styles) textinput.Styles {
	s := textinput.DefaultStyles(st.dark)
	for _, state := range []*textinput.StyleState{&s.Focused, &s.Blurred} {
		state.Prompt, state.Text, state.Placeholder = st.prompt, st.text, st.placeholder
	}
	s.Cursor.Blink = false
	return s
}
