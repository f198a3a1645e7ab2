package hostbridge_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"net"
	"os"
	"path/filepath"
	"strings"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/hostbridge/hostbridge"
	"github.com/hostbridge/hostbridge/host"
)

// chat is the smallest app model: it says nothing about hosts itself.
type chat struct{}

func (chat) Init() tea.Cmd                         { return nil }
func (c chat) Update(tea.Msg) (tea.Model, tea.Cmd) { return c, nil }
func (chat) View() string                          { return "> " }

func ExampleBridge_Wrap() {
	rec := &host.Recorder{}
	b, err := hostbridge.New(hostbridge.WithAgent("chat"), hostbridge.WithBackends(rec),
		hostbridge.WithSignalHandler(false))
	if err != nil {
		panic(err)
	}
	m := b.Wrap(chat{})
	// A host that is slower than the chat gets the latest state, not every
	// one: flushing after each step shows every report.
	step := func(msg tea.Msg) {
		m.Update(msg)
		_ = b.Flush(context.Background())
	}
	m.Init()
	step(tea.BlurMsg{})
	step(hostbridge.TurnStarted{})
	step(hostbridge.ApprovalNeeded{Tool: "shell", Action: "git push"}) // pings: the user looks elsewhere
	step(tea.FocusMsg{})
	step(hostbridge.Idle{Reply: "Pushed.\nDetails follow."}) // no ping: the user is back
	_ = m.Close()

	for _, r := range rec.Reports() {
		fmt.Println(strings.TrimSpace(fmt.Sprint(r.Kind, " ", r.State, " ", r.Message)))
	}
	// Output:
	// state idle
	// state working
	// state blocked approve shell: git push
	// ping blocked approve shell: git push
	// state idle
	// exit idle
}

func ExampleNew() {
	// A headless one-shot run: no Bubble Tea program, the same reports.
	rec := &host.Recorder{}
	b, err := hostbridge.New(hostbridge.WithBackends(rec), hostbridge.WithNotify(false),
		hostbridge.WithSignalHandler(false))
	if err != nil {
		panic(err)
	}
	b.Send(hostbridge.TurnStarted{})
	_ = b.Flush(context.Background())
	b.Send(hostbridge.Idle{Reply: "done"})
	_ = b.Close()
	for _, r := range rec.Reports() {
		fmt.Println(r.Kind, r.State)
	}
	// Output:
	// state working
	// state idle
	// exit idle
}

func ExampleNew_badOption() {
	_, err := hostbridge.New(hostbridge.WithAgent("my agent!"))
	fmt.Println(err)
	// Output:
	// hostbridge: bad option: agent name "my agent!": want 1-64 of [A-Za-z0-9._-], starting with a letter or digit
}

func ExampleBridge_EnvironmentLines() {
	dir, _ := os.MkdirTemp("", "herdr")
	defer os.RemoveAll(dir)
	socket := filepath.Join(dir, "herdr.sock")
	l, _ := net.Listen("unix", socket)
	defer l.Close()
	b, _ := hostbridge.New(hostbridge.WithSignalHandler(false), hostbridge.WithBackends(),
		hostbridge.WithEnv(func(name string) string {
			return map[string]string{
				"HERDR_ENV":          "1",
				"HERDR_PANE_ID":      "w1:p2",
				"HERDR_WORKSPACE_ID": "w1",
				"HERDR_TAB_ID":       "w1:t1",
				"HERDR_SOCKET_PATH":  socket, // herdr's socket: it must exist
			}[name]
		}))
	defer b.Close()
	for _, line := range b.EnvironmentLines() {
		fmt.Println(line)
	}
	// Output:
	// host: herdr
	// herdr pane: w1:p2
	// herdr workspace: w1
	// herdr tab: w1:t1
}

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

// Ask once, before tea.NewProgram(...).Run(), and pick the palette.
func ExampleDetectBackground() {
	bg, err := hostbridge.DetectBackground(hostbridge.BackgroundOptions{
		Override: "light", // from a -theme flag, for a terminal that answers wrongly
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	fmt.Println(bg.Source, bg.Dark, hostbridge.PaletteFor(bg).Name)
	fmt.Println(bg) // the -doctor line
	// Output:
	// override false light
	// light (override): set by the program
}

// Where nobody can be asked, COLORFGBG decides: here GNU screen, which
// does not answer OSC 11, and a terminal that says "black on white".
func ExampleDetectBackground_colorfgbg() {
	env := map[string]string{"TERM": "screen", "STY": "1.pts-0", "COLORFGBG": "0;15"}
	bg, _ := hostbridge.DetectBackground(hostbridge.BackgroundOptions{
		Getenv: func(k string) string { return env[k] },
	})
	fmt.Println(bg.Source, bg.Dark, hostbridge.PaletteFor(bg).Name)
	// Output:
	// COLORFGBG false light
}

func ExampleDetectBackground_badOverride() {
	_, err := hostbridge.DetectBackground(hostbridge.BackgroundOptions{Override: "blue"})
	fmt.Println(err)
	fmt.Println(errors.Is(err, hostbridge.ErrOption))
	// Output:
	// hostbridge: bad option: background override "blue": want "light", "dark", or "" to detect
	// true
}

func ExamplePaletteFor() {
	p := hostbridge.PaletteFor(hostbridge.Background{Dark: true})
	fmt.Println(p.Name)
	fmt.Printf("%+v\n", p.Accent)
	fmt.Printf("%+v\n", hostbridge.PaletteFor(hostbridge.Background{Dark: false}).Warning)
	// Output:
	// dark
	// {TrueColor:#87afff ANSI256:111 ANSI:12}
	// {TrueColor:#875f00 ANSI256:94 ANSI:3}
}

// Give the program the wrapper's Filter, so the exit runs however the app
// quits (here from outside, as p.Quit), and read the app's model back with
// Unwrap after Run.
func ExampleModel_Filter() {
	rec := &host.Recorder{}
	m := hostbridge.Wrap(chat{}, hostbridge.WithBackends(rec), hostbridge.WithSignalHandler(false))
	p := tea.NewProgram(m, tea.WithInput(nil), tea.WithOutput(io.Discard), tea.WithFilter(m.Filter))
	go p.Quit()
	final, err := p.Run()
	if err != nil {
		fmt.Println(err)
	}
	app := final.(*hostbridge.Model).Unwrap().(chat)
	fmt.Printf("%T; last report: %v\n", app, rec.Reports()[len(rec.Reports())-1].Kind)
	_ = m.Close()
	// Output: hostbridge_test.chat; last report: exit
}
