package teatest_test

import (
	"fmt"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/x/ansi"

	"github.com/hostbridge/hostbridge"
	"github.com/hostbridge/hostbridge/teatest"
)

// prompt is an app model that says nothing about hosts itself.
type prompt struct{}

func (prompt) Init() tea.Cmd                         { return nil }
func (p prompt) Update(tea.Msg) (tea.Model, tea.Cmd) { return p, nil }
func (prompt) View() string                          { return "> " }

// exampleT stands in for the *testing.T a test passes to New: an Example
// has none.
type exampleT struct{ cleanups []func() }

func (*exampleT) Helper()                      {}
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

	// In a test, add teatest.WithHerdr(teatest.NewHerdr(t)) and the like to
	// run in a fake host's pane, and compare with a golden file:
	// teatest.RequireGolden(t, k.Transcript()).
	k := teatest.New(t, prompt{}, teatest.WithBridgeOptions(hostbridge.WithAgent("chat")))
	k.FocusOut()
	k.Step(hostbridge.TurnStarted{})
	k.Step(hostbridge.ApprovalNeeded{Tool: "shell", Action: "git push"})
	k.Step(hostbridge.TurnStarted{})
	k.FocusIn()
	k.Step(hostbridge.Idle{Reply: "Pushed."}) // focused: no ping
	_ = k.Quit()
	fmt.Print(k.Transcript())
	// Output:
	// terminal progress 0
	// terminal progress 3
	// terminal progress 4;100
	// terminal ping "approve shell: git push"
	// terminal progress 3
	// terminal progress 0
	// terminal progress 0
}

func ExampleTerminal() {
	var term teatest.Terminal // what a terminal would receive
	fmt.Fprint(&term, "\x1b[2K> hello\r\n", ansi.SetIndeterminateProgressBar)
	fmt.Fprint(&term, ansi.TmuxPassthrough(ansi.Notify("needs you")))
	fmt.Fprint(&term, ansi.ScreenPassthrough(ansi.ResetProgressBar, 768))
	for _, e := range term.Events() {
		fmt.Println(e)
	}
	// Output:
	// terminal progress 3
	// terminal ping "needs you" via tmux
	// terminal progress 0 via screen
}
