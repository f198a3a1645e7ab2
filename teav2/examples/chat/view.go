package main

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"charm.land/lipgloss/v2"
	"github.com/charmbracelet/x/ansi"
)

// The screen, top to bottom: the conversation (a viewport), a rule, the
// prompt, the status line. The program runs inline (no alternate screen):
// what was said stays in the terminal after the chat exits.

// chrome is the height of everything below the viewport, plus one spare
// line so the frame never reaches the terminal's last row.
const chrome = 4

func (m *chat) resize(w, h int) {
	m.width, m.height = max(w, 20), max(h, chrome+3)
	m.vp.SetWidth(m.width)
	m.vp.SetHeight(m.height - chrome)
	m.input.SetWidth(m.width - lipgloss.Width(m.input.Prompt) - 1)
	m.refresh()
}

// refresh lays the conversation out again and shows its end; a short
// conversation sits at the bottom, just above the prompt.
func (m *chat) refresh() {
	text := render(&m.conv, m.st, m.width)
	if n := strings.Count(text, "\n") + 1; n < m.vp.Height() {
		text = strings.Repeat("\n", m.vp.Height()-n) + text
	}
	m.vp.SetContent(text)
	m.vp.GotoBottom()
}

// View draws the screen. The bar is not the chat's: the wrapper sets it.
func (m *chat) View() tea.View {
	rule := m.st.border.Render(strings.Repeat("─", m.width))
	return tea.NewView(m.vp.View() + "\n" + rule + "\n" + m.input.View() + "\n" + m.status())
}

// status is the state on the left, the host and the session's facts on
// the right.
func (m *chat) status() string {
	var state string
	switch {
	case m.waiting() == waitApproval:
		state = m.st.warning.Render("● needs you: approve " + approveTool + ": " + approveWhat + " (y/n)")
	case m.waiting() == waitSubAgent:
		state = m.st.warning.Render("● needs you: sub-agent: " + subWaitsOn + " (y/n)")
	case m.waiting() == waitAnswer:
		state = m.st.warning.Render("● needs you: answer the question")
	case m.turn != nil:
		state = m.st.busy.Render("● working (esc interrupts)")
	case m.failed != "":
		state = m.st.err.Render("● failed: " + m.failed)
	default:
		state = m.st.success.Render("● ready")
	}
	meta := m.meta()
	facts := m.st.muted.Render(strings.Join([]string{
		"host " + m.host, "session " + m.sess.ID, meta.Model, meta.Context, meta.Cost,
	}, " · "))
	room := m.width - lipgloss.Width(state) - 1
	if room < 8 {
		return ansi.Truncate(state, m.width, "…")
	}
	facts = ansi.Truncate(facts, room, "…")
	return state + strings.Repeat(" ", room+1-lipgloss.Width(facts)) + facts
}
