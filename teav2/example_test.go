package hostbridge_test

import (
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
// the view carries the bar for v2's renderer to draw.
func ExampleWrap() {
	env := map[string]string{"TERM": "xterm-256color"}
	m := hostbridge.Wrap(app{},
		hostbridge.WithAgent("chat"),
		hostbridge.WithEnv(func(k string) string { return env[k] }),
		hostbridge.WithOutput(io.Discard), // the terminal: OSC 9 pings only here
	)
	defer m.Close()
	m.Init()
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
