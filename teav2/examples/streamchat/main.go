// Command streamchat is a small chat on Bubble Tea v2, written the way an
// app author writes one: a textarea, a viewport and a spinner; a scripted
// model that streams its reply word by word with tea.Tick; and
// hostbridge's messages returned from its Cmds. It themes itself on the
// palette hostbridge.BackgroundDetected brings. Its golden tests
// (golden_test.go) show how to test such an app with package teatest under
// every host. It is examples/streamchat of the v1 frontend, ported.
//
// Type a prompt and press enter. A prompt with "approve" asks to run a
// tool (answer y or n), one with "fail" fails the turn; ctrl+c quits.
package main

import (
	"fmt"
	"os"
	"time"

	tea "charm.land/bubbletea/v2"

	hostbridge "github.com/hostbridge/hostbridge/teav2"
)

func main() {
	m := hostbridge.Wrap(newModel(80*time.Millisecond), hostbridge.WithAgent("streamchat"))
	_, err := tea.NewProgram(m).Run()
	// Close is the exit (the bar cleared, the pane released): call it on
	// every path, before os.Exit too, which runs no deferred calls. Its
	// error names the hosts it gave up on.
	if cerr := m.Close(); cerr != nil {
		fmt.Fprintln(os.Stderr, "streamchat:", cerr)
	}
	if err != nil {
		fmt.Fprintln(os.Stderr, "streamchat:", err)
		os.Exit(1)
	}
}
