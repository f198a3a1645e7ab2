package fakehost_test

import (
	"bufio"
	"encoding/json"
	"net"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// tuiosConn is a raw client of the fake, for tests of the fake itself.
type tuiosConn struct {
	t  *testing.T
	c  net.Conn
	rd *bufio.Reader
}

func dialTuios(t *testing.T, f *fakehost.Tuios) *tuiosConn {
	t.Helper()
	c, err := net.Dial("unix", f.Env()["TUIOS_SOCKET"])
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { c.Close() })
	c.SetDeadline(time.Now().Add(5 * time.Second))
	return &tuiosConn{t: t, c: c, rd: bufio.NewReader(c)}
}

// send sends one request line and returns the reply line, without its
// newline.
func (tc *tuiosConn) send(line string) string {
	tc.t.Helper()
	if _, err := tc.c.Write([]byte(line + "\n")); err != nil {
		tc.t.Fatal(err)
	}
	reply, err := tc.rd.ReadString('\n')
	if err != nil {
		tc.t.Fatalf("reading reply to %s: %v", line, err)
	}
	return strings.TrimSuffix(reply, "\n")
}

// do sends one request line and decodes the reply.
func (tc *tuiosConn) do(line string) map[string]any {
	tc.t.Helper()
	reply := tc.send(line)
	var m map[string]any
	if err := json.Unmarshal([]byte(reply), &m); err != nil {
		tc.t.Fatalf("reply %q: %v", reply, err)
	}
	return m
}

func errCode(m map[string]any) string {
	e, _ := m["error"].(map[string]any)
	c, _ := e["code"].(string)
	return c
}

func TestTuiosEnv(t *testing.T) {
	noLeaks(t)
	f := fakehost.NewTuios(t, fakehost.WithEnv("TUIOS_SESSION", "work"))
	env := f.Env()
	window, path := env["TUIOS_PANE_ID"], env["TUIOS_SOCKET"]
	if env["TUIOS_ENV"] != "1" || env["TUIOS_SESSION"] != "work" || env["TUIOS_WINDOW_ID"] != window {
		t.Errorf("Env() = %v", env)
	}
	if len(window) != 36 || strings.Count(window, "-") != 4 {
		t.Errorf("window id %q is not a UUID", window)
	}
	if len(path) > 100 {
		t.Errorf("socket path %q too long for sun_path", path)
	}
	c := dialTuios(t, f)
	if code := errCode(c.do(`{"id":1,"verb":"get-agent-state","params":{"session":"main"}}`)); code != "session_not_found" {
		t.Errorf("session main answered %q in session work", code)
	}
	if g := fakehost.NewTuios(t, fakehost.WithEnv("TUIOS_PANE_ID", "w-9")); g.Env()["TUIOS_WINDOW_ID"] != "w-9" {
		t.Errorf("TUIOS_PANE_ID did not set the window: %v", g.Env())
	}
}

func TestTuiosProtocol(t *testing.T) {
	noLeaks(t)
	f := fakehost.NewTuios(t)
	f.ExpectRefusals()
	c := dialTuios(t, f)
	w := f.Env()["TUIOS_PANE_ID"]

	r := c.do(`{"id":1,"verb":"set-agent-state","params":{"session":"main","window":"` + w + `","state":"working","harness":"chat"}}`)
	if r["id"] != 1.0 || r["result"].(map[string]any)["applied"] != true {
		t.Errorf("set-agent-state reply %v", r)
	}
	r = c.do(`{"id":"x","verb":"set-agent-state","params":{"state":"idle","colour":"red"}}`)
	if r["id"] != "x" || errCode(r) != "invalid_params" {
		t.Errorf("unknown param: %v", r)
	}
	if hint := r["error"].(map[string]any)["hint"].(map[string]any); hint["param"] != "colour" {
		t.Errorf("hint %v", hint)
	}
	for line, code := range map[string]string{
		`{"id":2,"verb":"list-everything"}`: "unknown_verb",
		`not json`:                          "invalid_request",
		`{"id":3,"verb":"set-agent-state","params":{"state":"sleepy"}}`:                                       "invalid_params",
		`{"id":4,"verb":"set-agent-state","params":{"state":"idle","session":"nope"}}`:                        "session_not_found",
		`{"id":5,"verb":"set-agent-state","params":{"state":"idle","window":"nope"}}`:                         "window_not_found",
		`{"id":6,"verb":"set-agent-meta","params":{"tokens":{"now":"x"}}}`:                                    "invalid_params",
		`{"id":7,"verb":"set-agent-meta","params":{"tokens":{"Model":"x"}}}`:                                  "invalid_params",
		`{"id":8,"verb":"set-agent-meta","params":{}}`:                                                        "invalid_params",
		`{"id":9,"verb":"report-agent-activity","params":{"activity":{"event":"nap"}}}`:                       "invalid_params",
		`{"id":10,"verb":"report-agent-activity","params":{"activity":{"event":"subagent_start"}}}`:           "invalid_params",
		`{"id":11,"verb":"report-agent-activity","params":{"activity":{"event":"session_start","task":"x"}}}`: "invalid_params",
	} {
		if got := errCode(c.do(line)); got != code {
			t.Errorf("%s: answered %q, want %q", line, got, code)
		}
	}
	if r := c.do(`{"verb":"hello"}`); r["result"] == nil || r["id"] != nil {
		t.Errorf("a request without an id: %v, want a result without one", r)
	} else if _, has := r["id"]; has {
		t.Errorf("reply names an id the request did not have: %v", r)
	}
	if p := f.Pane(); p.State != "working" || p.Harness != "chat" {
		t.Errorf("refused requests changed the pane: %+v", p)
	}
	refusals := 0
	for _, r := range f.Requests() {
		if r.Answer == "invalid_params" || r.Answer == "invalid_request" {
			refusals++
		}
	}
	if refusals != 9 {
		t.Errorf("%d refusals recorded, want 9", refusals)
	}
}

