package hostbridge

import (
	"fmt"
	"log/slog"
	"slices"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/charmbracelet/x/ansi"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/host/hosttest"
)

// Every message reaches the app unchanged, hostbridge's too, and the
// host hears the chat's states.
func TestWrapPassesEveryMessage(t *testing.T) {
	rec := &host.Recorder{}
	app := &chat{}
	b, m := recorded(t, rec, app)
	m.Init()
	flush(t, b)
	sent := []tea.Msg{TurnStarted{}, tea.KeyPressMsg{Code: 'x', Text: "x"}}
	for _, msg := range sent {
		m.Update(msg)
		flush(t, b)
	}
	m.Update(Idle{Reply: "hi"})
	sent = append(sent, Idle{Reply: "hi"})
	if got := app.seen(); !slices.Equal(got, sent) {
		t.Fatalf("the app saw %v, want %v", got, sent)
	}
	flush(t, b)
	var states []host.State
	for _, r := range rec.Reports() {
		if r.Kind == host.KindState {
			states = append(states, r.State)
		}
	}
	if want := []host.State{host.Idle, host.Working, host.Idle}; !slices.Equal(states, want) {
		t.Fatalf("states %v, want %v", states, want)
	}
}

// Sequence's messages reach the app one by one, in order, in one Update.
func TestSequence(t *testing.T) {
	rec := &host.Recorder{}
	app := &chat{}
	m := Wrap(app, WithBackends(rec), WithSignalHandler(false))
	defer m.Close()
	m.Init()
	cmd := Sequence(TurnStarted{}, nil, ApprovalNeeded{Tool: "shell"})
	m.Update(cmd())
	want := []tea.Msg{TurnStarted{}, ApprovalNeeded{Tool: "shell"}}
	if got := app.seen(); !slices.Equal(got, want) {
		t.Fatalf("the app saw %v, want %v", got, want)
	}
	if got := m.bridge.Shown(); got != host.Blocked {
		t.Fatalf("state %v after the sequence, want blocked", got)
	}
	if Sequence() != nil || Sequence(nil) != nil {
		t.Fatal("Sequence of nothing is not nil")
	}
}

// tea.Quit and tea.Interrupt run the exit before Bubble Tea sees them;
// the message Bubble Tea then gets is the one it would have.
func TestQuitAndInterruptRunTheExit(t *testing.T) {
	for _, c := range []struct {
		name string
		msg  tea.Msg
		want tea.Msg
	}{
		{"quit", quitMsg{}, tea.QuitMsg{}},
		{"interrupt", interruptMsg{}, tea.InterruptMsg{}},
	} {
		t.Run(c.name, func(t *testing.T) {
			rec := &host.Recorder{}
			m := Wrap(&chat{}, WithBackends(rec), WithSignalHandler(false))
			defer m.Close()
			m.Init()
			_, cmd := m.Update(c.msg)
			if slices.Contains(kinds(rec), host.KindExit) {
				t.Fatal("the exit ran before the command")
			}
			if got := cmd(); got != c.want {
				t.Fatalf("the command gave %T, want %T", got, c.want)
			}
			if !slices.Contains(kinds(rec), host.KindExit) {
				t.Fatalf("no exit before Bubble Tea quits: %v", kinds(rec))
			}
		})
	}
}

// A panic in the app's Update or View runs the exit, then goes on.
func TestPanicRunsTheExit(t *testing.T) {
	for _, where := range []string{"update", "view"} {
		t.Run(where, func(t *testing.T) {
			rec := &host.Recorder{}
			m := Wrap(&panicky{where: where}, WithBackends(rec), WithSignalHandler(false))
			defer m.Close()
			m.Init()
			func() {
				defer func() {
					if recover() == nil {
						t.Fatal("the panic was swallowed")
					}
				}()
				m.Update(panicMsg{})
				m.View()
			}()
			if !slices.Contains(kinds(rec), host.KindExit) {
				t.Fatalf("no exit after the panic: %v", kinds(rec))
			}
		})
	}
}

type panicky struct{ where string }

func (p *panicky) Init() tea.Cmd { return nil }
func (p *panicky) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if _, ok := msg.(panicMsg); ok && p.where == "update" {
		panic("app bug in Update")
	}
	return p, nil
}
func (p *panicky) View() tea.View {
	if p.where == "view" {
		panic("app bug in View")
	}
	return tea.NewView("")
}

// Focus reports gate the ping, and the wrapper turns them on in the view
// once a key came (the program reads the terminal), unless told not to.
func TestFocusGatesThePing(t *testing.T) {
	rec := &host.Recorder{}
	b, err := New(WithBackends(rec), WithSignalHandler(false), WithFocusReports(true))
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	m := b.Wrap(&chat{})
	m.Init()
	if m.View().ReportFocus {
		t.Fatal("View.ReportFocus on before the program read a key")
	}
	m.Update(tea.KeyPressMsg{Code: 'x', Text: "x"})
	if !m.View().ReportFocus {
		t.Fatal("View.ReportFocus off after a key")
	}
	m.Update(tea.FocusMsg{})
	m.Update(ApprovalNeeded{Tool: "shell"})
	m.Update(tea.BlurMsg{})
	m.Update(TurnFailed{Headline: "boom"})
	flush(t, b)
	var pings []string
	for _, r := range rec.Reports() {
		if r.Kind == host.KindPing {
			pings = append(pings, r.Message)
		}
	}
	if want := []string{"boom"}; !slices.Equal(pings, want) {
		t.Fatalf("pings %q, want %q (none while focused)", pings, want)
	}

	for name, opt := range map[string]Option{"WithFocusReports(false)": WithFocusReports(false),
		"stdin no terminal (go test's)": WithAgent("chat"), "TERM=dumb": WithEnv(func(k string) string {
			return map[string]string{"TERM": "dumb"}[k]
		})} {
		off := Wrap(&chat{}, WithBackends(&host.Recorder{}), WithSignalHandler(false), opt)
		off.Update(tea.KeyPressMsg{Code: 'x', Text: "x"})
		if off.View().ReportFocus {
			t.Errorf("%s: View.ReportFocus on", name)
		}
		off.Close()
	}
}

