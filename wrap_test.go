package hostbridge

import (
	"context"
	"errors"
	"io"
	"reflect"
	"strings"
	"sync"
	"testing"
	"testing/synctest"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"go.uber.org/goleak"

	"github.com/hostbridge/hostbridge/bridge"
	"github.com/hostbridge/hostbridge/host"
)

// echo records every message its Update receives.
type echo struct {
	got   *[]tea.Msg
	cmd   tea.Cmd
	panic string
}

func (e echo) Init() tea.Cmd { return nil }
func (e echo) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	if e.panic != "" {
		panic(e.panic)
	}
	*e.got = append(*e.got, msg)
	return e, e.cmd
}
func (e echo) View() string { return "view\x1b[1m" }

func wrapRecorded(t *testing.T, inner tea.Model, opts ...Option) (*Model, *host.Recorder) {
	t.Helper()
	rec := &host.Recorder{}
	m := Wrap(inner, append([]Option{WithBackends(rec), WithSignalHandler(false)}, opts...)...)
	t.Cleanup(func() { _ = m.Close() })
	return m, rec
}

func kinds(reps []host.Report) string {
	var out []string
	for _, r := range reps {
		s := r.Kind.String()
		if r.Kind == host.KindState {
			s += " " + r.State.String()
		}
		out = append(out, s)
	}
	return strings.Join(out, ", ")
}

func TestWrapPassesEverythingThrough(t *testing.T) {
	var got []tea.Msg
	m, _ := wrapRecorded(t, echo{got: &got})
	msgs := []tea.Msg{
		tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune("a")},
		TurnStarted{},
		ApprovalNeeded{Tool: "shell", Action: "ls"},
		tea.FocusMsg{},
		tea.BlurMsg{},
		Idle{Reply: "x"},
		tea.WindowSizeMsg{Width: 80, Height: 24},
	}
	for _, msg := range msgs {
		next, _ := m.Update(msg)
		if next != m {
			t.Fatalf("Update returned %T, want the wrapper", next)
		}
	}
	if len(got) != len(msgs) {
		t.Fatalf("inner model saw %d messages, want %d", len(got), len(msgs))
	}
	for i := range msgs {
		if !reflect.DeepEqual(got[i], msgs[i]) {
			t.Errorf("message %d: inner saw %#v, want %#v", i, got[i], msgs[i])
		}
	}
	if v := m.View(); v != "view\x1b[1m" {
		t.Errorf("View = %q", v)
	}
}

func TestWrapReportsAndGatesPingsByFocus(t *testing.T) {
	var got []tea.Msg
	m, rec := wrapRecorded(t, echo{got: &got})
	ctx := context.Background()
	step := func(msg tea.Msg) {
		m.Update(msg)
		if err := m.bridge.Flush(ctx); err != nil {
			t.Fatal(err)
		}
	}
	m.Init()
	step(tea.FocusMsg{})
	step(TurnStarted{})
	step(Idle{Reply: "seen"}) // focused: no ping
	step(tea.BlurMsg{})
	step(TurnStarted{})
	step(TurnFailed{Headline: "Error: x"}) // blurred: ping
	want := "state idle, state working, state idle, state working, state failed, ping"
	if k := kinds(rec.Reports()); k != want {
		t.Errorf("reports: %s\nwant     %s", k, want)
	}
}

// Bubble Tea v1 loses a focus report that shares a read with another
// sequence and hands it to Update as an unexported message; the wrapper
// still reads it. The program reads real bytes here, as from a terminal.
func TestWrapReadsCoalescedFocusReports(t *testing.T) {
	seen := make(chan tea.Msg, 64)
	m, rec := wrapRecorded(t, chanModel(seen), WithFocusReports(false))
	in, feed := io.Pipe()
	p := tea.NewProgram(m, tea.WithInput(in), tea.WithOutput(io.Discard), tea.WithoutSignalHandler())
	done := make(chan error, 1)
	go func() { _, err := p.Run(); done <- err }()
	defer func() {
		p.Quit()
		feed.Close()
		<-done
	}()
	// Focus then blur in one read: v1 parses the blur and hands the focus
	// report over as an unknown CSI sequence, before the blur.
	if _, err := feed.Write([]byte("\x1b[I\x1b[O")); err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	for blurred := false; !blurred; {
		select {
		case msg := <-seen:
			_, blurred = msg.(tea.BlurMsg)
		case <-ctx.Done():
			t.Fatal("the blur never reached the model")
		}
	}
	if focused, known := m.bridge.Focus(); !known || focused {
		t.Fatalf("focused, known = %v, %v; want blurred", focused, known)
	}
	// And the lost report alone: focus comes back.
	if _, err := feed.Write([]byte("\x1b[Ia")); err != nil {
		t.Fatal(err)
	}
	for key := false; !key; {
		select {
		case msg := <-seen:
			_, key = msg.(tea.KeyMsg)
		case <-ctx.Done():
			t.Fatal("the key never reached the model")
		}
	}
	p.Send(TurnStarted{})
	p.Send(Idle{Reply: "back"})
	for idle := false; !idle; { // the bridge has it before the model does
		select {
		case msg := <-seen:
			_, idle = msg.(Idle)
		case <-ctx.Done():
			t.Fatal("the idle never reached the model")
		}
	}
	if err := m.bridge.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	if focused, known := m.bridge.Focus(); !known || !focused {
		t.Errorf("focused, known = %v, %v; want focused (from the lost CSI I)", focused, known)
	}
	if k := kinds(rec.Reports()); strings.Contains(k, "ping") {
		t.Errorf("pinged while focused: %s", k)
	}
}

