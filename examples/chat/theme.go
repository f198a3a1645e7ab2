package main

import (
	"github.com/charmbracelet/lipgloss"

	"github.com/hostbridge/hostbridge"
	"github.com/hostbridge/hostbridge/internal/chatscript"
)

// styles are the chat's lipgloss styles, made from the palette chosen for
// the terminal's background. The background is asked once, before the
// program starts: once Bubble Tea reads the terminal, a reply to the
// question would arrive as key presses.
type styles struct {
	text, muted, accent       lipgloss.Style
	user, assistant           lipgloss.Style
	err, warning, success     lipgloss.Style
	border                    lipgloss.Style
	prompt, placeholder, busy lipgloss.Style
}

func newStyles(p hostbridge.Palette) styles {
	fg := func(c lipgloss.TerminalColor) lipgloss.Style { return lipgloss.NewStyle().Foreground(c) }
	return styles{
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
