package main

import (
	"strings"

	"github.com/charmbracelet/lipgloss"
)

// role says who wrote a line of the conversation. It is saved as is in
// transcripts.
type role string

const (
	roleUser      role = "user"
	roleAssistant role = "assistant"
	roleTool      role = "tool"   // what a tool or sub-agent did
	roleAsk       role = "ask"    // what the model asks the user
	roleError     role = "error"  // a failed turn
	roleInfo      role = "info"   // the chat's own messages (/help, /save)
	roleSystem    role = "system" // the system prompt, shown by /system
)

// entry is one line (or block) of the conversation.
type entry struct {
	Role role   `json:"role"`
	Text string `json:"text"`
}

// conversation is what the viewport shows.
type conversation struct {
	entries []entry
}

// add appends an entry.
func (c *conversation) add(r role, text string) { c.entries = append(c.entries, entry{r, text}) }

// say appends words to the assistant's reply being written, starting it
// when the last entry is not the assistant's.
func (c *conversation) say(words string) {
	n := len(c.entries)
	if n > 0 && c.entries[n-1].Role == roleAssistant {
		c.entries[n-1].Text += " " + words
		return
	}
	c.add(roleAssistant, words)
}

// words counts the words said so far: the scripted context use.
func (c *conversation) words() int {
	n := 0
	for _, e := range c.entries {
		if e.Role == roleUser || e.Role == roleAssistant {
			n += len(strings.Fields(e.Text))
		}
	}
	return n
}

// render lays the conversation out for a width.
func (c *conversation) render(st styles, width int) string {
	if len(c.entries) == 0 {
		return st.muted.Render("Type a prompt and press enter. /help lists the commands.")
	}
	lines := make([]string, 0, len(c.entries))
	for _, e := range c.entries {
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