// chanModel sends every message it sees to a channel.
type chanModel chan tea.Msg

func (c chanModel) Init() tea.Cmd { return nil }
func (c chanModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	select {
	case c <- msg:
	default:
	}
	return c, nil
}
func (c chanModel) View() string { return "" }

func TestLostFocusReportIgnoresOtherMessages(t *testing.T) {
	for _, msg := range []tea.Msg{nil, []byte("\x1b[I"), tea.KeyMsg{}, "x", TurnStarted{}} {
		if _, ok := lostFocusReport(msg); ok {
			t.Errorf("%#v read as a focus report", msg)
		}
	}
}

func TestWrapRunsExitOnQuit(t *testing.T) {
	var got []tea.Msg
	m, rec := wrapRecorded(t, echo{got: &got, cmd: tea.Quit})
	m.Init()
	_, cmd := m.Update(tea.KeyMsg{Type: tea.KeyCtrlC})
	if cmd == nil {
		t.Fatal("no command")
	}
	if _, ok := cmd().(tea.QuitMsg); !ok {
		t.Fatal("the command does not quit")
	}
	// The exit ran before the quit message was returned.
	if k := kinds(rec.Reports()); k != "state idle, exit" {
		t.Errorf("reports: %s", k)
	}
}

func TestWrapRunsExitOnPanic(t *testing.T) {
	m, rec := wrapRecorded(t, echo{panic: "boom"})
	m.Init()
	func() {
		defer func() {
			if r := recover(); r != "boom" {
				t.Errorf("recovered %v, want the app's panic", r)
			}
		}()
		m.Update(TurnStarted{})
	}()
	k := kinds(rec.Reports())
	if !strings.HasSuffix(k, "exit") {
		t.Errorf("reports after panic: %s", k)
	}
}

// drawer is a recorder that draws in the terminal, as the terminal
// backend does: Suspend waits for it (and only for such backends).
type drawer struct{ *host.Recorder }

func (drawer) DrawsInTerminal() {}

func TestExecClearsAndRestores(t *testing.T) {
	var got []tea.Msg
	rec := &host.Recorder{}
	m := Wrap(echo{got: &got}, WithBackends(drawer{rec}), WithSignalHandler(false))
	t.Cleanup(func() { _ = m.Close() })
	m.Init()
	m.Update(TurnStarted{})
	_, cmd := m.Update(Exec(nil, func(error) tea.Msg { return "editor closed" })())
	msg := cmd() // suspends the bridge, then returns Bubble Tea's exec message
	if k := kinds(rec.Reports()); !strings.HasSuffix(k, "suspend") {
		t.Errorf("before exec: %s", k)
	}
	if msg == nil {
		t.Fatal("no exec message")
	}
	m.Update(resumed{msg: "editor closed"})
	_ = m.bridge.Flush(context.Background())
	if k := kinds(rec.Reports()); !strings.HasSuffix(k, "suspend, state working") {
		t.Errorf("after exec: %s", k)
	}
	if got[len(got)-1] != "editor closed" {
		t.Errorf("app got %v, want its callback message", got[len(got)-1])
	}
}

// Suspend waits for the terminal, not for a host that hangs: the user's
// editor opens at once.
func TestSuspendDoesNotWaitForOtherHosts(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		hung := host.Func("hung", func(ctx context.Context, _ host.Report) error {
			<-ctx.Done()
			return ctx.Err()
		})
		rec := &host.Recorder{}
		b, err := bridge.New(WithBackends(hung, drawer{rec}), WithSignalHandler(false), WithTimeout(time.Minute))
		if err != nil {
			t.Fatal(err)
		}
		b.Ready()
		start := time.Now()
		b.Suspend(context.Background())
		if d := time.Since(start); d != 0 {
			t.Errorf("Suspend waited %v (fake time) for a hung host", d)
		}
		if k := kinds(rec.Reports()); !strings.HasSuffix(k, "suspend") {
			t.Errorf("the terminal was not told before Suspend returned: %s", k)
		}
		_ = b.Close()
	})
}

