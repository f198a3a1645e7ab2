package main

// Not from the README: teatest/readme_test.go adds this file to the
// README's chat. It is main.go's wiring (tea.WithFilter(m.Filter)) with the
// test's I/O (readme_test.go puts main.go's arguments of tea.NewProgram
// in place of README), and checks that the exit (herdr's pane released) has run when
// Run returns: the chat quits through tea.Sequence, which only the filter
// sees; without it the exit would wait for Close.

import (
	"io"
	"slices"
	"testing"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/hostbridge/hostbridge"
	"github.com/hostbridge/hostbridge/host/hosttest"
)

func TestExitBeforeRunReturns(t *testing.T) {
	herdr := hosttest.NewHerdr(t)
	env := herdr.Env()
	getenv := func(k string) string { return env[k] }
	m := hostbridge.Wrap(newChat(hostbridge.PaletteFor(hostbridge.Background{Dark: true})),
		hostbridge.WithAgent("chat"), hostbridge.WithEnv(getenv))
	p := tea.NewProgram(README, tea.WithInput(nil), tea.WithOutput(io.Discard), tea.WithoutSignalHandler())
	go func() {
		for _, r := range "hi" {
			p.Send(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}})
		}
		p.Send(tea.KeyMsg{Type: tea.KeyEnter})
		p.Send(tea.KeyMsg{Type: tea.KeyCtrlC})
	}()
	if _, err := p.Run(); err != nil {
		t.Fatal(err)
	}
	got := herdr.Transcript() // before Close
	m.Close()
	if !slices.Contains(got, "herdr pane.release_agent") {
		t.Errorf("when Run returned, herdr had %q: no release", got)
	}
}
