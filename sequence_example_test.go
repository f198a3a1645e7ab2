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
	m := hostbridge.Wrap(names{&saw}, hostbridge.WithBackends(&host.Recorder{}), hostbridge.WithoutSignalHandler())
	defer m.Close()

	// What a Cmd of the app returns when a tool asks for approval as the
	// turn starts: one message, unpacked in order by the wrapper.
	cmd := hostbridge.Sequence(hostbridge.TurnStarted{}, hostbridge.ApprovalNeeded{Tool: "shell", Action: "git push"})
	m.Update(cmd())
	fmt.Println(saw)
	fmt.Println(m.Bridge().State())
	// Output:
	// [hostbridge.TurnStarted hostbridge.ApprovalNeeded]
	// blocked
}