// Sequence's messages reach the app's model one by one, in order, and the
// host is told each state in that order; the Cmds the app returns for them
// come back batched.
func TestSequenceUnpacksInOrder(t *testing.T) {
	var got []tea.Msg
	tick := func() tea.Msg { return "tick" }
	m, rec := wrapRecorded(t, echo{got: &got, cmd: tick})
	m.Init()
	want := []tea.Msg{TurnStarted{}, "between", ApprovalNeeded{Tool: "shell", Action: "git push"}}
	cmd := Sequence(want[0], nil, want[1], want[2])
	_, out := m.Update(cmd())
	if !reflect.DeepEqual(got, want) {
		t.Errorf("the app saw %#v, want %#v", got, want)
	}
	batch, ok := out().(tea.BatchMsg)
	if !ok || len(batch) != len(want) {
		t.Fatalf("Cmd = %#v, want a batch of the app's %d Cmds", out, len(want))
	}
	if err := m.Close(); err != nil {
		t.Fatal(err)
	}
	// The Recorder takes each report at once, but the worker may still
	// coalesce a state queued behind another: only the last is certain.
	reps := rec.Reports()
	var last host.State
	for _, r := range reps {
		if r.Kind == host.KindState {
			last = r.State
		}
	}
	if last != host.Blocked {
		t.Errorf("reports %s: the last state is not blocked", kinds(reps))
	}
}

func TestSequenceOfNothingIsNil(t *testing.T) {
	if Sequence() != nil || Sequence(nil, nil) != nil {
		t.Error("an empty Sequence is not nil")
	}
}

// A tea.Quit returned for one of the messages still runs the exit first.
func TestSequenceKeepsTheExit(t *testing.T) {
	var got []tea.Msg
	m, rec := wrapRecorded(t, echo{got: &got, cmd: tea.Quit})
	m.Init()
	_, out := m.Update(Sequence(TurnStarted{})())
	if _, ok := out().(tea.QuitMsg); !ok {
		t.Fatalf("Cmd gave %T, want tea.QuitMsg", out())
	}
	if reps := rec.Reports(); reps[len(reps)-1].Kind != host.KindExit {
		t.Errorf("no exit before the quit: %s", kinds(reps))
	}
}

// stuckWriter blocks every Write until released, like a terminal whose
// reader stopped reading. It cannot be interrupted: it has no deadline.
type stuckWriter struct {
	once    sync.Once
	release chan struct{}
	entered chan struct{}
}

func (w *stuckWriter) Write(p []byte) (int, error) {
	w.once.Do(func() { close(w.entered) })
	<-w.release
	return len(p), nil
}

// A terminal that never drains its output: Update still returns at once,
// Close returns within its bound and names the stuck host, and the worker
// goroutine ends as soon as the write does.
func TestHungTerminalNeverBlocksTheChat(t *testing.T) {
	w := &stuckWriter{release: make(chan struct{}), entered: make(chan struct{})}
	m := Wrap(echo{got: new([]tea.Msg)}, WithOutput(w), WithSignalHandler(false),
		WithExitTimeout(200*time.Millisecond),
		WithEnv(func(k string) string {
			return map[string]string{"TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"}[k]
		}))
	if len(m.bridge.Channels(context.Background())) == 0 || m.bridge.Stats()[0].Backend != "terminal" {
		t.Fatalf("no terminal backend: %v", m.bridge.Channels(context.Background()))
	}
	updates := make(chan struct{})
	go func() {
		defer close(updates)
		m.Init()
		for i := 0; i < 10000; i++ {
			m.Update(TurnStarted{})
			m.Update(ApprovalNeeded{Tool: "shell", Action: "x"})
			m.Update(Idle{Reply: "r"})
		}
	}()
	select {
	case <-updates:
	case <-time.After(10 * time.Second):
		t.Fatal("Update blocked on a hung terminal")
	}
	<-w.entered // the worker is stuck in Write
	closed := make(chan error, 1)
	go func() { closed <- m.Close() }()
	var err error
	select {
	case err = <-closed:
	case <-time.After(10 * time.Second):
		t.Fatal("Close did not return while the terminal hung")
	}
	if err == nil || !strings.Contains(err.Error(), "terminal") {
		t.Errorf("Close = %v, want an error naming the stuck terminal", err)
	}
	if err2 := m.Close(); !errors.Is(err2, err) && err2.Error() != err.Error() {
		t.Errorf("second Close = %v, want the first result", err2)
	}
	close(w.release)
	goleak.VerifyNone(t, goleak.IgnoreCurrent())
}
