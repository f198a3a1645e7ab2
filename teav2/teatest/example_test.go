package teatest_test

import (
	"fmt"
	"time"

	tea "charm.land/bubbletea/v2"

	hostbridge "github.com/hostbridge/hostbridge/teav2"
	"github.com/hostbridge/hostbridge/teav2/teatest"
)

// prompt is an app model that sends hostbridge's messages from its Cmds:
// enter starts a turn that at once needs an approval, y approves it and
// the turn ends.
type prompt struct{ line string }

func (prompt) Init() tea.Cmd { return nil }
func (p prompt) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	key, ok := msg.(tea.KeyPressMsg)
	switch {
	case !ok:
	case key.Code == tea.KeyEnter:
		return prompt{}, hostbridge.Sequence(hostbridge.TurnStarted{}, hostbridge.ApprovalNeeded{Tool: "shell", Action: "git push"})
	case key.String() == "y" && p.line == "":
		return p, func() tea.Msg { return hostbridge.Idle{Reply: "Pushed."} }
	default:
		p.line += key.Text // v2: what the key types ("space" is its name)
	}
	return p, nil
}
func (p prompt) View() tea.View { return tea.NewView("> " + p.line) }

// exampleT stands in for the *testing.T a test passes to New: an Example
// has none. It is a hosttest.TB: Errorf prints, Fatalf panics, and Done
// runs the cleanups, last first, as the end of a test does.
type exampleT struct{ cleanups []func() }

func (*exampleT) Helper()                      {}
func (*exampleT) Name() string                 { return "Example" }
func (*exampleT) Errorf(f string, args ...any) { fmt.Printf("error: "+f+"\n", args...) }
func (*exampleT) Fatalf(f string, args ...any) { panic(fmt.Sprintf(f, args...)) }
func (e *exampleT) Cleanup(f func())           { e.cleanups = append(e.cleanups, f) }
func (e *exampleT) Done() {
	for i := len(e.cleanups) - 1; i >= 0; i-- {
		e.cleanups[i]()
	}
}

func ExampleNew() {
	t := &exampleT{} // in a test: the test's t
	defer t.Done()

	// In a test, pass hosttest.NewHerdr(t) and the like to run in a fake
	// host's pane, and compare with a golden file:
	// hosttest.RequireGolden(t, k.Transcript()).
	k := teatest.New(t, prompt{}, teatest.WithBridgeOptions(hostbridge.WithAgent("chat")))
	k.Step(tea.BlurMsg{}) // looking elsewhere: pings
	k.Type("push it")
	fmt.Println(k.View())
	k.Key("enter") // waits for the Cmd and both messages it carries
	k.Key("y")
	_ = k.Quit()
	fmt.Print(k.Transcript())
	// Output:
	// > push it
	// terminal progress 0
	// terminal progress 3
	// terminal progress 4;100
	// terminal ping "approve shell: git push"
	// terminal progress 0
	// terminal ping "Pushed."
	// terminal progress 0
}

// reply is a chat whose reply arrives after a timer, as a streamed one
// does: the turn starts at once, and the Update that clears busy returns
// the Idle as a Cmd.
type reply struct{ busy bool }

type replied struct{}

func (reply) Init() tea.Cmd { return nil }
func (r reply) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg.(type) {
	case tea.KeyPressMsg:
		return reply{busy: true}, tea.Batch(func() tea.Msg { return hostbridge.TurnStarted{} },
			tea.Tick(time.Millisecond, func(time.Time) tea.Msg { return replied{} }))
	case replied:
		return reply{}, func() tea.Msg { return hostbridge.Idle{Reply: "Done."} }
	}
	return r, nil
}
func (reply) View() tea.View { return tea.View{} }

func ExampleKit_WaitModel() {
	t := &exampleT{}
	defer t.Done()
	k := teatest.New(t, reply{})
	k.Step(tea.BlurMsg{})
	k.Key("enter") // returns before the timer fires: it is not waited for
	k.WaitModel(func(m tea.Model) bool { return !m.(reply).busy })
	fmt.Print(k.Transcript()) // the Idle of the Update that cleared busy is in
	fmt.Println(k.FinalModel().(reply).busy)
	// Output:
	// terminal progress 0
	// terminal progress 3
	// terminal progress 0
	// terminal ping "Done."
	// false
}
