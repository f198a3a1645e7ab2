package main

import (
	"os"
	"path/filepath"
	"runtime"
	"strings"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hostbridge/hostbridge/host/hosttest"
	hostbridge "github.com/hostbridge/hostbridge/teav2"
	"github.com/hostbridge/hostbridge/teav2/teatest"
)

// The golden tests run the chat as a person uses it, under each host, and
// compare what the hosts were told with testdata/<test>.golden
// (go test -run TestGolden -update rewrites them). They know nothing of
// the chat's Cmds: the kit waits for the messages that come back from
// them, and WaitModel waits on the chat's own busy field.

// idle is the chat's own idea of "the turn is over".
func idle(m tea.Model) bool { return !m.(*model).busy }

func conversation(t *testing.T, k *teatest.Kit) {
	t.Helper()
	k.Step(tea.FocusMsg{})
	k.Type("hello")
	k.Key("enter") // the reply streams, a word per tick
	k.WaitModel(idle)
	if v := k.View(); !strings.Contains(v, "You said: hello") {
		t.Errorf("no reply:\n%s", v)
	}

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

// TestGoldenApproval: an approval, then a streamed reply, on v2 (the
// README's "Testing your app" links the v1 chat as the fuller example).
func TestGoldenApproval(t *testing.T) {
	t.Parallel()
	h := hosttest.NewHerdr(t) // a real Unix socket server that answers like herdr
	k := teatest.New(t, newModel(time.Millisecond), h,
		teatest.WithBridgeOptions(hostbridge.WithAgent("streamchat")))
	k.Step(tea.BlurMsg{}) // looking elsewhere: pings
	k.Type("approve the push")
	k.Key("enter") // a Cmd returns hostbridge.Sequence(TurnStarted{}, ApprovalNeeded{...})
	k.Key("y")     // approved: TurnStarted again, the reply streams, a word per tea.Tick
	k.WaitModel(func(m tea.Model) bool { return !m.(*model).busy })
	k.Key("ctrl+c")
	if err := k.WaitFinished(); err != nil {
		t.Fatal(err)
	}
	hosttest.RequireGolden(t, k.Transcript()) // -update writes testdata/TestGoldenApproval.golden
}

// TestGoldenDenied: a denied approval ends the turn (Idle), nothing runs.
func TestGoldenDenied(t *testing.T) {
	t.Parallel()
	h := hosttest.NewHerdr(t)
	k := teatest.New(t, newModel(time.Millisecond), h,
		teatest.WithBridgeOptions(hostbridge.WithAgent("streamchat")))
	k.Step(tea.BlurMsg{})
	k.Type("approve the push")
	k.Key("enter")
	k.Key("n") // denied: the Update that clears busy returns the Idle
	if v := k.View(); !strings.Contains(v, "(denied)") || strings.Contains(v, "Pushed") {
		t.Errorf("not denied:\n%s", v)
	}
	if err := k.Quit(); err != nil {
		t.Fatal(err)
	}
	hosttest.RequireGolden(t, k.Transcript())
}

// TestTheme: the chat re-themes on the background hostbridge detects (the
// kit answers as a dark terminal; here a light one answers later).
func TestTheme(t *testing.T) {
	t.Parallel()
	k := teatest.New(t, newModel(time.Millisecond))
	light := hostbridge.PaletteFor(hostbridge.Background{Dark: false})
	k.Step(hostbridge.BackgroundDetected{Background: hostbridge.Background{Color: "#ffffff"}, Palette: light})
	if got := k.FinalModel().(*model).st.you.GetForeground(); got != light.User {
		t.Errorf("the user's lines are %v, want the light palette's %v", got, light.User)
	}
}

// TestSameAsV1: the transcripts are those of the v1 streamchat
// (examples/streamchat), byte for byte: on v2 the chat tells every host
// the same things.
func TestSameAsV1(t *testing.T) {
	v1 := filepath.Join("..", "..", "..", "examples", "streamchat", "testdata")
	names, err := filepath.Glob(filepath.Join(v1, "*.golden"))
	if err != nil || len(names) < 5 {
		t.Fatalf("v1's goldens: %v %v", names, err)
	}
	for _, theirs := range names {
		want, err := os.ReadFile(theirs)
		if err != nil {
			t.Fatal(err)
		}
		mine := filepath.Join("testdata", filepath.Base(theirs))
		got, err := os.ReadFile(mine)
		if err != nil {
			t.Errorf("%s: %v", mine, err)
		} else if string(got) != string(want) {
			t.Errorf("%s differs from v1's %s", mine, theirs)
		}
	}
}
