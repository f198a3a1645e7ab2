package main

import (
	"time"

	"github.com/charmbracelet/bubbles/cursor"
	"github.com/charmbracelet/bubbles/key"
	"github.com/charmbracelet/bubbles/textinput"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"
	"github.com/hostbridge/hostbridge"
	"github.com/hostbridge/hostbridge/internal/chatscript"
)

// chat is the chat screen: the conversation in a viewport, the prompt
// below it and a status line. It knows nothing of hosts: it sends the
// hostbridge messages (TurnStarted, ApprovalNeeded, ...) from its commands,
// and the model Wrap puts around it tells the hosts.
type chat struct {
	agent  string
	delay  time.Duration
	st     styles
	root   string // where session directories live ("" when nowhere)
	sess   session
	host   string // the detected host's name, for the status line
	system string // the system prompt, shown by /system

	input  textinput.Model
	vp     viewport.Model
	conv   conversation
	width  int
	height int

	turn   *turn // the running turn, nil when it is your move
	turns  int   // turns started, to tell a current tick from a stale one
	ended  int   // turns ended, for the scripted cost
	failed string
	model  string
}

// chatConfig is what a chat starts with.
type chatConfig struct {
	agent   string
	delay   time.Duration
	styles  styles
	root    string
	session session
	history []entry
}

func newChat(c chatConfig) *chat {
	in := textinput.New()
	in.Prompt = "> "
	in.Placeholder = placeholder
	in.CharLimit = 2000
	in.PromptStyle = c.styles.prompt
	in.TextStyle = c.styles.text
	in.PlaceholderStyle = c.styles.placeholder
	in.Cursor.SetMode(cursor.CursorStatic) // no blink: fewer frames to draw
	in.Focus()

	vp := viewport.New(80, 20)
	vp.KeyMap = viewport.KeyMap{ // only keys that never type text
		PageUp:   key.NewBinding(key.WithKeys("pgup")),
		PageDown: key.NewBinding(key.WithKeys("pgdown")),
	}
	m := &chat{
		agent: c.agent, delay: c.delay, st: c.styles, root: c.root, sess: c.session,
		host: "terminal", input: in, vp: vp, model: startModel,
		conv: conversation{Entries: c.history},
	}
	m.resize(80, 24)
	return m
}

// attach tells the chat what Wrap detected: the host's name for the status
// line, and the system prompt that carries its environment lines.
func (m *chat) attach(hostName, system string) {
	m.host, m.system = hostName, system
}

// Init tells the hosts the model's facts once, as a real chat would.
func (m *chat) Init() tea.Cmd { return emit(m.meta()) }

// Update handles keys, window sizes and the scripted model's ticks.
func (m *chat) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.resize(msg.Width, msg.Height)
		return m, nil
	case stepMsg:
		if m.turn == nil || msg.turn != m.turn.ID || m.turn.Waiting != waitNone {
			return m, nil // a tick of a turn that ended or waits for you
		}
		return m, m.run()
	case tea.KeyMsg:
		return m.key(msg)
	}
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg)
	return m, cmd
}

// run runs the turn's steps that are due, and returns the messages they
// emit, in order, followed by the timer of the next step.
func (m *chat) run() tea.Cmd {
	t := m.turn
	steps, next, more := t.Due()
	var cmds []tea.Cmd
	for _, s := range steps {
		if s.Note != "" {
			m.conv.Add(roleTool, s.Note)
		}
		if s.Ask != "" && s.Wait == waitAnswer {
			m.conv.Add(roleAsk, s.Ask)
		} else if s.Ask != "" {
			m.conv.Add(roleAsk, s.Ask+" (y/n)")
		}
		if s.Say != "" {
			m.conv.Say(s.Say)
		}
		if s.Fail != "" {
			m.conv.Add(roleError, s.Fail)
			m.failed = s.Fail
		}
		for _, msg := range s.Emit {
			cmds = append(cmds, emit(msg))
		}
		if s.Done {
			m.turn = nil
			m.ended++
			cmds = append(cmds, emit(m.meta()))
		}
	}
	if more {
		cmds = append(cmds, tick(t.ID, next))
	}
	m.focusInput()
	m.refresh()
	return tea.Sequence(cmds...)
}

// waiting says what the running turn waits for, if anything.
func (m *chat) waiting() waitKind {
	if m.turn == nil {
		return waitNone
	}
	return m.turn.Waiting
}

// focusInput blurs the prompt while a y/n answer is expected, and says
// what it is for.
func (m *chat) focusInput() {
	switch m.waiting() {
	case waitApproval, waitSubAgent:
		m.input.Blur()
		m.input.Placeholder = "press y or n"
	case waitAnswer:
		m.input.Focus()
		m.input.Placeholder = "type your answer and press enter"
	default:
		m.input.Focus()
		m.input.Placeholder = placeholder
	}
}

const placeholder = "Ask something: try approve, ask, fail, slow, delegate; /help"

// meta is the model's facts as hosts show them.
func (m *chat) meta() hostbridge.MetaChanged { return chatscript.Meta(m.model, &m.conv, m.ended) }

func (m *chat) info(text string) {
	m.conv.Add(roleInfo, text)
	m.refresh()
}

// emit is a command that sends msg to the program: how the chat tells
// hostbridge (and itself) what happened.
func emit(msg tea.Msg) tea.Cmd { return func() tea.Msg { return msg } }
