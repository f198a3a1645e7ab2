package fakehost_test

import (
	"bufio"
	"errors"
	"net"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	"github.com/santhosh-tekuri/jsonschema/v6"
	"go.uber.org/goleak"

	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
	"github.com/hostbridge/hostbridge/internal/testsupport/herdrschema"
)

// herdrSchemaFile is herdr's published API schema (test data, Apache-2.0;
// see its NOTICE.md).
const herdrSchemaFile = "../../../testdata/herdr/herdr-api.schema.json"

var herdrSchemas = sync.OnceValues(func() (map[string]*jsonschema.Schema, error) {
	return herdrschema.Compile(herdrSchemaFile, "request", "success_response", "error_response")
})

// validReply checks a reply line against herdr's success or error
// response schema.
func validReply(t *testing.T, line string) {
	t.Helper()
	schemas, err := herdrSchemas()
	if err != nil {
		t.Fatalf("schema: %v", err)
	}
	v, err := jsonschema.UnmarshalJSON(strings.NewReader(line))
	if err != nil {
		t.Fatalf("reply %q: %v", line, err)
	}
	okErr := schemas["success_response"].Validate(v)
	errErr := schemas["error_response"].Validate(v)
	if okErr != nil && errErr != nil {
		t.Errorf("reply %q fits neither response schema:\n%v\n%v", line, okErr, errErr)
	}
}

// call sends one raw line on a fresh connection, as a program in a herdr
// pane does, and returns the reply line ("" when the fake answered
// nothing) and the error: the dial's, the write's or the read's.
func call(path, line string, timeout time.Duration) (string, error) {
	c, err := net.Dial("unix", path)
	if err != nil {
		return "", err
	}
	defer c.Close()
	_ = c.SetDeadline(time.Now().Add(timeout))
	if _, err := c.Write([]byte(line + "\n")); err != nil {
		return "", err
	}
	reply, err := bufio.NewReader(c).ReadString('\n')
	return strings.TrimSuffix(reply, "\n"), err
}

// noLeaks checks, after the test's other cleanups (the fake's included),
// that the test left no goroutine behind. Register it first.
func noLeaks(t *testing.T) {
	opt := goleak.IgnoreCurrent()
	t.Cleanup(func() { goleak.VerifyNone(t, opt) })
}

// sock is the fake's socket, as its pane's environment names it.
func sock(h *fakehost.Herdr) string { return h.Env()["HERDR_SOCKET_PATH"] }

func mustCall(t *testing.T, h *fakehost.Herdr, line string) string {
	t.Helper()
	reply, err := call(sock(h), line, 5*time.Second)
	if err != nil {
		t.Fatalf("call %s: %v", line, err)
	}
	validReply(t, reply)
	return reply
}

// The oracle must be able to say no, or every check above is vacuous.
func TestHerdrSchemaRejectsWrongShapes(t *testing.T) {
	schemas, err := herdrSchemas()
	if err != nil {
		t.Fatal(err)
	}
	for _, line := range []string{`{"id":"x"}`, `{"id":1,"result":{"type":"ok"}}`, `{"id":"x","result":{"type":"nope"}}`, `{"id":"x","error":{"code":"c"}}`} {
		v, _ := jsonschema.UnmarshalJSON(strings.NewReader(line))
		if schemas["success_response"].Validate(v) == nil || schemas["error_response"].Validate(v) == nil {
			t.Errorf("%s validates", line)
		}
	}
}

