package hostbridge

import (
	"bytes"
	"slices"
	"strings"
	"sync"
	"testing"

	tea "charm.land/bubbletea/v2"

	"github.com/hostbridge/hostbridge/host"
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

type replied string

func (o *oneShot) Init() tea.Cmd {
	return Sequence(TurnStarted{}, replied("42"))
}
func (o *oneShot) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if r, ok := msg.(replied); ok {
		o.answer = string(r)
		return o, o.quit() // the turn still running: only the exit clears the bar
	}
	return o, nil
}
func (o *oneShot) View() tea.View { return tea.NewView("") }

// The app's own quit, however written, runs the exit before Run returns
// when the program has the wrapper's Filter: herdr is released before the
// line the app prints after Run. Unwrap gives the app's model back.
func TestFilterRunsTheExitOnTheAppsOwnQuit(t *testing.T) {
	quits := map[string]func() tea.Cmd{
		"func returning tea.Quit()":  func() tea.Cmd { return func() tea.Msg { return tea.Quit() } },
		"tea.Quit in tea.Batch":      func() tea.Cmd { return tea.Batch(noop, tea.Quit) },
		"tea.Interrupt in tea.Batch": func() tea.Cmd { return tea.Batch(noop, tea.Interrupt) },
	}
	for name, quit := range quits {
		t.Run(name, func(t *testing.T) {
			out := &lockedBuffer{}
			env := map[string]string{"TERM": "xterm-256color"}
			m := Wrap(&oneShot{quit: quit}, WithOutput(out), WithSignalHandler(false), WithNotify(false),
				WithEnv(func(k string) string { return env[k] }))
			final, _ := tea.NewProgram(m, tea.WithInput(nil), tea.WithOutput(out), tea.WithFilter(m.Filter),
				tea.WithEnvironment([]string{"TERM=xterm-256color"})).Run()
			_, _ = out.Write([]byte("ANSWER\n")) // the app's own print after Run
			defer m.Close()

			select {
			case <-m.bridge.Done():
			default:
				t.Fatal("Run returned before the exit ran")
			}
			got := out.String()
			if answer, cleared := strings.Index(got, "ANSWER"), strings.LastIndex(got, "\x1b]9;4;0"); cleared < 0 || answer < cleared {
				t.Fatalf("want the bar cleared before the app's line; got %q", got)
			}
			app, ok := final.(*Model).Unwrap().(*oneShot)
			if !ok || app.answer != "42" {
				t.Fatalf("Unwrap gave %#v", final.(*Model).Unwrap())
			}
		})
	}
}

// TERM=dumb gets no query: the background is the fallback, at once, and
// the program writes no OSC 11.
func TestNoBackgroundQueryOnDumbTerminals(t *testing.T) {
	out := &lockedBuffer{}
	env := map[string]string{"TERM": "dumb"}
	app := &oneShot{quit: func() tea.Cmd { return tea.Quit }}
	m := Wrap(app, WithOutput(out), WithSignalHandler(false), WithBackends(&host.Recorder{}),
		WithEnv(func(k string) string { return env[k] }))
	defer m.Close()
	_, _ = tea.NewProgram(m, tea.WithInput(nil), tea.WithOutput(out), tea.WithFilter(m.Filter),
		tea.WithEnvironment([]string{"TERM=dumb"})).Run()
	if got := out.String(); strings.Contains(got, "]11;") || strings.Contains(got, "?1004h") {
		t.Fatalf("a dumb terminal got a query or a mode change: %q", got)
	}
	if !m.bg.delivered || m.bg.last.Source != "default" {
		t.Fatalf("background %+v, want the fallback", m.bg)
	}
}

// noop is a Cmd of the app's that gives nothing, so a tea.Batch of it and
// a quit stays a Batch (one Cmd alone is returned as it is).
func noop() tea.Msg { return nil }

// Filter holds a quit back when the wrapper is the program's model, and
// the exit runs in the Cmd Update makes of it, off the event loop.
func TestFilterRunsTheExitOffTheEventLoop(t *testing.T) {
	rec := &host.Recorder{}
	m := Wrap(&oneShot{}, WithBackends(rec), WithSignalHandler(false))
	defer m.Close()
	m.Init()
	held := m.Filter(m, tea.InterruptMsg{})
	if _, ok := held.(tea.InterruptMsg); ok || slices.Contains(kinds(rec), host.KindExit) {
		t.Fatalf("Filter gave %T with reports %v: want the interrupt held, no exit yet", held, kinds(rec))
	}
	_, cmd := m.Update(held)
	if msg := cmd(); msg != (tea.InterruptMsg{}) || !slices.Contains(kinds(rec), host.KindExit) {
		t.Fatalf("the Cmd gave %T, reports %v: want the exit, then the interrupt", msg, kinds(rec))
	}
	if _, ok := m.Filter(m, tea.InterruptMsg{}).(tea.InterruptMsg); !ok {
		t.Fatal("Filter held the interrupt back after the exit")
	}
}
