package hostbridge_test

import (
	"fmt"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/hostbridge/hostbridge"
	"github.com/hostbridge/hostbridge/host"
)

// names is an app model that lists the messages it sees.
type names struct{ saw *[]string }

func (names) Init() tea.Cmd { return nil }
func (n names) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	*n.saw = append(*n.saw, fmt.Sprintf("%T", msg))
	return n, nil
}
func (names) View() string { return "" }

func ExampleSequence() {
	var saw []string
	rec := &host.Recorder{}
	m := hostbridge.Wrap(names{&saw}, hostbridge.WithBackends(rec), hostbridge.WithSignalHandler(false))

	// What a Cmd of the app returns when a tool asks for approval as the
	// turn starts: one message, unpacked in order by the wrapper.
	cmd := hostbridge.Sequence(hostbridge.TurnStarted{}, hostbridge.ApprovalNeeded{Tool: "shell", Action: "git push"})
	m.Update(cmd())
	_ = m.Close()
	fmt.Println(saw)
	reps := rec.Reports()
	fmt.Println(reps[len(reps)-1].State) // the exit's: the state the chat was in
	// Output:
	// [bridge.TurnStarted bridge.ApprovalNeeded]
	// blocked
}
