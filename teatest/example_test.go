package teatest_test

import (
	"fmt"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/hostbridge/hostbridge"
	"github.com/hostbridge/hostbridge/teatest"
)

// prompt is an app model that sends hostbridge's messages from its Cmds:
// enter starts a turn that at once needs an approval, y approves it and
// the turn ends.
type prompt struct{ line string }

func (prompt) Init() tea.Cmd { return nil }
func (p prompt) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	key, ok := msg.(tea.KeyMsg)
	switch {
	case !ok:
	case key.Type == tea.KeyEnter:
		return prompt{}, hostbridge.Sequence(hostbridge.TurnStarted{}, hostbridge.ApprovalNeeded{Tool: "shell", Action: "git push"})
	case key.String() == "y" && p.line == "":
		return p, func() tea.Msg { return hostbridge.Idle{Reply: "Pushed."} }
	default:
		p.line += key.String()
	}
	return p, nil
}
func (p prompt) View() string { return "> " + p.line }

// exampleT stands in for the *testing.T a test passes to New: an Example
// has none.
type exampleT struct{ cleanups []func() }

func (*exampleT) Helper()                      {}
func (*exampleT) Name() string                 { return "Example" }
func (e *exampleT) Cleanup(f func())           { e.cleanups = append(e.cleanups, f) }
func (*exampleT) Errorf(f string, args ...any) { fmt.Printf("error: "+f+"\n", args...) }
func (*exampleT) Fatalf(f string, args ...any) { panic(fmt.Sprintf(f, args...)) }
func (e *exampleT) done() {
	for i := len(e.cleanups) - 1; i >= 0; i-- {
		e.cleanups[i]()
	}
}

func ExampleNew() {
	t := &exampleT{} // in a test: the test's t
	defer t.done()

	// In a test, pass teatest.NewHerdr(t) and the like to run in a fake
	// host's pane, and compare with a golden file:
	// teatest.RequireGolden(t, k.Transcript()).
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

func ExampleTerminal() {
	var term teatest.Terminal // what a terminal would receive
	fmt.Fprint(&term, "\x1b[2K> hello\r\n", ansi.SetIndeterminateProgressBar)
	fmt.Fprint(&term, ansi.TmuxPassthrough(ansi.Notify("needs you")))
	fmt.Fprint(&term, ansi.ScreenPassthrough(ansi.ResetProgressBar, 768))
	for _, line := range term.Transcript() {
		fmt.Println(line)
	}
	// Output:
	// terminal progress 3
	// terminal ping "needs you" via tmux
	// terminal progress 0 via screen
}
