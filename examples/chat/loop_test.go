package main

import (
	"reflect"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/hostbridge/hostbridge"
)

// loop is a stand-in for Bubble Tea's event loop, for unit tests: it runs
// each command in place (a tea.Tick blocks for its duration, so tests run
// it inside synctest, where time is virtual) and hands its message to the
// model at once, before the next command of a sequence runs, as the
// program does. It records the hostbridge messages in the order the model
// sees them, and stops when nothing is left to do: the model waits for the
// user.
type loop struct {
	t    *testing.T
	m    tea.Model
	out  []tea.Msg
	quit bool
}

func newLoop(t *testing.T, m tea.Model) *loop {
	return &loop{t: t, m: m}
}

// init runs the model's Init and what follows from it.
func (l *loop) init() []tea.Msg { return l.collect(func() { l.exec(l.m.Init()) }) }

// send delivers msgs and everything that follows from them, and returns
// the hostbridge messages emitted on the way (and a tea.QuitMsg, if any).
func (l *loop) send(msgs ...tea.Msg) []tea.Msg {
	return l.collect(func() {
		for _, msg := range msgs {
			l.deliver(msg)
		}
	})
}

// typeLine types text and presses enter.
func (l *loop) typeLine(text string) []tea.Msg {
	return l.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(text)}, tea.KeyMsg{Type: tea.KeyEnter})
}

// press sends one key: a rune, or a special key.
func (l *loop) press(k tea.KeyType, runes ...rune) []tea.Msg {
	return l.send(tea.KeyMsg{Type: k, Runes: runes})
}

func (l *loop) collect(f func()) []tea.Msg {
	l.out = nil
	f()
	return l.out
}

func (l *loop) deliver(msg tea.Msg) {
	if l.quit {
		return // the program has stopped
	}
	if isHostMsg(msg) {
		l.out = append(l.out, msg)
	}
	if _, ok := msg.(tea.QuitMsg); ok {
		l.out = append(l.out, msg)
		l.quit = true
		return
	}
	var cmd tea.Cmd
	l.m, cmd = l.m.Update(msg)
	l.exec(cmd)
}

// exec runs cmd, and each command it batches or sequences in order,
// delivering each message as it comes.
func (l *loop) exec(cmd tea.Cmd) {
	if cmd == nil || l.quit {
		return
	}
	msg := cmd()
	if cmds, ok := cmdList(msg); ok {
		for _, c := range cmds {
			l.exec(c)
		}
		return
	}
	if msg != nil {
		l.deliver(msg)
	}
}

// runCmd runs cmd and what it batches or sequences, in order.
func runCmd(cmd tea.Cmd) []tea.Msg {
	if cmd == nil {
		return nil
	}
	msg := cmd()
	if cmds, ok := cmdList(msg); ok {
		var out []tea.Msg
		for _, c := range cmds {
			out = append(out, runCmd(c)...)
		}
		return out
	}
	if msg == nil {
		return nil
	}
	return []tea.Msg{msg}
}

// cmdList recognises tea.BatchMsg and Bubble Tea's unexported sequence
// message: both are lists of commands.
func cmdList(msg tea.Msg) ([]tea.Cmd, bool) {
	if b, ok := msg.(tea.BatchMsg); ok {
		return b, true
	}
	v := reflect.ValueOf(msg)
	if !v.IsValid() || v.Kind() != reflect.Slice || v.Type().Elem() != reflect.TypeFor[tea.Cmd]() {
		return nil, false
	}
	cmds := make([]tea.Cmd, v.Len())
	for i := range cmds {
		cmds[i] = v.Index(i).Interface().(tea.Cmd)
	}
	return cmds, true
}

func isHostMsg(msg tea.Msg) bool {
	switch msg.(type) {
	case hostbridge.TurnStarted, hostbridge.ApprovalNeeded, hostbridge.TurnFailed, hostbridge.Idle,
		hostbridge.SessionSaved, hostbridge.MetaChanged, hostbridge.SubAgentStarted,
		hostbridge.SubAgentProgressed, hostbridge.SubAgentWaiting, hostbridge.SubAgentEnded:
		return true
	}
	return false
}

// testChat is a chat with the dark palette and a session under dir.
func testChat(t *testing.T, delay time.Duration) *chat {
	t.Helper()
	root := t.TempDir()
	c := newChat(chatConfig{
		agent: "chat", delay: delay, styles: newStyles(hostbridge.PaletteFor(hostbridge.Background{Dark: true})),
		root: root, session: openSession(root, "s1"),
	})
	c.attach("terminal", systemPrompt("chat", "/work", []string{"host: herdr", "herdr pane: w1:p2"}))
	return c
}