// A bad option is left out and logged; New refuses it.
func TestBadOption(t *testing.T) {
	var logged strings.Builder
	logger := slog.New(slog.NewTextHandler(&logged, &slog.HandlerOptions{Level: slog.LevelDebug}))
	m := Wrap(&chat{}, WithLogger(logger), WithBackends(&host.Recorder{}), WithSignalHandler(false), WithAgent("no spaces"))
	defer m.Close()
	if !strings.Contains(logged.String(), "ignoring bad options") {
		t.Fatalf("Wrap logged no bad option: %q", logged.String())
	}
	if _, err := New(WithAgent("no spaces")); err == nil {
		t.Fatal("New took a bad agent name")
	}
}

// New's Bridge wraps a model and answers as the v1 frontend's does.
func TestBridgeWrap(t *testing.T) {
	var term hosttest.Terminal
	b, err := New(testOpts(&term, plain())...)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	if b.Host() != "terminal" || len(b.EnvironmentLines()) != 0 || len(b.Problems()) != 0 {
		t.Fatalf("host %q, lines %q, problems %v", b.Host(), b.EnvironmentLines(), b.Problems())
	}
	m := b.Wrap(&chat{})
	m.Init()
	flush(t, b) // the ready reset hands the bar over
	m.Update(TurnStarted{})
	if got := m.View().ProgressBar; got == nil || got.State != tea.ProgressBarIndeterminate {
		t.Fatalf("bar %v, want indeterminate", got)
	}
	if !b.Send(Idle{}) || b.Send("not ours") {
		t.Fatal("Send misreports what it applied")
	}
	if len(b.Stats()) == 0 {
		t.Fatal("no stats")
	}
}

// The wrapper asks the terminal about focus reports (DECRQM 1004) in Init;
// a terminal that answers it does not know them never gets them, one that
// knows them (or does not answer) does once a key came.
func TestFocusAsksTheTerminal(t *testing.T) {
	for _, tt := range []struct {
		name   string
		answer tea.Msg
		want   bool
	}{
		{"not recognised", tea.ModeReportMsg{Mode: ansi.ModeFocusEvent, Value: ansi.ModeNotRecognized}, false},
		{"reset", tea.ModeReportMsg{Mode: ansi.ModeFocusEvent, Value: ansi.ModeReset}, true},
		{"another mode not recognised", tea.ModeReportMsg{Mode: ansi.ModeSynchronizedOutput, Value: ansi.ModeNotRecognized}, true},
		{"no answer", nil, true},
	} {
		t.Run(tt.name, func(t *testing.T) {
			synctest.Test(t, func(t *testing.T) {
				m := Wrap(&chat{}, WithBackends(&host.Recorder{}), WithSignalHandler(false), WithFocusReports(true))
				defer time.Sleep(time.Second) // the background timer's Cmd, blocked, ends (a bubble's clock)
				defer m.Close()
				if raws := rawWrites(m.Init()); !slices.Contains(raws, ansi.RequestModeFocusEvent) {
					t.Fatalf("Init wrote %q, want the DECRQM 1004 request", raws)
				}
				if tt.answer != nil {
					m.Update(tt.answer)
				}
				m.Update(tea.KeyPressMsg{Code: 'x', Text: "x"})
				if got := m.View().ReportFocus; got != tt.want {
					t.Fatalf("View.ReportFocus = %v, want %v", got, tt.want)
				}
			})
		})
	}
	synctest.Test(t, func(t *testing.T) {
		off := Wrap(&chat{}, WithBackends(&host.Recorder{}), WithSignalHandler(false), WithFocusReports(false))
		defer time.Sleep(time.Second)
		defer off.Close()
		if raws := rawWrites(off.Init()); len(raws) != 0 {
			t.Fatalf("with focus reports off, Init wrote %q", raws)
		}
	})
}

// rawWrites runs cmd's batch inside a synctest bubble and lists its
// tea.Raw strings; a Cmd still blocked once every goroutine is (the
// background timer, the bar's wait) writes nothing.
func rawWrites(cmd tea.Cmd) []string {
	var raws []string
	var walk func(tea.Cmd)
	walk = func(c tea.Cmd) {
		if c == nil {
			return
		}
		done := make(chan tea.Msg, 1)
		go func() { done <- c() }()
		synctest.Wait()
		select {
		case msg := <-done:
			switch msg := msg.(type) {
			case tea.BatchMsg:
				for _, c := range msg {
					walk(c)
				}
			case tea.RawMsg:
				raws = append(raws, fmt.Sprint(msg.Msg))
			}
		default:
		}
	}
	walk(cmd)
	return raws
}
