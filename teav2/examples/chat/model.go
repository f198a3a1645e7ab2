package main

import (
	"time"

	"charm.land/bubbles/v2/key"
	"charm.land/bubbles/v2/textinput"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"

	"github.com/hostbridge/hostbridge/internal/chatscript"
	hostbridge "github.com/hostbridge/hostbridge/teav2"
)

// chat is the chat screen: the conversation in a viewport, the prompt
// below it and a status line, around the scripted chat's state
// (chatscript.Chat, shared with the v1 chat). It knows nothing of hosts:
// it sends the hostbridge messages (TurnStarted, ApprovalNeeded, ...) from
// its commands, and the model Wrap puts around it tells the hosts.
type chat struct {
	chatscript.Chat
	st styles
	// fixedTheme: -background chose the palette; the terminal's answer
	// does not change it.
	fixedTheme bool

	input  textinput.Model
	vp     viewport.Model
	width  int
	height int
}

// chatConfig is what a chat starts with.
type chatConfig struct {
	agent      string
	delay      time.Duration
	styles     styles
	fixedTheme bool
	root       string
	session    session
	history    []entry
}

func newChat(c chatConfig) *chat {
	in := textinput.New()
	in.Prompt = "> "
	in.CharLimit = 2000
	in.SetStyles(inputStyles(c.styles)) // a static cursor: fewer frames to draw
	in.Focus()

	vp := viewport.New(viewport.WithWidth(80), viewport.WithHeight(20))
	vp.KeyMap = viewport.KeyMap{ // only keys that never type text
		PageUp:   key.NewBinding(key.WithKeys("pgup")),
		PageDown: key.NewBinding(key.WithKeys("pgdown")),
	}
	m := &chat{
		Chat: chatscript.Chat{
			Agent: c.agent, Delay: c.delay, Root: c.root, Sess: c.session,
			Host: "terminal", Model: startModel, Conv: conversation{Entries: c.history},
		},
		st: c.styles, fixedTheme: c.fixedTheme, input: in, vp: vp,
	}
	m.focusInput()
	m.resize(80, 24)
	return m
}

// attach tells the chat what Wrap detected: the host's name for the status
// line, and the system prompt that carries its environment lines.
func (m *chat) attach(hostName, system string) {
	m.Host, m.System = hostName, system
}

// Init tells the hosts the model's facts once, as a real chat would.
func (m *chat) Init() tea.Cmd { return cmd(m.Chat.Init()) }

// Update handles keys, window sizes and the scripted model's ticks.
func (m *chat) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case tea.WindowSizeMsg:
		m.resize(msg.Width, msg.Height)
		return m, nil
	case hostbridge.BackgroundDetected:
		m.retheme(msg.Palette)
		return m, nil
	case stepMsg:
		return m, m.do(m.Step(msg.turn))
	case tea.KeyPressMsg:
		return m.key(msg)
	}
	var cmd tea.Cmd
	m.input, cmd = m.input.Update(msg)
	return m, cmd
}

// do shows what an action of the chat's state changed and returns its
// effects as a command.
func (m *chat) do(fx []chatscript.Effect) tea.Cmd {
	m.focusInput()
	m.refresh()
	return cmd(fx)
}

// focusInput blurs the prompt while a y/n answer is expected, and says
// what it is for.
func (m *chat) focusInput() {
	text, focused := m.Placeholder()
	m.input.Placeholder = text
	if focused {
		m.input.Focus()
	} else {
		m.input.Blur()
	}
}

// cmd is the command that runs fx in order: a message sent, a turn's
// timer (tick), or the end of the program.
func cmd(fx []chatscript.Effect) tea.Cmd {
	cmds := make([]tea.Cmd, 0, len(fx))
	for _, e := range fx {
		switch e.Kind {
		case chatscript.EffectQuit:
			cmds = append(cmds, tea.Quit)
		case chatscript.EffectTick:
			cmds = append(cmds, tick(e.Turn, e.After))
		default:
			cmds = append(cmds, emit(e.Msg))
		}
	}
	switch len(cmds) {
	case 0:
		return nil
	case 1:
		return cmds[0]
	}
	return tea.Sequence(cmds...)
}

// retheme makes the styles for the terminal's background, unless
// -background chose them.
func (m *chat) retheme(p hostbridge.Palette) {
	if m.fixedTheme || (p.Name == "dark") == m.st.dark {
		return
	}
	m.st = newStyles(p)
	m.input.SetStyles(inputStyles(m.st))
	m.refresh()
}

// emit is a command that sends msg to the program: how the chat tells
// hostbridge (and itself) what happened.
func emit(msg tea.Msg) tea.Cmd { return func() tea.Msg { return msg } }
