package main

import (
	"strings"

	tea "github.com/charmbracelet/bubbletea"
)

// Keys: ctrl+c quits, esc interrupts a turn, pgup/pgdown scroll, enter
// sends the line; while a tool waits for approval, y and n answer and the
// prompt takes no text.

func (m *chat) key(k tea.KeyMsg) (tea.Model, tea.Cmd) {
	switch k.Type {
	case tea.KeyCtrlC:
		return m, tea.Quit
	case tea.KeyEsc:
		return m, m.do(m.Interrupt())
	case tea.KeyPgUp, tea.KeyPgDown:
		var cmd tea.Cmd
		m.vp, cmd = m.vp.Update(k)
		return m, cmd
	case tea.KeyEnter:
		return m, m.submit()
	}
	if w := m.Waiting(); w == waitApproval || w == waitSubAgent {
		switch strings.ToLower(k.String()) {
		case "y":
			return m, m.do(m.Answer(true, ""))
		case "n":
			return m, m.do(m.Answer(false, ""))
		}
		return m, nil // the prompt is blurred until you answer
	}
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(k)
	return m, cmd
}

// submit hands the line typed at the prompt to the chat's state, and
// empties the prompt unless the line was refused.
func (m *chat) submit() tea.Cmd {
	line := strings.TrimSpace(m.input.Value())
	if line == "" {
		return nil
	}
	fx, taken := m.Submit(line)
	if taken {
		m.input.Reset()
	}
	return m.do(fx)
}
