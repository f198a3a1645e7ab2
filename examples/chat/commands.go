package main

import (
	"strings"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/hostbridge/hostbridge"
)

// helpText is what /help prints.
const helpText = `Commands:
  /save           save the session (a JSON transcript in its directory)
  /session NAME   switch to session NAME (loads its transcript if saved)
  /model NAME     switch the scripted model (hosts show model, context, cost)
  /system         show the system prompt
  /quit           quit (or ctrl+c)
A prompt with "approve" asks to run git push (y/n), "ask" asks a question,
"fail" fails, "delegate" runs a sub-agent (y/n), "slow" takes 20 s.
esc interrupts a turn; pgup/pgdown scroll.`

// command runs a slash command.
func (m *chat) command(line string) tea.Cmd {
	name, arg, _ := strings.Cut(line, " ")
	arg = strings.TrimSpace(arg)
	switch name {
	case "/quit", "/exit":
		return tea.Quit
	case "/help":
		m.info(helpText)
	case "/system":
		m.conv.Add(roleSystem, m.system)
		m.refresh()
	case "/save":
		return m.save()
	case "/session":
		return m.switchSession(arg)
	case "/model":
		if arg == "" {
			m.info("The model is " + m.model + ". /model NAME switches it.")
			return nil
		}
		m.model = arg
		m.info("The model is now " + arg + ".")
		return emit(m.meta())
	default:
		m.info("Unknown command " + name + ": /help lists them.")
	}
	return nil
}

// save writes the transcript and tells hostbridge the session was saved.
func (m *chat) save() tea.Cmd {
	err := m.sess.Save(transcript{
		ID: m.sess.ID, Agent: m.agent, Model: m.model, Saved: time.Now().UTC(),
		Messages: m.conv.Entries,
	})
	if err != nil {
		m.conv.Add(roleError, err.Error())
		m.refresh()
		return nil
	}
	m.info("Saved session " + m.sess.ID + " in " + m.sess.Dir + ".")
	return emit(hostbridge.SessionSaved{ID: m.sess.ID, Dir: m.sess.Dir})
}

// switchSession makes the chat write into another session, with that
// session's saved conversation if it has one.
func (m *chat) switchSession(name string) tea.Cmd {
	switch {
	case name == "":
		m.info("This is session " + m.sess.ID + ". /session NAME switches.")
		return nil
	case m.turn != nil:
		m.info("A turn is running: switch sessions once it has ended.")
		return nil
	}
	if err := checkSessionName(name); err != nil {
		m.conv.Add(roleError, err.Error())
		m.refresh()
		return nil
	}
	next := openSession(m.root, name)
	history, err := next.Load()
	if err != nil {
		m.conv.Add(roleError, err.Error())
		m.refresh()
		return nil
	}
	m.sess, m.conv, m.failed = next, conversation{Entries: history}, ""
	m.info("Switched to session " + name + ".")
	return tea.Sequence(
		emit(hostbridge.SessionSaved{ID: next.ID, Dir: next.Dir, Switched: true}),
		emit(m.meta()),
	)
}