func TestTuiosMeta(t *testing.T) {
	noLeaks(t)
	f := fakehost.NewTuios(t)
	c := dialTuios(t, f)
	c.do(`{"id":1,"verb":"set-agent-meta","params":{"source":"chat","tokens":{"model":"opus","cost":"$1"}}}`)
	c.do(`{"id":2,"verb":"set-agent-meta","params":{"source":"hook","tokens":{"branch":"main"}}}`)
	c.do(`{"id":3,"verb":"set-agent-meta","params":{"source":"chat","tokens":{"cost":null,"context":"` + strings.Repeat("x", 100) + `"}}}`)
	p := f.Pane()
	if !slices.Equal(p.MetaOrder, []string{"model", "branch", "context"}) || len([]rune(p.Meta["context"])) != 80 {
		t.Errorf("meta %v order %v", p.Meta, p.MetaOrder)
	}
	c.do(`{"id":4,"verb":"set-agent-meta","params":{"source":"chat","clear":true}}`)
	if p := f.Pane(); len(p.Meta) != 1 || p.Meta["branch"] != "main" {
		t.Errorf("clear by source left %v", p.Meta)
	}
	wantTr := []string{
		`tuios set-agent-meta model="opus" cost="$1"`,
		`tuios set-agent-meta branch="main"`,
		`tuios set-agent-meta cost=null context="` + strings.Repeat("x", 100) + `"`,
		`tuios set-agent-meta clear`,
	}
	if got := f.Transcript(); !slices.Equal(got, wantTr) {
		t.Errorf("transcript %q", got)
	}
}

func TestTuiosActivity(t *testing.T) {
	noLeaks(t)
	f := fakehost.NewTuios(t)
	c := dialTuios(t, f)
	act := func(id int, a string) map[string]any {
		return c.do(`{"id":` + string(rune('0'+id)) + `,"verb":"report-agent-activity","params":{"harness":"chat","activity":` + a + `}}`)
	}
	// No agent in the pane yet: a start is not kept.
	if r := act(1, `{"event":"subagent_start","agent_id":"a1"}`); r["result"].(map[string]any)["recorded"] != false {
		t.Errorf("start on an empty pane: %v", r)
	}
	c.do(`{"id":2,"verb":"set-agent-state","params":{"state":"working","harness":"chat"}}`)
	act(3, `{"event":"subagent_start","agent_id":"a1","agent_type":"explore","target":"look","tool":"grep"}`)
	act(4, `{"event":"subagent_start","agent_id":"a2"}`)
	act(5, `{"event":"subagent_stop","agent_id":"a1","text":"found it","ok":true}`)
	r := act(6, `{"event":"subagent_stop","agent_id":"a2"}`)
	if r["result"].(map[string]any)["subagents"] != 0.0 {
		t.Errorf("running count %v", r)
	}
	p := f.Pane()
	want := []fakehost.TuiosSubagent{{ID: "a1", Type: "explore", Task: "look", Tool: "grep", Status: "done", Result: "found it"}, {ID: "a2", Status: "stopped"}}
	if !slices.Equal(p.Subagents, want) {
		t.Errorf("children %+v", p.Subagents)
	}
	// Another harness's children are not this pane's.
	c.do(`{"id":7,"verb":"report-agent-activity","params":{"harness":"other","activity":{"event":"session_start"}}}`)
	if len(f.Pane().Subagents) != 2 {
		t.Error("another harness cleared the children")
	}
	act(8, `{"event":"session_start","text":"clear"}`)
	if len(f.Pane().Subagents) != 0 {
		t.Error("session_start kept the children")
	}
	got := c.do(`{"id":9,"verb":"get-agent-state","params":{}}`)["result"].(map[string]any)
	if got["state"] != "working" || got["harness_id"] != "chat" {
		t.Errorf("get-agent-state %v", got)
	}
	c.do(`{"id":1,"verb":"set-agent-state","params":{"state":"none"}}`)
	if p := f.Pane(); p.State != "none" || p.Harness != "" {
		t.Errorf("none kept %+v", p)
	}
	tr := f.Transcript()
	if tr[2] != `tuios report-agent-activity subagent_start a1 type="explore" task="look" tool="grep"` ||
		tr[4] != `tuios report-agent-activity subagent_stop a1 text="found it" ok=true` {
		t.Errorf("transcript %q", tr)
	}
}

