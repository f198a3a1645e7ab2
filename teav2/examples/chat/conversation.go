package main

import (
	"strings"

	"charm.land/lipgloss/v2"

	"github.com/hostbridge/hostbridge/internal/chatscript"
)

// render lays the conversation out for a width.
func render(c *conversation, st styles, width int) string {
	if len(c.Entries) == 0 {
		return st.muted.Render(chatscript.EmptyText)
	}
	lines := make([]string, 0, len(c.Entries))
	for _, e := range c.Entries {
		lines = append(lines, renderEntry(st, e, width))
	}
	return strings.Join(lines, "\n")
}

func renderEntry(st styles, e entry, width int) string {
	label, tone := e.Role.Label()
	s := st.tone(tone)
	w := max(width-lipgloss.Width(label), 10)
	body := lipgloss.NewStyle().Width(w).Render(e.Text)
	return lipgloss.JoinHorizontal(lipgloss.Top, s.Render(label), s.Render(body))
}
