package main

import (
	"reflect"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/hostbridge/hostbridge"
)

// meta is the MetaChanged a chat with the scripted model sends after n
// turns of a short conversation.
func meta(n int) hostbridge.MetaChanged {
	return hostbridge.MetaChanged{Model: startModel, Context: "0%", Cost: []string{"$0.00", "$0.01", "$0.02"}[n]}
}

// TestScripts runs each scripted prompt through the chat, with the
// program's event loop stood in for, and checks the hostbridge messages
// each stage emits, in order, and how long it takes (virtual time).
func TestScripts(t *testing.T) {
	const d = time.Second
	subStarted := hostbridge.SubAgentStarted{ID: subAgentID, Type: "explore · Scripted 1 · chat", Task: "Fix the flaky test"}
	shell := hostbridge.SubAgentProgressed{ID: subAgentID, Tool: "shell"}
	waiting := hostbridge.SubAgentWaiting{ID: subAgentID, On: "Allow shell"}
	push := hostbridge.ApprovalNeeded{Tool: "shell", Action: "git push"}
	question := hostbridge.ApprovalNeeded{Question: "Which branch should I use?"}

	yes := func(l *loop) []tea.Msg { return l.press(tea.KeyRunes, 'y') }
	no := func(l *loop) []tea.Msg { return l.press(tea.KeyRunes, 'n') }
	esc := func(l *loop) []tea.Msg { return l.press(tea.KeyEsc) }

	tests := []struct {
		name, prompt string
		want         []tea.Msg
		took         time.Duration
		then         func(*loop) []tea.Msg
		want2        []tea.Msg
		took2        time.Duration
	}{
		{name: "reply", prompt: "hello", took: d,
			want: []tea.Msg{hostbridge.TurnStarted{}, hostbridge.Idle{Reply: "You said: hello"}, meta(1)}},
		{name: "fail", prompt: "fail now", took: d,
			want: []tea.Msg{hostbridge.TurnStarted{}, hostbridge.TurnFailed{Headline: "Error: scripted failure"}, meta(1)}},
		{name: "slow", prompt: "slow please", took: 20 * time.Second,
			want: []tea.Msg{hostbridge.TurnStarted{}, hostbridge.Idle{Reply: "You said: slow please"}, meta(1)}},
		{name: "approve yes", prompt: "approve this", took: d / 4,
			want: []tea.Msg{hostbridge.TurnStarted{}, push},
			then: yes, took2: d * 3 / 4,
			want2: []tea.Msg{hostbridge.TurnStarted{}, hostbridge.Idle{Reply: "Pushed. You said: approve this"}, meta(1)}},
		{name: "approve no", prompt: "approve this", took: d / 4,
			want:  []tea.Msg{hostbridge.TurnStarted{}, push},
			then:  no,
			want2: []tea.Msg{hostbridge.Idle{Reply: "Denied: shell did not run git push."}, meta(1)}},
		{name: "approve interrupted", prompt: "approve this", took: d / 4,
			want:  []tea.Msg{hostbridge.TurnStarted{}, push},
			then:  esc,
			want2: []tea.Msg{hostbridge.Idle{Reply: "Interrupted."}, meta(1)}},
		{name: "ask", prompt: "ask me", took: d / 4,
			want: []tea.Msg{hostbridge.TurnStarted{}, question},
			then: func(l *loop) []tea.Msg { return l.typeLine("dev") }, took2: d * 3 / 4,
			want2: []tea.Msg{hostbridge.TurnStarted{}, hostbridge.Idle{Reply: "Using branch dev. You said: ask me"}, meta(1)}},
		{name: "delegate yes", prompt: "delegate it", took: d * 3 / 5,
			want: []tea.Msg{hostbridge.TurnStarted{}, subStarted, shell, waiting},
			then: yes, took2: d * 2 / 5,
			want2: []tea.Msg{shell, hostbridge.SubAgentEnded{ID: subAgentID, Result: subResult},
				hostbridge.Idle{Reply: "Fixed the flaky test. You said: delegate it"}, meta(1)}},
		{name: "delegate no", prompt: "delegate it", took: d * 3 / 5,
			want: []tea.Msg{hostbridge.TurnStarted{}, subStarted, shell, waiting},
			then: no, took2: d * 2 / 5,
			want2: []tea.Msg{hostbridge.SubAgentEnded{ID: subAgentID, Err: "shell was denied"},
				hostbridge.Idle{Reply: "The sub-agent could not run shell. You said: delegate it"}, meta(1)}},
		{name: "delegate interrupted", prompt: "delegate it", took: d * 3 / 5,
			want: []tea.Msg{hostbridge.TurnStarted{}, subStarted, shell, waiting},
			then: esc,
			want2: []tea.Msg{hostbridge.SubAgentEnded{ID: subAgentID, Stopped: true},
				hostbridge.Idle{Reply: "Interrupted."}, meta(1)}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				l := newLoop(t, testChat(t, d))
				if got := l.init(); !reflect.DeepEqual(got, []tea.Msg{meta(0)}) {
					t.Fatalf("Init emitted %#v", got)
				}
				start := time.Now()
				got := l.typeLine(tt.prompt)
				if !reflect.DeepEqual(got, tt.want) {
					t.Fatalf("prompt %q emitted\n%#v\nwant\n%#v", tt.prompt, got, tt.want)
				}
				if took := time.Since(start); took != tt.took {
					t.Errorf("prompt took %v, want %v", took, tt.took)
				}
				if tt.then == nil {
					return
				}
				start = time.Now()
				got = tt.then(l)
				if !reflect.DeepEqual(got, tt.want2) {
					t.Fatalf("answer emitted\n%#v\nwant\n%#v", got, tt.want2)
				}
				if took := time.Since(start); took != tt.took2 {
					t.Errorf("answer took %v, want %v", took, tt.took2)
				}
				if c := l.m.(*chat); c.Turn != nil {
					t.Errorf("turn still running: %+v", c.Turn)
				}
			})
		})
	}
}