func TestHerdrAnswersLikeHerdr(t *testing.T) {
	noLeaks(t)
	h := fakehost.NewHerdr(t)
	tests := []struct {
		name, line, want string
	}{
		{"report", `{"id":"r1","method":"pane.report_agent","params":{"pane_id":"w1:p2","source":"custom:x","agent":"x","state":"working","seq":10}}`,
			`{"id":"r1","result":{"type":"ok"}}`},
		{"stale seq is ok", `{"id":"r2","method":"pane.report_agent","params":{"pane_id":"w1:p2","source":"custom:x","agent":"x","state":"idle","seq":10}}`,
			`{"id":"r2","result":{"type":"ok"}}`},
		{"no seq after seq is ok", `{"id":"r3","method":"pane.report_agent","params":{"pane_id":"w1:p2","source":"custom:x","agent":"x","state":"idle"}}`,
			`{"id":"r3","result":{"type":"ok"}}`},
		{"other pane", `{"id":"r4","method":"pane.release_agent","params":{"pane_id":"w9:p9","source":"custom:x","agent":"x","seq":11}}`,
			`{"error":{"code":"pane_not_found","message":"pane w9:p9 not found"},"id":"r4"}`},
		{"not json", `{"id":`, `{"error":{"code":"invalid_request","message":"invalid request line"},"id":""}`},
		{"bad state", `{"id":"r5","method":"pane.report_agent","params":{"pane_id":"w1:p2","source":"s","agent":"x","state":"done"}}`,
			`{"error":{"code":"invalid_request","message":"invalid request line"},"id":""}`},
		{"unknown method", `{"id":"r6","method":"pane.nope","params":{}}`,
			`{"error":{"code":"invalid_request","message":"invalid request line"},"id":""}`},
		{"no params", `{"id":"r7","method":"pane.release_agent"}`,
			`{"error":{"code":"invalid_request","message":"invalid request line"},"id":""}`},
		{"empty agent", `{"id":"r8","method":"pane.report_agent","params":{"pane_id":"w1:p2","source":"s","agent":" ","state":"idle"}}`,
			`{"error":{"code":"invalid_agent","message":"agent label must not be empty"},"id":"r8"}`},
		{"bad token", `{"id":"r9","method":"pane.report_metadata","params":{"pane_id":"w1:p2","source":"s","tokens":{"a b":"1"}}}`,
			`{"error":{"code":"invalid_metadata_request","message":"invalid token"},"id":"r9"}`},
	}
	for _, tt := range tests {
		if got := mustCall(t, h, tt.line); got != tt.want {
			t.Errorf("%s: reply\n got %s\nwant %s", tt.name, got, tt.want)
		}
	}
	reqs := h.Requests()
	if len(reqs) != len(tests) {
		t.Fatalf("recorded %d requests, want %d", len(reqs), len(tests))
	}
	applied := []bool{true, false, false, false, false, false, false, false, false, false}
	for i, r := range reqs {
		if r.Applied != applied[i] || r.Line != tests[i].line || r.Reply != tests[i].want || r.Received.IsZero() {
			t.Errorf("request %d (%s): %+v", i, tests[i].name, r)
		}
	}
	if p := h.Pane(); p.State != "working" || p.Agent != "x" || p.Source != "custom:x" {
		t.Errorf("pane = %+v, want working by custom:x", p)
	}
}

func TestHerdrSeqIsPerSourceAndExact(t *testing.T) {
	noLeaks(t)
	h := fakehost.NewHerdr(t)
	// Above 2^53: a float64 would see these two as equal.
	mustCall(t, h, `{"id":"a","method":"pane.report_agent","params":{"pane_id":"w1:p2","source":"s1","agent":"x","state":"working","seq":1800000000000000000}}`)
	mustCall(t, h, `{"id":"b","method":"pane.report_agent","params":{"pane_id":"w1:p2","source":"s1","agent":"x","state":"idle","seq":1800000000000000001}}`)
	// Another source has its own counter.
	mustCall(t, h, `{"id":"c","method":"pane.report_metadata","params":{"pane_id":"w1:p2","source":"s2","tokens":{"model":"m"},"seq":5}}`)
	got := []bool{}
	for _, r := range h.Requests() {
		got = append(got, r.Applied)
	}
	if !slices.Equal(got, []bool{true, true, true}) {
		t.Errorf("applied = %v, want all", got)
	}
	if p := h.Pane(); p.State != "idle" || p.Tokens["model"] != "m" {
		t.Errorf("pane = %+v", p)
	}
}

