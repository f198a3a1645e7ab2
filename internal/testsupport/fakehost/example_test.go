package fakehost_test

import (
	"bufio"
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"net"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/kittest"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// exampleT stands in for the *testing.T a test passes: an Example has none
// (Done runs the cleanups, as the end of a test does).
type exampleT = kittest.ExampleT

func ExampleTerminal() {
	var term fakehost.Terminal // what a terminal would receive
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
	h := fakehost.NewHerdr(t, fakehost.WithEnv("HERDR_PANE_ID", "w1:p1"))

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
	fmt.Println(h.Pane().State)
	// Output:
	// {"id":"1","result":{"type":"ok"}}
	// [herdr pane.report_agent working]
	// working
}

// ask is call for an Example's output: the reply line, or what met the
// request instead.
func ask(socket, line string) string {
	reply, err := call(socket, line, 10*time.Second)
	var op *net.OpError
	switch {
	case errors.As(err, &op) && op.Op == "dial":
		return "(cannot connect)"
	case err != nil:
		return "(closed, no reply)"
	}
	return reply
}

// herdrReport is a pane.report_agent request line.
func herdrReport(pane, state string, seq int) string {
	return fmt.Sprintf(`{"id":"%d","method":"pane.report_agent","params":{"pane_id":%q,"source":"chat","agent":"chat","state":%q,"seq":%d}}`,
		seq, pane, state, seq)
}

// One fake herdr serves many panes: PaneEnv gives a second program the
// environment of a pane of its own, and Panes shows what each pane holds.
func ExampleHerdr_Panes() {
	t := &exampleT{}
	defer t.Done()
	h := fakehost.NewHerdr(t) // its first pane: w1:p2
	second := h.PaneEnv("w1:p5")

	ask(second["HERDR_SOCKET_PATH"], herdrReport("w1:p2", "working", 1))
	ask(second["HERDR_SOCKET_PATH"], herdrReport("w1:p5", "blocked", 1))
	var panes map[string]fakehost.HerdrPane = h.Panes()
	for _, id := range slices.Sorted(maps.Keys(panes)) {
		fmt.Println(id, panes[id].State, panes[id].Agent)
	}
	for _, line := range h.Transcript() {
		fmt.Println(line)
	}
	// Output:
	// w1:p2 working chat
	// w1:p5 blocked chat
	// herdr pane.report_agent working
	// herdr w1:p5 pane.report_agent blocked
}

// A fake's Socket plays a host that misbehaves, a fault at a time until
// Normal, and records how each request was met: Requests, with the
// request's parameters (Str, Seq) and the Answer.
func ExampleSocket_faults() {
	t := &exampleT{}
	defer t.Done()
	h := fakehost.NewHerdr(t)
	socket := h.Env()["HERDR_SOCKET_PATH"]

	h.Garbage()
	fmt.Println(ask(socket, herdrReport("w1:p2", "working", 1)))
	h.CloseEarly()
	fmt.Println(ask(socket, herdrReport("w1:p2", "working", 2)))
	h.Error("pane_not_found")
	fmt.Println(ask(socket, herdrReport("w1:p2", "working", 3)))
	h.Normal()
	h.DropNext() // only the next request
	fmt.Println(ask(socket, herdrReport("w1:p2", "working", 4)))
	h.Slow(10 * time.Millisecond) // answered late, applied at once
	fmt.Println(ask(socket, herdrReport("w1:p2", "idle", 5)))

	var requests []fakehost.Request = h.Requests()
	for _, r := range requests {
		seq, _ := r.Seq()
		fmt.Printf("seq %d %s: answer %q, applied %v\n", seq, r.Str("state"), r.Answer, r.Applied)
	}
	fmt.Println(h.Connections(), "connections; pane", h.Pane().State)
	// Output:
	// this is not json
	// (closed, no reply)
	// {"error":{"code":"pane_not_found","message":"fake herdr error"},"id":"3"}
	// (closed, no reply)
	// {"id":"5","result":{"type":"ok"}}
	// seq 1 working: answer "garbage", applied false
	// seq 2 working: answer "dropped", applied false
	// seq 3 working: answer "pane_not_found", applied false
	// seq 4 working: answer "dropped", applied false
	// seq 5 idle: answer "", applied true
	// 5 connections; pane idle
}

// Stop is a host that went away: its socket is gone. Restart is the host
// back on the same path, holding what it held.
func ExampleSocket_Restart() {
	t := &exampleT{}
	defer t.Done()
	h := fakehost.NewHerdr(t)
	socket := h.Env()["HERDR_SOCKET_PATH"]

	ask(socket, herdrReport("w1:p2", "working", 1))
	h.Stop()
	fmt.Println(ask(socket, herdrReport("w1:p2", "idle", 2)))
	h.Restart()
	fmt.Println(h.Pane().State)
	fmt.Println(ask(socket, herdrReport("w1:p2", "idle", 3)))
	fmt.Println(h.Pane().State)
	// Output:
	// (cannot connect)
	// working
	// {"id":"3","result":{"type":"ok"}}
	// idle
}

// A fake tuios daemon answers each verb on a lasting connection and keeps
// the pane's state and sub-agents. UnknownVerbs plays an older daemon;
// ExpectRefusals allows a request refused as invalid (else the test fails
// at cleanup); DropConnections drops its clients, as the daemon may.
func ExampleTuios() {
	t := &exampleT{}
	defer t.Done()
	f := fakehost.NewTuios(t)
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
	send(`{"id":2,"verb":"report-agent-activity","params":{"harness":"chat","activity":{"event":"subagent_start","agent_id":"a1","agent_type":"explore","target":"find the bug"}}}`)
	f.UnknownVerbs("set-agent-meta")
	fmt.Println(send(`{"id":3,"verb":"set-agent-meta","params":{"tokens":{"model":"opus"}}}`))
	f.ExpectRefusals()
	fmt.Println(send(`{"id":4,"verb":"set-agent-state","params":{"state":"busy"}}`))
	for _, line := range f.Transcript() {
		fmt.Println(line)
	}

	var pane fakehost.TuiosPane = f.Pane()
	var child fakehost.TuiosSubagent = pane.Subagents[0]
	fmt.Println(pane.State, pane.Harness, child.ID, child.Status, child.Task)
	f.DropConnections()
	fmt.Println(send(`{"id":5,"verb":"get-agent-state"}`))
	// Output:
	// {"error":{"code":"unknown_verb","message":"unknown verb set-agent-meta"},"id":3}
	// {"error":{"code":"invalid_params","hint":{"param":"state"},"message":"unknown agent state busy"},"id":4}
	// tuios set-agent-state working
	// tuios report-agent-activity subagent_start a1 type="explore" task="find the bug"
	// tuios set-agent-meta model="opus" -> unknown_verb
	// tuios set-agent-state busy -> invalid_params
	// working chat a1 running find the bug
	// (closed, no reply)
}

// A kit for another UI framework starts from a Rig, made from the options
// its New takes: it runs the program with Env as its environment and
// Terminal as its output, then compares Transcript with a golden file.
func ExampleNewRig() {
	t := &exampleT{}
	defer t.Done()
	newKit := func(t fakehost.TB, opts ...fakehost.Option) *fakehost.Rig {
		t.Helper()
		return fakehost.NewRig(opts...) // then starts the program
	}
	dir := fmt.Sprintf("/tmp/chat-%d", time.Now().UnixNano()) // the app's, new each run
	r := newKit(t, fakehost.NewHerdr(t), fakehost.WithSize(100, 30),
		fakehost.WithReplace(dir, "<dir>"), fakehost.KitOption("the kit's own"))
	fmt.Println(r.Width, r.Height, r.Kit, r.Env["TERM_PROGRAM"], r.Env["HERDR_PANE_ID"])

	// What the program does: the bar in its terminal, a report to herdr.
	fmt.Fprint(r.Terminal, ansi.SetIndeterminateProgressBar)
	ask(r.Env["HERDR_SOCKET_PATH"], strings.Replace(herdrReport("w1:p2", "blocked", 1),
		`"seq"`, `"message":"approve write `+dir+`/notes.md","seq"`, 1))
	fmt.Print(r.Transcript())
	fakehost.RequireGoldenFile(t, "testdata/rig.golden", r.Transcript())
	// Output:
	// 100 30 [the kit's own] WezTerm w1:p2
	// terminal progress 3
	//
	// herdr pane.report_agent blocked "approve write <dir>/notes.md"
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
		fakehost.Run(t, fakehost.Harness{
			New: func(*testing.T) host.Backend { return statusLine{io.Discard} },
			// Hung, for a host that can hang: a backend whose host never
			// answers, to check that Report returns by its deadline.
		})
	}
	_ = testStatusLine
}

// Hostile is the raw text Run reports to a backend, which may refuse it
// but must neither panic nor hang. Written to a terminal as it is, it
// rings the bell; statusLine quotes it, and nothing reaches the terminal.
func ExampleHostile() {
	var raw, quoted fakehost.Terminal
	for _, s := range fakehost.Hostile {
		_, _ = raw.Write([]byte(s))
		_ = statusLine{&quoted}.Report(context.Background(),
			host.Report{Kind: host.KindState, State: host.Blocked, Message: s})
	}
	fmt.Println(raw.Transcript())
	fmt.Println(quoted.Transcript())
	// Output:
	// [terminal bell]
	// []
}