// TestWordByWord checks the reply streams: each tick adds one word.
func TestWordByWord(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := testChat(t, 300*time.Millisecond)
		_, cmd := c.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("hi")})
		runCmd(cmd)
		_, cmd = c.Update(tea.KeyMsg{Type: tea.KeyEnter})
		msgs := runCmd(cmd) // TurnStarted, then the first tick
		var replies []string
		for len(msgs) > 0 {
			msg := msgs[len(msgs)-1]
			if _, ok := msg.(stepMsg); !ok {
				break
			}
			_, cmd = c.Update(msg)
			msgs = runCmd(cmd)
			replies = append(replies, c.Conv.Entries[len(c.Conv.Entries)-1].Text)
		}
		want := []string{"You", "You said:", "You said: hi"}
		if !reflect.DeepEqual(replies, want) {
			t.Errorf("reply grew as %q, want %q", replies, want)
		}
	})
}

func TestPromptWhileRunning(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := testChat(t, time.Second)
		l := newLoop(t, c)
		c.input.SetValue("first")
		_, cmd := c.Update(tea.KeyMsg{Type: tea.KeyEnter}) // the turn's timer is never run
		if cmd == nil || c.Turn == nil {
			t.Fatal("no turn started")
		}
		if got := l.typeLine("second"); len(got) != 0 {
			t.Errorf("a prompt during a turn emitted %#v", got)
		}
		if c.input.Value() != "second" {
			t.Errorf("input = %q, want the refused prompt kept", c.input.Value())
		}
		if last := c.Conv.Entries[len(c.Conv.Entries)-1]; last.Role != roleInfo {
			t.Errorf("last entry %+v, want an info line", last)
		}
		// An interrupted turn's timer firing late changes nothing.
		id := c.Turn.ID
		if got := l.press(tea.KeyEsc); !reflect.DeepEqual(got, []tea.Msg{hostbridge.Idle{Reply: "Interrupted."}, meta(1)}) {
			t.Fatalf("esc emitted %#v", got)
		}
		if got := l.send(stepMsg{turn: id}); len(got) != 0 {
			t.Errorf("a stale tick emitted %#v", got)
		}
	})
}

func TestApprovalKeys(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := testChat(t, time.Second)
		l := newLoop(t, c)
		l.typeLine("approve")
		if c.Waiting() != waitApproval {
			t.Fatalf("waiting = %v", c.Waiting())
		}
		if !strings.Contains(c.View(), "needs you") {
			t.Errorf("status does not say the chat needs you:\n%s", c.View())
		}
		if got := l.press(tea.KeyRunes, 'x'); len(got) != 0 || c.input.Value() != "" {
			t.Errorf("x while waiting: emitted %#v, input %q", got, c.input.Value())
		}
		if got := l.press(tea.KeyRunes, 'Y'); len(got) == 0 {
			t.Error("Y did not answer")
		}
	})
}

func TestQuit(t *testing.T) {
	for _, k := range []tea.KeyMsg{{Type: tea.KeyCtrlC}} {
		c := testChat(t, time.Second)
		if _, cmd := c.Update(k); !isTeaQuit(cmd) {
			t.Errorf("%v: cmd is not tea.Quit itself (Wrap would not see the exit)", k)
		}
	}
	c := testChat(t, time.Second)
	c.input.SetValue("/quit")
	if _, cmd := c.Update(tea.KeyMsg{Type: tea.KeyEnter}); !isTeaQuit(cmd) {
		t.Error("/quit: cmd is not tea.Quit itself")
	}
}

func isTeaQuit(cmd tea.Cmd) bool {
	return cmd != nil && reflect.ValueOf(cmd).Pointer() == reflect.ValueOf(tea.Quit).Pointer()
}
