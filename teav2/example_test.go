package hostbridge_test

import (
	"context"
	"fmt"
	"image/color"
	"io"

	tea "charm.land/bubbletea/v2"

	hostbridge "github.com/hostbridge/hostbridge/teav2"
)

type app struct{}

func (app) Init() tea.Cmd                       { return nil }
func (app) Update(tea.Msg) (tea.Model, tea.Cmd) { return app{}, nil }
func (app) View() tea.View                      { return tea.NewView("> ") }

// Wrap a v2 model; the host hears the messages, and on a plain terminal
// the view carries the bar for v2's renderer to draw, once hostbridge has
// cleared the bar an earlier chat may have left (the ready state's reset).
func ExampleBridge_Wrap() {
	env := map[string]string{"TERM": "xterm-256color"}
	b, err := hostbridge.New(
		hostbridge.WithAgent("chat"),
		hostbridge.WithEnv(func(k string) string { return env[k] }),
		hostbridge.WithOutput(io.Discard), // the terminal: OSC 9 pings only here
	)
	if err != nil {
		panic(err)
	}
	m := b.Wrap(app{})
	defer m.Close()
	m.Init()
	_ = b.Flush(context.Background()) // the ready state's reset is written
	m.Update(hostbridge.TurnStarted{})
	fmt.Println(m.View().ProgressBar.State)
	m.Update(hostbridge.ApprovalNeeded{Tool: "shell", Action: "git push"})
	fmt.Println(m.View().ProgressBar.State, m.View().ProgressBar.Value)
	m.Update(hostbridge.Idle{Reply: "pushed"})
	fmt.Println(m.View().ProgressBar == nil)
	// Output:
	// Indeterminate
	// Warning 100
	// true
}

// The palette for the background BackgroundDetected reports.
func ExamplePaletteFor() {
	p := hostbridge.PaletteFor(hostbridge.Background{Dark: true})
	hex := func(c color.Color) string {
		r, g, b, _ := c.RGBA()
		return fmt.Sprintf("#%02x%02x%02x", r>>8, g>>8, b>>8)
	}
	fmt.Println(p.Name, hex(p.Text), hex(p.Warning))
	// Output:
	// dark #e4e4e4 #ffd75f
}

// Give the program the wrapper's Filter, so the exit runs however the app
// quits (here from outside, as p.Quit), and read the app's model back with
// Unwrap after Run.
func ExampleModel_Filter() {
	m := hostbridge.Wrap(app{}, hostbridge.WithEnv(func(string) string { return "" }),
		hostbridge.WithOutput(io.Discard), hostbridge.WithSignalHandler(false))
	p := tea.NewProgram(m, tea.WithInput(nil), tea.WithOutput(io.Discard), tea.WithFilter(m.Filter))
	go p.Quit()
	final, err := p.Run()
	if err != nil {
		fmt.Println(err)
	}
	fmt.Printf("%T\n", final.(*hostbridge.Model).Unwrap())
	_ = m.Close()
	// Output: hostbridge_test.app
}
