package main

// The fresh modules' sources: a program that wraps a model and sends a
// message, and a test with the frontend's kit.

const v1Main = `package main

import (
	"os"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/hostbridge/hostbridge"
)

type app struct{}

func (app) Init() tea.Cmd { return nil }
func (a app) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(tea.KeyMsg); ok {
		return a, hostbridge.Sequence(hostbridge.TurnStarted{})
	}
	return a, nil
}
func (app) View() string { return "> " }

func main() {
	m := hostbridge.Wrap(app{}, hostbridge.WithAgent("chat"))
	defer m.Close()
	if len(os.Args) > 1 {
		_, _ = tea.NewProgram(m, tea.WithFilter(m.Filter)).Run()
	}
}
`

const v1Test = `package main

import (
	"strings"
	"testing"

	"github.com/hostbridge/hostbridge"
	"github.com/hostbridge/hostbridge/teatest"
)

func TestTurn(t *testing.T) {
	k := teatest.New(t, app{}, teatest.WithBridgeOptions(hostbridge.WithAgent("chat")))
	k.Send(hostbridge.TurnStarted{})
	k.Key("enter")
	if err := k.Quit(); err != nil {
		t.Fatal(err)
	}
	if tr := k.Transcript(); !strings.Contains(tr, "progress 3") {
		t.Fatalf("no working bar in the transcript:\n%s", tr)
	}
}
`

const v2Main = `package main

import (
	"os"

	tea "charm.land/bubbletea/v2"

	hostbridge "github.com/hostbridge/hostbridge/teav2"
)

type app struct{}

func (app) Init() tea.Cmd { return nil }
func (a app) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(tea.KeyPressMsg); ok {
		return a, hostbridge.Sequence(hostbridge.TurnStarted{})
	}
	return a, nil
}
func (app) View() tea.View { return tea.NewView("> ") }

func main() {
	m := hostbridge.Wrap(app{}, hostbridge.WithAgent("chat"))
	defer m.Close()
	if len(os.Args) > 1 {
		_, _ = tea.NewProgram(m).Run()
	}
}
`

const v2Test = `package main

import (
	"strings"
	"testing"

	hostbridge "github.com/hostbridge/hostbridge/teav2"
	"github.com/hostbridge/hostbridge/teav2/teatest"
)

func TestTurn(t *testing.T) {
	k := teatest.New(t, app{}, teatest.WithBridgeOptions(hostbridge.WithAgent("chat")))
	k.Send(hostbridge.TurnStarted{})
	k.Key("enter")
	if err := k.Quit(); err != nil {
		t.Fatal(err)
	}
	if tr := k.Transcript(); !strings.Contains(tr, "progress 3") {
		t.Fatalf("no working bar in the transcript:\n%s", tr)
	}
}
`
