package main

import (
	"strings"
	"time"

	"charm.land/bubbles/v2/spinner"
	"charm.land/bubbles/v2/textarea"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"
	"charm.land/lipgloss/v2"

	hostbridge "github.com/hostbridge/hostbridge/teav2"
)

// model is the chat: the conversation in a viewport, a spinner while a turn
// runs, the prompt in a textarea.
type model struct {
	convo   viewport.Model
	spin    spinner.Model
	input   textarea.Model
	st      styles
	lines   []string
	every   time.Duration // between two streamed words
	busy    bool          // a turn runs
	asking  bool          // the turn waits for y/n
	pending []string      // words still to stream
	reply   string        // the reply streamed so far
}

// styles colour the conversation: the user's lines, failures, the rest.
type styles struct{ you, fail, text lipgloss.Style }

// Messages of the app's own.
type (
	submitted string   // a prompt was sent
	word      struct{} // time for the next word of the reply
	failed    string   // the turn failed
)

func newModel(every time.Duration) *model {
	m := &model{
		convo: viewport.New(viewport.WithWidth(80), viewport.WithHeight(10)),
		spin:  spinner.New(), input: textarea.New(), every: every,
	}
	m.input.Placeholder = "Say something"
	m.input.SetHeight(1)
	m.input.ShowLineNumbers = false
	m.input.Focus()
	// Dark until the terminal's background is known (BackgroundDetected).
	m.theme(hostbridge.PaletteFor(hostbridge.Background{Dark: true}))
	return m
}

func (m *model) Init() tea.Cmd { return tea.Batch(textarea.Blink, m.spin.Tick) }

func (m *model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.convo.SetWidth(msg.Width)
		m.convo.SetHeight(max(msg.Height-4, 1))
		m.input.SetWidth(msg.Width)
	case hostbridge.BackgroundDetected: // once known, and again if it changes
		m.theme(msg.Palette)
		return m, nil
	case tea.KeyPressMsg:
		return m, m.key(msg)
	case spinner.TickMsg:
		var cmd tea.Cmd
		m.spin, cmd = m.spin.Update(msg) // ticks for as long as the program runs
		return m, cmd
	case submitted:
		return m, m.answer(string(msg))
	case word:
		return m, m.stream()
	case failed:
		m.busy = false
		m.say("! " + string(msg))
		// The Update that ends the turn says so to the hosts, from a Cmd.
		return m, func() tea.Msg { return hostbridge.TurnFailed{Headline: string(msg)} }
	}
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg) // the cursor's blink
	return m, cmd
}

// theme styles the chat with the palette for the terminal's background.
func (m *model) theme(p hostbridge.Palette) {
	m.st = styles{
		you:  lipgloss.NewStyle().Foreground(p.User).Bold(true),
		fail: lipgloss.NewStyle().Foreground(p.Error),
		text: lipgloss.NewStyle().Foreground(p.Text),
	}
	m.spin.Style = lipgloss.NewStyle().Foreground(p.Accent)
	m.input.SetStyles(textarea.DefaultStyles(p.Name == "dark"))
	m.show()
}

// key handles a key: quit, an answer to the approval, a prompt sent, or
// typing.
func (m *model) key(k tea.KeyPressMsg) tea.Cmd {
	switch {
	case k.String() == "ctrl+c":
		return tea.Quit
	case m.asking && (k.String() == "y" || k.String() == "n"):
		m.asking = false
		if k.String() == "n" {
			m.busy = false
			m.say("(denied)")
			return func() tea.Msg { return hostbridge.Idle{Reply: "Denied."} }
		}
		m.say("(approved)")
		return m.turn(m.streamReply("Pushed to origin/main."))
	case k.String() == "enter" && !m.busy:
		prompt := strings.TrimSpace(m.input.Value())
		m.input.Reset()
		if prompt == "" {
			return nil
		}
		m.say("> " + prompt)
		return func() tea.Msg { return submitted(prompt) } // as a request to a model would
	}
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(k)
	return cmd
}

// answer starts the scripted model's turn for prompt.
func (m *model) answer(prompt string) tea.Cmd {
	m.busy = true
	switch {
	case strings.Contains(prompt, "approve"):
		m.asking = true
		m.say("allow shell: git push? (y/n)")
		// Two hostbridge messages in order, from one Cmd.
		return hostbridge.Sequence(hostbridge.TurnStarted{}, hostbridge.ApprovalNeeded{Tool: "shell", Action: "git push"})
	case strings.Contains(prompt, "fail"):
		return m.turn(tea.Tick(m.every, func(time.Time) tea.Msg { return failed("Error: rate limited") }))
	}
	return m.turn(m.streamReply("You said: " + prompt))
}

// turn tells the hosts a turn runs, then runs work: in a tea.Sequence, so
// the hosts hear TurnStarted before whatever work brings.
func (m *model) turn(work tea.Cmd) tea.Cmd {
	return tea.Sequence(func() tea.Msg { return hostbridge.TurnStarted{} }, work)
}

// streamReply starts streaming text, one word per tick.
func (m *model) streamReply(text string) tea.Cmd {
	m.pending, m.reply = strings.Fields(text), ""
	m.say("")
	return m.next()
}

func (m *model) next() tea.Cmd {
	return tea.Tick(m.every, func(time.Time) tea.Msg { return word{} })
}

// stream shows the next word; after the last, the turn ends.
func (m *model) stream() tea.Cmd {
	if len(m.pending) == 0 {
		return nil
	}
	m.reply = strings.TrimSpace(m.reply + " " + m.pending[0])
	m.pending = m.pending[1:]
	m.lines[len(m.lines)-1] = m.reply
	m.show()
	if len(m.pending) > 0 {
		return m.next()
	}
	m.busy = false
	reply := m.reply
	// busy turns false in the Update that returns the Idle: a test that
	// waits on busy must still see the Idle reach the hosts.
	return func() tea.Msg { return hostbridge.Idle{Reply: reply} }
}

func (m *model) say(line string) {
	m.lines = append(m.lines, line)
	m.show()
}

// show puts the conversation, styled, in the viewport and scrolls to its
// end.
func (m *model) show() {
	styled := make([]string, len(m.lines))
	for i, l := range m.lines {
		st := m.st.text
		switch {
		case strings.HasPrefix(l, "> "):
			st = m.st.you
		case strings.HasPrefix(l, "! "):
			st = m.st.fail
		}
		styled[i] = st.Render(l)
	}
	m.convo.SetContent(strings.Join(styled, "\n"))
	m.convo.GotoBottom()
}

func (m *model) View() tea.View {
	status := "ready"
	if m.busy {
		status = m.spin.View() + " working"
	}
	return tea.NewView(m.convo.View() + "\n" + status + "\n" + m.input.View())
}
