package main

import (
	"image/color"

	"charm.land/bubbles/v2/textinput"
	"charm.land/lipgloss/v2"

	"github.com/hostbridge/hostbridge/internal/chatscript"
	hostbridge "github.com/hostbridge/hostbridge/teav2"
)

// styles are the chat's lipgloss styles, made from the palette for the
// terminal's background. v2 asks the terminal at start and the answer
// arrives as a message, so the chat starts dark (or as -background says)
// and re-themes on the answer (hostbridge.BackgroundDetected).
type styles struct {
	dark                      bool
	text, muted, accent       lipgloss.Style
	user, assistant           lipgloss.Style
	err, warning, success     lipgloss.Style
	border                    lipgloss.Style
	prompt, placeholder, busy lipgloss.Style
}

// paletteFor is the palette for a dark or a light background.
func paletteFor(dark bool) hostbridge.Palette {
	return hostbridge.PaletteFor(hostbridge.Background{Dark: dark})
}

func newStyles(p hostbridge.Palette) styles {
	fg := func(c color.Color) lipgloss.Style { return lipgloss.NewStyle().Foreground(c) }
	return styles{
		dark:        p.Name == "dark",
		text:        fg(p.Text),
		muted:       fg(p.Muted),
		accent:      fg(p.Accent),
		user:        fg(p.User).Bold(true),
		assistant:   fg(p.Assistant),
		err:         fg(p.Error),
		warning:     fg(p.Warning),
		success:     fg(p.Success),
		border:      fg(p.Border),
		prompt:      fg(p.Accent).Bold(true),
		placeholder: fg(p.Muted),
		busy:        fg(p.Accent),
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

// tone is the style of a status of tone t.
func (st styles) tone(t chatscript.Tone) lipgloss.Style {
	switch t {
	case chatscript.ToneBusy:
		return st.busy
	case chatscript.ToneWarning:
		return st.warning
	case chatscript.ToneError:
		return st.err
	case chatscript.ToneMuted:
		return st.muted
	case chatscript.ToneUser:
		return st.user
	case chatscript.ToneAssistant:
		return st.assistant
	}
	return st.success
}
