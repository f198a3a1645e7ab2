package main

import (
	"strings"
	"time"

	"github.com/charmbracelet/bubbles/spinner"
	"github.com/charmbracelet/bubbles/textarea"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/hostbridge/hostbridge"
)

// model is the chat: the conversation in a viewport, a spinner while a turn
// runs, the prompt in a textarea.
type model struct {
	convo   viewport.Model
	spin    spinner.Model
	input   textarea.Model
	lines   []string
	every   time.Duration // between two streamed words
	busy    bool          // a turn runs
	asking  bool          // the turn waits for y/n
	pending []string      // words still to stream
	reply   string        // the reply streamed so far
}

// Messages of the app's own.
type (
	submitted string   // a prompt was sent
	word      struct{} // time for the next word of the reply
	failed    string   // the turn failed
)

func newModel(every time.Duration) *model {
	m := &model{convo: viewport.New(80, 10), spin: spinner.New(), input: textarea.New(), every: every}
	m.input.Placeholder = "Say something"
	m.input.SetHeight(1)
	m.input.ShowLineNumbers = false
	m.input.Focus()
	return m
}

func (m *model) Init() tea.Cmd { return tea.Batch(textarea.Blink, m.spin.Tick) }

func (m *model) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.convo.Width, m.convo.Height = msg.Width, max(msg.Height-4, 1)
		m.input.SetWidth(msg.Width)
	case tea.KeyMsg:
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

// key handles a key: quit, an answer to the approval, a prompt sent, or
// typing.
func (m *model) key(k tea.KeyMsg) tea.Cmd {
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
		return tea.Batch(func() tea.Msg { return hostbridge.TurnStarted{} }, m.streamReply("Pushed to origin/main."))
	case k.Type == tea.KeyEnter && !m.busy:
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
		return tea.Batch(func() tea.Msg { return hostbridge.TurnStarted{} },
			tea.Tick(m.every, func(time.Time) tea.Msg { return failed("Error: rate limited") }))
	}
	return tea.Batch(func() tea.Msg { return hostbridge.TurnStarted{} }, m.streamReply("You said: "+prompt))
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
	m.convo.SetContent(strings.Join(m.lines, "\n"))
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
	m.convo.SetContent(strings.Join(m.lines, "\n"))
	m.convo.GotoBottom()
}

func (m *model) View() string {
	status := "ready"
	if m.busy {
		status = m.spin.View() + " working"
	}
	return m.convo.View() + "\n" + status + "\n" + m.input.View()
}
