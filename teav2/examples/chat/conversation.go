package main

import (
	"strings"

	"charm.land/lipgloss/v2"
)

// render lays the conversation out for a width.
func render(c *conversation, st styles, width int) string {
	if len(c.Entries) == 0 {
		return st.muted.Render("Type a prompt and press enter. /help lists the commands.")
	}
	lines := make([]string, 0, len(c.Entries))
	for _, e := range c.Entries {
		lines = append(lines, renderEntry(st, e, width))
	}
	return strings.Join(lines, "\n")
}

func renderEntry(st styles, e entry, width int) string {
	var label string
	var s lipgloss.Style
	switch e.Role {
	case roleUser:
		label, s = "you  ", st.user
	case roleAssistant:
		label, s = "chat ", st.assistant
	case roleTool:
		label, s = "  ⎿  ", st.muted
	case roleAsk:
		label, s = "  ?  ", st.warning
	case roleError:
		label, s = "  ✗  ", st.err
	case roleSystem:
		label, s = "sys  ", st.muted
	default:
		label, s = "  ·  ", st.muted
	}
	w := max(width-lipgloss.Width(label), 10)
	body := lipgloss.NewStyle().Width(w).Render(e.Text)
	return lipgloss.JoinHorizontal(lipgloss.Top, s.Render(label), s.Render(body))
}
