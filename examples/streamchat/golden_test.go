package main

import (
	"runtime"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/hostbridge/hostbridge"
	"github.com/hostbridge/hostbridge/host/hosttest"
	"github.com/hostbridge/hostbridge/teatest"
)

// The golden tests run the chat as a person uses it, under each host, and
// compare what the hosts were told with testdata/<test>.golden. They know
// nothing of the chat's Cmds: the kit waits for the messages that come
// back from them, and WaitModel waits on the chat's own busy field.

// idle is the chat's own idea of "the turn is over".
func idle(m tea.Model) bool { return !m.(*model).busy }

func conversation(t *testing.T, k *teatest.Kit) {
	t.Helper()
	k.Step(tea.FocusMsg{})
	k.Type("hello")
	k.Key("enter") // the reply streams, a word per tick
	k.WaitModel(idle)

	k.Step(tea.BlurMsg{}) // looking elsewhere: pings from now on
	k.Type("approve the push")
	k.Key("enter") // working, then blocked: two messages from one Cmd
	if v := k.View(); !strings.Contains(v, "allow shell: git push? (y/n)") {
		t.Errorf("the chat does not ask:\n%s", v)
	}
	k.Key("y")
	k.WaitModel(idle)

	k.Type("make it fail")
	k.Key("enter")
	k.WaitModel(idle)

	k.Key("ctrl+c")
	if err := k.WaitFinished(); err != nil {
		t.Errorf("exit: %v", err)
	}
}

func run(t *testing.T, hosts ...hosttest.Option) string {
	t.Helper()
	opts := append(hosts, teatest.WithBridgeOptions(hostbridge.WithAgent("streamchat")))
	k := teatest.New(t, newModel(time.Millisecond), opts...)
	conversation(t, k)
	return k.Transcript()
}

func TestGoldenTerminal(t *testing.T) {
	t.Parallel()
	hosttest.RequireGolden(t, run(t))
}

func TestGoldenHerdr(t *testing.T) {
	t.Parallel()
	h := hosttest.NewHerdr(t)
	hosttest.RequireGolden(t, run(t, h))
	if p := h.Pane(); !p.Released {
		t.Errorf("pane not released: %+v", p)
	}
}

func TestGoldenTuios(t *testing.T) {
	t.Parallel()
	hosttest.RequireGolden(t, run(t, hosttest.NewTuios(t)))
}

func TestGoldenCmux(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the fake cmux is a POSIX sh script")
	}
	t.Parallel()
	hosttest.RequireGolden(t, run(t, hosttest.NewCmux(t)))
}

// TestGoldenApproval: an approval, then a streamed reply (the README's
// "Testing your app" links this chat as the fuller example).
func TestGoldenApproval(t *testing.T) {
	t.Parallel()
	h := hosttest.NewHerdr(t) // a real Unix socket server that answers like herdr
	k := teatest.New(t, newModel(time.Millisecond), h,
		teatest.WithBridgeOptions(hostbridge.WithAgent("streamchat")))
	k.Step(tea.BlurMsg{}) // looking elsewhere: pings
	k.Type("approve the push")
	k.Key("enter") // a Cmd returns hostbridge.Sequence(TurnStarted{}, ApprovalNeeded{...})
	k.Key("y")     // approved: the reply streams, a word per tea.Tick
	k.WaitModel(func(m tea.Model) bool { return !m.(*model).busy })
	k.Key("ctrl+c")
	if err := k.WaitFinished(); err != nil {
		t.Fatal(err)
	}
	hosttest.RequireGolden(t, k.Transcript()) // -update writes testdata/TestGoldenApproval.golden
}
