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
// it inside synctest, where time is virtual), feeds the messages back to
// the model, and records the hostbridge messages, in the order the
// program would deliver them. It stops when nothing is left to do: the
// model waits for the user.
type loop struct {
	t *testing.T
	m tea.Model
}

func newLoop(t *testing.T, m tea.Model) *loop {
	return &loop{t: t, m: m}
}

// init runs the model's Init and what follows from it.
func (l *loop) init() []tea.Msg { return l.run(runCmd(l.m.Init())) }

// send delivers msgs and everything that follows from them, and returns
// the hostbridge messages emitted on the way (and a tea.QuitMsg, if any).
func (l *loop) send(msgs ...tea.Msg) []tea.Msg { return l.run(msgs) }

// typeLine types text and presses enter.
func (l *loop) typeLine(text string) []tea.Msg {
	return l.send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(text)}, tea.KeyMsg{Type: tea.KeyEnter})
}

// press sends one key: a rune, or a special key.
func (l *loop) press(k tea.KeyType, runes ...rune) []tea.Msg {
	return l.send(tea.KeyMsg{Type: k, Runes: runes})
}

func (l *loop) run(queue []tea.Msg) []tea.Msg {
	var out []tea.Msg
	for len(queue) > 0 {
		msg := queue[0]
		queue = queue[1:]
		if isHostMsg(msg) {
			out = append(out, msg)
		}
		if _, ok := msg.(tea.QuitMsg); ok {
			out = append(out, msg)
			continue // the program would stop here
		}
		var cmd tea.Cmd
		l.m, cmd = l.m.Update(msg)
		queue = append(queue, runCmd(cmd)...)
	}
	return out
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
		agent: "chat", delay: delay, styles: newStyles(hostbridge.DarkPalette()),
		root: root, session: openSession(root, "s1"),
	})
	c.attach("terminal", systemPrompt("chat", "/work", []string{"host: herdr", "herdr pane: w1:p2"}))
	return c
}