func TestTuiosHangDropStop(t *testing.T) {
	noLeaks(t)
	f := fakehost.NewTuios(t)
	f.UnknownVerbs("set-agent-meta")
	c := dialTuios(t, f)
	if code := errCode(c.do(`{"id":1,"verb":"set-agent-meta","params":{"tokens":{"a":"b"}}}`)); code != "unknown_verb" {
		t.Errorf("answered %q", code)
	}
	f.UnknownVerbs("set-agent-state")
	if code := errCode(c.do(`{"id":2,"verb":"set-agent-state","params":{"state":"idle"}}`)); code != "unknown_verb" {
		t.Errorf("answered %q", code)
	}

	f.Hang()
	c.c.Write([]byte(`{"id":3,"verb":"hello"}` + "\n"))
	fakehost.WaitFor(t, func() bool { return len(f.Requests()) == 3 })
	c.c.SetReadDeadline(time.Now().Add(20 * time.Millisecond))
	if _, err := c.rd.ReadByte(); err == nil {
		t.Error("a hung fake answered")
	}
	f.Normal()

	d := dialTuios(t, f)
	f.DropNext()
	d.c.Write([]byte(`{"id":4,"verb":"hello"}` + "\n"))
	if _, err := d.rd.ReadByte(); err == nil {
		t.Error("a dropped request was answered")
	}

	f.Stop()
	if _, err := net.Dial("unix", f.Env()["TUIOS_SOCKET"]); err == nil {
		t.Error("dial after Stop succeeded")
	}
	f.Restart()
	e := dialTuios(t, f)
	if r := e.do(`{"id":5,"verb":"hello"}`); r["result"] == nil {
		t.Errorf("hello after restart: %v", r)
	}
	if f.Connections() != 3 {
		t.Errorf("connections %d, want 3", f.Connections())
	}
	want := []string{
		"tuios set-agent-meta a=\"b\" -> unknown_verb",
		"tuios set-agent-state idle -> unknown_verb",
		"tuios hello -> hang",
		"tuios hello -> dropped",
		"tuios hello",
	}
	if got := f.Transcript(); !slices.Equal(got, want) {
		t.Errorf("transcript %q", got)
	}
}

// The socket's faults are the same for every host: tuios answers Error in
// its own shape, with the request's id.
func TestTuiosSharesTheSocketsFaults(t *testing.T) {
	noLeaks(t)
	f := fakehost.NewTuios(t)
	f.Error("window_not_found")
	c := dialTuios(t, f)
	if reply := c.send(`{"id":7,"verb":"hello"}`); reply != `{"error":{"code":"window_not_found","message":"fake tuios error"},"id":7}` {
		t.Errorf("reply %q", reply)
	}
	f.Garbage()
	if reply := c.send(`{"id":8,"verb":"hello"}`); reply != "this is not json" {
		t.Errorf("reply %q", reply)
	}
	f.Normal()
	c.send(`{"id":9,"verb":"hello"}`)
	want := []string{"tuios hello -> window_not_found", "tuios hello -> garbage", "tuios hello"}
	if got := f.Transcript(); !slices.Equal(got, want) || f.Connections() != 1 {
		t.Errorf("transcript %q, %d connections", got, f.Connections())
	}
}
