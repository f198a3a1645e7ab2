package main

import (
	"strings"

	tea "charm.land/bubbletea/v2"

	"charm.land/lipgloss/v2"

	"github.com/hostbridge/hostbridge/internal/chatscript"
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
	text := render(&m.Conv, m.st, m.width)
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
	text, tone := m.Status()
	return chatscript.StatusLine(m.st.tone(tone).Render(text), m.st.muted.Render(m.Facts()), m.width)
}
