// Command streamchat is a small chat written the way an app author writes
// one: a textarea, a viewport and a spinner; a scripted model that streams
// its reply word by word with tea.Tick; and hostbridge's messages returned
// from its Cmds. Its golden tests (golden_test.go) show how to test such an
// app with package teatest under every host.
//
// Type a prompt and press enter. A prompt with "approve" asks to run a
// tool (answer y or n), one with "fail" fails the turn; ctrl+c quits.
package main

import (
	"fmt"
	"os"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/hostbridge/hostbridge"
)

func main() {
	m := hostbridge.Wrap(newModel(80*time.Millisecond), hostbridge.WithAgent("streamchat"))
	_, err := tea.NewProgram(m).Run()
	m.Close() // before os.Exit, which runs no deferred call
	if err != nil {
		fmt.Fprintln(os.Stderr, err)
		os.Exit(1)
	}
}
