package hosttest_test

import (
	"bufio"
	"context"
	"fmt"
	"io"
	"net"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/host/hosttest"
)

// exampleT stands in for the *testing.T a test passes: an Example has none.
// It is a hosttest.TB: Errorf prints, Fatalf panics, and Done runs the
// cleanups, last first, as the end of a test does.
type exampleT struct{ cleanups []func() }

func (*exampleT) Helper()                      {}
func (*exampleT) Name() string                 { return "Example" }
func (*exampleT) Errorf(f string, args ...any) { fmt.Printf("error: "+f+"\n", args...) }
func (*exampleT) Fatalf(f string, args ...any) { panic(fmt.Sprintf(f, args...)) }
func (e *exampleT) Cleanup(f func())           { e.cleanups = append(e.cleanups, f) }

func (e *exampleT) Done() {
	for i := len(e.cleanups) - 1; i >= 0; i-- {
		e.cleanups[i]()
	}
}

// ask sends a request line to a fake's socket and returns the reply line.
func ask(socket, line string) string {
	c, err := net.Dial("unix", socket)
	if err != nil {
		return "(cannot connect)"
	}
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(10 * time.Second))
	fmt.Fprintln(c, line)
	reply, err := bufio.NewReader(c).ReadString('\n')
	if err != nil {
		return "(closed, no reply)"
	}
	return reply
}

// herdrReport is a pane.report_agent request line.
func herdrReport(pane, state string, seq int) string {
	return fmt.Sprintf(`{"id":"%d","method":"pane.report_agent","params":{"pane_id":%q,"source":"chat","agent":"chat","state":%q,"seq":%d}}`,
		seq, pane, state, seq)
}

func ExampleTerminal() {
	var term hosttest.Terminal // what a terminal would receive
	_, _ = term.Write([]byte("\x1b[2K> hello\r\n" + ansi.SetIndeterminateProgressBar))
	fmt.Fprint(&term, ansi.TmuxPassthrough(ansi.Notify("needs you")))
	fmt.Fprint(&term, ansi.ScreenPassthrough(ansi.ResetProgressBar, 768))
	for _, line := range term.Transcript() {
		fmt.Println(line)
	}
	// Output:
	// terminal progress 3
	// terminal ping "needs you" via tmux
	// terminal progress 0 via screen
}

func ExampleNewHerdr() {
	t := &exampleT{} // in a test: the test's t
	defer t.Done()
	var h *hosttest.Herdr = hosttest.NewHerdr(t, hosttest.WithEnv("HERDR_PANE_ID", "w1:p1"))

	// What a program in the pane does: one request per connection.
	c, err := net.Dial("unix", h.Env()["HERDR_SOCKET_PATH"])
	if err != nil {
		panic(err)
	}
	defer c.Close()
	fmt.Fprintln(c, `{"id":"1","method":"pane.report_agent","params":{"pane_id":"w1:p1","source":"chat","agent":"chat","state":"working","seq":1}}`)
	reply, _ := bufio.NewReader(c).ReadString('\n')

	fmt.Print(reply)
	fmt.Println(h.Transcript())
	var pane hosttest.HerdrPane = h.Pane()
	fmt.Println(pane.State, pane.Agent)
	// Output:
	// {"id":"1","result":{"type":"ok"}}
	// [herdr pane.report_agent working]
	// working chat
}

// A kit for another UI framework starts from a Rig, made from the options
// its New takes: it runs the program with Env as its environment and
// Terminal as its output, then compares Transcript with a golden file.
func ExampleNewRig() {
	t := &exampleT{}
	defer t.Done()
	newKit := func(t hosttest.TB, opts ...hosttest.Option) *hosttest.Rig {
		t.Helper()
		return hosttest.NewRig(opts...) // then starts the program
	}
	dir := fmt.Sprintf("/tmp/chat-%d", time.Now().UnixNano()) // the app's, new each run
	r := newKit(t, hosttest.NewHerdr(t), hosttest.WithSize(100, 30),
		hosttest.WithReplace(dir, "<dir>"), hosttest.KitOption("the kit's own"))
	fmt.Println(r.Width, r.Height, r.Kit, r.Env["TERM_PROGRAM"], r.Env["HERDR_PANE_ID"])

	// What the program does: the bar in its terminal, a report to herdr.
	fmt.Fprint(r.Terminal, ansi.SetIndeterminateProgressBar)
	ask(r.Env["HERDR_SOCKET_PATH"], strings.Replace(herdrReport("w1:p2", "blocked", 1),
		`"seq"`, `"message":"approve write `+dir+`/notes.md","seq"`, 1))
	fmt.Print(r.Transcript())
	// Output:
	// 100 30 [the kit's own] WezTerm w1:p2
	// terminal progress 3
	//
	// herdr pane.report_agent blocked "approve write <dir>/notes.md"
}

// A fake tuios daemon answers each verb on a lasting connection and keeps
// the pane's state and rail facts.
func ExampleTuios() {
	t := &exampleT{}
	defer t.Done()
	f := hosttest.NewTuios(t)
	c, err := net.Dial("unix", f.Env()["TUIOS_SOCKET"])
	if err != nil {
		panic(err)
	}
	defer c.Close()
	replies := bufio.NewReader(c)
	send := func(line string) string {
		fmt.Fprintln(c, line)
		reply, err := replies.ReadString('\n')
		if err != nil {
			return "(closed, no reply)"
		}
		return strings.TrimSpace(reply)
	}

	send(`{"id":1,"verb":"set-agent-state","params":{"state":"working","harness":"chat"}}`)
	send(`{"id":2,"verb":"set-agent-meta","params":{"tokens":{"model":"opus"}}}`)
	for _, line := range f.Transcript() {
		fmt.Println(line)
	}
	var pane hosttest.TuiosPane = f.Pane()
	fmt.Println(pane.State, pane.Harness, pane.Meta["model"])
	// Output:
	// tuios set-agent-state working
	// tuios set-agent-meta model="opus"
	// working chat opus
}

// statusLine is a custom backend: it writes each state to w, its message
// quoted.
type statusLine struct{ w io.Writer }

func (statusLine) Name() string { return "statusline" }

func (s statusLine) Report(_ context.Context, r host.Report) error {
	if r.Kind != host.KindState {
		return nil
	}
	_, err := fmt.Fprintln(s.w, r.State, strconv.Quote(r.Message))
	return err
}

// Run is the conformance suite a custom backend's test runs, as a
// slog.Handler's runs slogtest; a Harness builds the backend. This Example
// is compiled, not run: Run needs the *testing.T of a test.
func ExampleRun() {
	testStatusLine := func(t *testing.T) { // func TestStatusLine(t *testing.T)
		hosttest.Run(t, hosttest.Harness{
			New: func(*testing.T) host.Backend { return statusLine{io.Discard} },
			// Hung, for a host that can hang: a backend whose host never
			// answers, to check that Report returns by its deadline.
		})
	}
	_ = testStatusLine
}