func TestHerdrReleaseOnlyByHolder(t *testing.T) {
	noLeaks(t)
	h := fakehost.NewHerdr(t, fakehost.WithEnv("HERDR_PANE_ID", "w2:p7"))
	mustCall(t, h, `{"id":"1","method":"pane.report_agent","params":{"pane_id":"w2:p7","source":"s","agent":"a","state":"blocked","message":"approve","seq":1}}`)
	mustCall(t, h, `{"id":"2","method":"pane.release_agent","params":{"pane_id":"w2:p7","source":"s","agent":"other","seq":2}}`)
	if p := h.Pane(); p.Released || p.State != "blocked" || p.Message != "approve" {
		t.Fatalf("released by a non-holder: %+v", p)
	}
	mustCall(t, h, `{"id":"3","method":"pane.report_agent_session","params":{"pane_id":"w2:p7","source":"s","agent":"a","seq":3,"agent_session_id":"42","agent_session_path":"/s/42","session_start_source":"startup"}}`)
	mustCall(t, h, `{"id":"4","method":"pane.report_metadata","params":{"pane_id":"w2:p7","source":"s","agent":"a","seq":4,"tokens":{"model":"opus","cost":"$1"}}}`)
	mustCall(t, h, `{"id":"5","method":"pane.report_metadata","params":{"pane_id":"w2:p7","source":"s","agent":"a","seq":5,"tokens":{"cost":null}}}`)
	mustCall(t, h, `{"id":"6","method":"pane.release_agent","params":{"pane_id":"w2:p7","source":"s","agent":"a","seq":6}}`)
	p := h.Pane()
	if !p.Released || p.State != "" || p.SessionID != "42" || p.SessionPath != "/s/42" || p.SessionStart != "startup" {
		t.Errorf("pane = %+v", p)
	}
	if len(p.Tokens) != 1 || p.Tokens["model"] != "opus" {
		t.Errorf("tokens = %v, want model only", p.Tokens)
	}
	want := []string{
		`herdr pane.report_agent blocked "approve"`,
		`herdr pane.report_agent_session`,
		`herdr pane.report_metadata cost="$1" model="opus"`,
		`herdr pane.report_metadata cost=(clear)`,
		`herdr pane.release_agent`,
	}
	if got := h.Transcript(); !slices.Equal(got, want) {
		t.Errorf("transcript:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestHerdrEnv(t *testing.T) {
	noLeaks(t)
	h := fakehost.NewHerdr(t)
	env := h.Env()
	for k, want := range map[string]string{
		"HERDR_ENV": "1", "HERDR_PANE_ID": "w1:p2", "HERDR_WORKSPACE_ID": "w1", "HERDR_TAB_ID": "w1:t1",
	} {
		if got := env[k]; got != want {
			t.Errorf("%s = %q, want %q", k, got, want)
		}
	}
	if len(sock(h)) > 100 {
		t.Errorf("socket path %q is too long for a Unix socket", sock(h))
	}
	if fi, err := os.Stat(sock(h)); err != nil || fi.Mode().Perm() != 0o600 {
		t.Errorf("socket: %v, %v; want mode 0600", fi, err)
	}
}

const okLine = `{"id":"f","method":"pane.report_agent","params":{"pane_id":"w1:p2","source":"s","agent":"a","state":"working"}}`

func TestHerdrFaults(t *testing.T) {
	noLeaks(t)
	h := fakehost.NewHerdr(t)

	h.Garbage()
	if reply, err := call(sock(h), okLine, 5*time.Second); err != nil || reply != "this is not json" {
		t.Errorf("garbage: %q, %v", reply, err)
	}

	h.CloseEarly()
	if reply, err := call(sock(h), okLine, 5*time.Second); reply != "" || err == nil {
		t.Errorf("close early: %q, %v; want no reply", reply, err)
	}

	h.Error("pane_not_found")
	reply, err := call(sock(h), okLine, 5*time.Second)
	if err != nil || reply != `{"error":{"code":"pane_not_found","message":"fake herdr error"},"id":"f"}` {
		t.Errorf("error: %q, %v", reply, err)
	}
	validReply(t, reply)

	h.Hang()
	if _, err := call(sock(h), okLine, 50*time.Millisecond); !isTimeout(err) {
		t.Errorf("hang: %v, want a timeout", err)
	}

	h.Normal()
	h.Slow(20 * time.Millisecond)
	start := time.Now()
	if reply := mustCall(t, h, okLine); !strings.Contains(reply, `"ok"`) || time.Since(start) < 20*time.Millisecond {
		t.Errorf("slow: %q after %v", reply, time.Since(start))
	}

	var applied []bool
	for _, r := range h.Requests() {
		applied = append(applied, r.Applied)
	}
	if !slices.Equal(applied, []bool{false, false, false, false, true}) {
		t.Errorf("applied = %v: a fault must not change the pane", applied)
	}
}

func TestHerdrHangReleasedByStop(t *testing.T) {
	noLeaks(t)
	h := fakehost.NewHerdr(t)
	h.Hang()
	done := make(chan error, 1)
	go func() {
		_, err := call(sock(h), okLine, time.Minute)
		done <- err
	}()
	fakehost.WaitFor(t, func() bool { return len(h.Requests()) == 1 })
	h.Stop() // must not wait for the client's minute
	if err := <-done; err == nil {
		t.Error("hung call got a reply")
	}
}

func TestHerdrStopAndRestart(t *testing.T) {
	noLeaks(t)
	h := fakehost.NewHerdr(t)
	mustCall(t, h, okLine)
	h.Stop()
	h.Stop() // idempotent
	if _, err := os.Stat(sock(h)); !errors.Is(err, os.ErrNotExist) {
		t.Errorf("socket still there after Stop: %v", err)
	}
	if _, err := call(sock(h), okLine, time.Second); err == nil {
		t.Error("dial after Stop worked")
	}
	h.Restart()
	reply := mustCall(t, h, strings.Replace(okLine, `"working"`, `"idle"`, 1))
	if !strings.Contains(reply, `"ok"`) || h.Pane().State != "idle" {
		t.Errorf("after restart: %q, pane %+v", reply, h.Pane())
	}
}

func isTimeout(err error) bool {
	var ne net.Error
	return errors.As(err, &ne) && ne.Timeout()
}
