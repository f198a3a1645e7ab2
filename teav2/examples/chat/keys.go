package main

import (
	"strings"

	tea "charm.land/bubbletea/v2"
)

// Keys: ctrl+c quits, esc interrupts a turn, pgup/pgdown scroll, enter
// sends the line; while a tool waits for approval, y and n answer and the
// prompt takes no text.

func (m *chat) key(k tea.KeyPressMsg) (tea.Model, tea.Cmd) {
	switch k.String() {
	case "ctrl+c":
		return m, tea.Quit
	case "esc":
		if m.turn != nil {
			m.turn.Stop()
			return m, m.run()
		}
		return m, nil
	case "pgup", "pgdown":
		var cmd tea.Cmd
		m.vp, cmd = m.vp.Update(k)
		return m, cmd
	case "enter":
		line := strings.TrimSpace(m.input.Value())
		if line == "" {
			return m, nil
		}
		return m, m.submit(line)
	}
	if w := m.waiting(); w == waitApproval || w == waitSubAgent {
		switch strings.ToLower(k.String()) {
		case "y":
			return m, m.answer(true, "")
		case "n":
			return m, m.answer(false, "")
		}
		return m, nil // the prompt is blurred until you answer
	}
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(k)
	return m, cmd
}

// submit handles a line typed at the prompt: the answer to a question, a
// command, or a prompt.
func (m *chat) submit(line string) tea.Cmd {
	if m.waiting() == waitAnswer && !strings.HasPrefix(line, "/") {
		m.input.Reset()
		m.conv.Add(roleUser, line)
		return m.answer(true, line)
	}
	if strings.HasPrefix(line, "/") {
		m.input.Reset()
		return m.command(line)
	}
	if m.turn != nil {
		m.info("A turn is running: wait for it, or press esc to interrupt it.")
		return nil
	}
	m.input.Reset()
	m.conv.Add(roleUser, line)
	m.failed = ""
	m.turns++
	m.turn = newTurn(m.turns, line, m.delay)
	return m.run()
}

// answer answers what the running turn waits for.
func (m *chat) answer(yes bool, text string) tea.Cmd {
	if yes && text == "" {
		m.conv.Add(roleUser, "y")
	} else if text == "" {
		m.conv.Add(roleUser, "n")
	}
	m.turn.Reply(yes, text)
	return m.run()
}
