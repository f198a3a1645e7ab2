package hostbridge

import (
	"bytes"
	"context"
	"reflect"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

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

func (o *oneShot) Init() tea.Cmd {
	return Sequence(TurnStarted{}, reply("42"))
}
func (o *oneShot) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if r, ok := msg.(replied); ok {
		o.answer = string(r)
		return o, o.quit() // the turn still running: only the exit clears the bar
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
		"tea.Quit in tea.Batch":     func() tea.Cmd { return tea.Batch(noop, tea.Quit) },
		"tea.Interrupt":             func() tea.Cmd { return tea.Interrupt },
	}
	for name, quit := range quits {
		t.Run(name, func(t *testing.T) {
			out := &lockedBuffer{}
			env := map[string]string{"TERM": "xterm-256color"}
			m := Wrap(&oneShot{quit: quit}, WithOutput(out), WithSignalHandler(false), WithNotify(false), everyReport,
				WithEnv(func(k string) string { return env[k] }))
			final, _ := tea.NewProgram(m, tea.WithInput(nil), tea.WithOutput(out), tea.WithFilter(m.Filter)).Run()
			select {
			case <-m.bridge.Done():
			default:
				t.Fatal("Run returned before the exit ran")
			}
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

// typist quits at its first key.
type typist struct{}

func (typist) Init() tea.Cmd { return nil }
func (t typist) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(tea.KeyMsg); ok {
		return t, tea.Quit
	}
	return t, nil
}
func (typist) View() string { return "" }

// Focus reports are turned on (CSI ?1004h) only once the program reads a
// key, and by default only where standard input is a terminal and TERM is
// not dumb: never with tea.WithInput(nil), never from a pipe.
func TestFocusReportsOnlyWhereInputIsRead(t *testing.T) {
	const enable = "\x1b[?1004h"
	run := func(t *testing.T, input string, opts ...Option) string {
		t.Helper()
		out := &lockedBuffer{}
		env := map[string]string{"TERM": "xterm-256color"}
		m := Wrap(typist{}, append([]Option{WithOutput(out), WithSignalHandler(false), WithBackends(&host.Recorder{}),
			WithEnv(func(k string) string { return env[k] })}, opts...)...)
		defer m.Close()
		popts := []tea.ProgramOption{tea.WithOutput(out), tea.WithFilter(m.Filter)}
		if input == "" {
			// No input: quit from outside, as a one-shot CLI's reply would.
			popts = append(popts, tea.WithInput(nil))
			p := tea.NewProgram(m, popts...)
			go p.Quit()
			_, _ = p.Run()
		} else {
			_, _ = tea.NewProgram(m, append(popts, tea.WithInput(strings.NewReader(input)))...).Run()
		}
		return out.String()
	}
	t.Run("no input, even when forced on", func(t *testing.T) {
		if got := run(t, "", WithFocusReports(true)); strings.Contains(got, enable) {
			t.Fatalf("focus reports turned on with no input: %q", got)
		}
	})
	t.Run("keys from a pipe (stdin of go test is no terminal)", func(t *testing.T) {
		if got := run(t, "x"); strings.Contains(got, enable) {
			t.Fatalf("focus reports turned on for input from a pipe: %q", got)
		}
	})
	t.Run("forced on: at the first key, once", func(t *testing.T) {
		m := Wrap(typist{}, WithSignalHandler(false), WithBackends(&host.Recorder{}), WithFocusReports(true))
		defer m.Close()
		if enables(m.Init()) != 0 {
			t.Fatal("focus reports turned on before a key")
		}
		_, cmd := m.Update(tea.WindowSizeMsg{Width: 80, Height: 24})
		if enables(cmd) != 0 {
			t.Fatal("focus reports turned on at a window size")
		}
		for range 2 {
			_, c := m.Update(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("x")})
			cmd = tea.Batch(cmd, c)
		}
		if n := enables(cmd); n != 1 {
			t.Fatalf("focus reports turned on %d times at two keys, want once", n)
		}
	})
}

// enables counts tea.EnableReportFocus among what cmd gives.
func enables(cmd tea.Cmd) int {
	if cmd == nil {
		return 0
	}
	switch msg := cmd().(type) {
	case tea.BatchMsg:
		n := 0
		for _, c := range msg {
			n += enables(c)
		}
		return n
	default:
		if reflect.DeepEqual(msg, tea.EnableReportFocus()) {
			return 1
		}
	}
	return 0
}

// TERM=dumb gets no mode change, whatever the input.
func TestFocusReportsNotOnDumbTerminals(t *testing.T) {
	env := map[string]string{"TERM": "dumb"}
	m := Wrap(typist{}, WithSignalHandler(false), WithBackends(&host.Recorder{}),
		WithEnv(func(k string) string { return env[k] }))
	defer m.Close()
	if m.focus {
		t.Fatal("focus reports wanted on TERM=dumb")
	}
}

// notifier is an app that notifies for approvals and finished turns
// itself, as many agents do, and leaves failures to hostbridge.
type notifier struct{ own *[]string }

func (notifier) Init() tea.Cmd { return nil }
func (n notifier) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	switch msg := msg.(type) {
	case ApprovalNeeded:
		*n.own = append(*n.own, "app: "+msg.Summary())
	case Idle:
		*n.own = append(*n.own, "app: finished")
	}
	return n, nil
}
func (notifier) View() string { return "" }

// An app with its own notifications, wired as the README says, gets one
// notification per event: its own for approvals and finished turns,
// hostbridge's ping for the failure it lacks.
func TestAppsOwnNotificationsAreNotDoubled(t *testing.T) {
	var own []string
	m, rec := wrapRecorded(t, notifier{own: &own}, WithApprovalPing(false), WithFinishedPing(false),
		everyReport)
	m.Init()
	for _, msg := range []tea.Msg{tea.BlurMsg{}, TurnStarted{}, ApprovalNeeded{Tool: "shell", Action: "rm"},
		TurnStarted{}, Idle{Reply: "done"}, TurnStarted{}, TurnFailed{Headline: "boom"}} {
		m.Update(msg)
	}
	_ = m.bridge.Flush(context.Background())
	var pings []string
	for _, r := range rec.Reports() {
		if r.Kind == host.KindPing {
			pings = append(pings, r.Message)
		}
	}
	if !slices.Equal(pings, []string{"boom"}) || len(own) != 2 {
		t.Fatalf("hostbridge pinged %q, the app notified %q: want one notification per event", pings, own)
	}
}

// noop is a Cmd of the app's that gives nothing, so a tea.Batch of it and
// a quit stays a Batch (one Cmd alone is returned as it is).
func noop() tea.Msg { return nil }

// Filter runs no host I/O on the event loop when the wrapper is the
// program's model: a quit is held back (returned at once, with the exit
// not begun), and the Cmd Update makes of it runs the exit, then gives the
// quit again, which Filter then lets through. With the app's own model on
// top, Filter runs the exit itself before it returns.
func TestFilterRunsTheExitOffTheEventLoop(t *testing.T) {
	release := make(chan struct{})
	exiting := make(chan struct{}, 1)
	slow := host.Func("slow", func(ctx context.Context, r host.Report) error {
		if r.Kind == host.KindExit {
			exiting <- struct{}{}
			select { // a host slow at the exit, inside its bound
			case <-release:
			case <-ctx.Done():
			}
		}
		return nil
	})
	m := Wrap(typist{}, WithBackends(slow), WithSignalHandler(false), WithExitTimeout(time.Minute))
	defer m.Close()
	m.Init()

	held := m.Filter(m, tea.QuitMsg{})
	if _, ok := held.(tea.QuitMsg); ok {
		t.Fatal("Filter let the quit through before the exit ran")
	}
	select {
	case <-exiting:
		t.Fatal("Filter began the exit on the event loop")
	default:
	}
	_, cmd := m.Update(held)
	got := make(chan tea.Msg, 1)
	go func() { got <- cmd() }()
	<-exiting // the Cmd, off the loop, is in the exit
	close(release)
	msg := <-got
	if _, ok := msg.(tea.QuitMsg); !ok {
		t.Fatalf("the exit's Cmd gave %T, want the quit", msg)
	}
	if _, ok := m.Filter(m, msg).(tea.QuitMsg); !ok {
		t.Fatal("Filter held the quit back again after the exit")
	}

	// Another model on top: the exit runs in Filter, which returns the quit.
	m2 := Wrap(typist{}, WithBackends(&host.Recorder{}), WithSignalHandler(false))
	if _, ok := m2.Filter(typist{}, tea.InterruptMsg{}).(tea.InterruptMsg); !ok {
		t.Fatal("Filter under another model did not pass the interrupt")
	}
	select {
	case <-m2.bridge.Done():
	default:
		t.Fatal("Filter under another model returned before the exit ran")
	}
}
