package fakehost_test

import (
	"context"
	"errors"
	"fmt"
	"io"
	"maps"
	"net"
	"slices"
	"strconv"
	"time"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
	"github.com/hostbridge/hostbridge/internal/testsupport/kittest"
)

// exampleT stands in for the *testing.T a test passes: an Example has none
// (Done runs the cleanups, as the end of a test does).
type exampleT = kittest.ExampleT

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
