package hostbridge

import (
	"bytes"
	"strings"
	"sync"
	"testing"

	tea "github.com/charmbracelet/bubbletea"
)

// lockedBuffer is a terminal's output shared by the program's renderer,
// the terminal backend and the app's own print after Run.
type lockedBuffer struct {
	mu sync.Mutex
	b  bytes.Buffer
}

func (l *lockedBuffer) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.Write(p)
}

func (l *lockedBuffer) String() string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return l.b.String()
}

// oneShot is a CLI as real apps write one: a turn starts at Init, its
// reply arrives, and the app quits its own way (quit), then prints its
// answer after Run.
type oneShot struct {
	quit   func() tea.Cmd
	answer string
}

func (o *oneShot) Init() tea.Cmd {
	return Sequence(TurnStarted{}, reply("42"))
}
func (o *oneShot) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if r, ok := msg.(replied); ok {
		o.answer = string(r)
		return o, tea.Sequence(Sequence(Idle{Reply: o.answer}), o.quit())
	}
	return o, nil
}
func (o *oneShot) View() string { return "" }

type replied string

func reply(s string) replied { return replied(s) }

// The app's own quit, however written, runs the exit before Run returns
// when the program has the wrapper's Filter: the bar (OSC 9;4) is cleared
// after the turn's working state and before the line the app prints after
// Run. Unwrap gives the app's model back with its result.
func TestFilterRunsTheExitOnTheAppsOwnQuit(t *testing.T) {
	quits := map[string]func() tea.Cmd{
		"func returning tea.Quit()": func() tea.Cmd { return func() tea.Msg { return tea.Quit() } },
		"method value":              func() tea.Cmd { return quitter{}.quit },
		"tea.Quit in tea.Batch":     func() tea.Cmd { return tea.Batch(nil, tea.Quit) },
		"tea.Interrupt":             func() tea.Cmd { return tea.Interrupt },
	}
	for name, quit := range quits {
		t.Run(name, func(t *testing.T) {
			out := &lockedBuffer{}
			env := map[string]string{"TERM": "xterm-256color"}
			m := Wrap(&oneShot{quit: quit}, WithOutput(out), WithSignalHandler(false), WithNotify(false),
				WithEnv(func(k string) string { return env[k] }))
			final, _ := tea.NewProgram(m, tea.WithInput(nil), tea.WithOutput(out), tea.WithFilter(m.Filter)).Run()
			_, _ = out.Write([]byte("ANSWER\n")) // the app's own print after Run
			defer m.Close()

			got := out.String()
			working, cleared, answer := strings.Index(got, "\x1b]9;4;3"), strings.LastIndex(got, "\x1b]9;4;0"), strings.Index(got, "ANSWER")
			if working < 0 || cleared < working || answer < cleared {
				t.Fatalf("want the working bar, then its clear, then the app's line; got %q", got)
			}
			app, ok := final.(*Model).Unwrap().(*oneShot)
			if !ok || app.answer != "42" {
				t.Fatalf("Unwrap gave %#v", final.(*Model).Unwrap())
			}
		})
	}
}

type quitter struct{}

func (quitter) quit() tea.Msg { return tea.QuitMsg{} }
