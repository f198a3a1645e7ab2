package herdr_test

import (
	"bytes"
	"encoding/json"
	"errors"
	"fmt"
	"log/slog"
	"maps"
	"slices"
	"strings"
	"testing"
	"time"
	"unicode/utf8"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/hosts/herdr"
	"github.com/hostbridge/hostbridge/internal/hosts/hostio"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

func newFake(t *testing.T, opts ...fakehost.Option) *fakehost.Herdr {
	t.Helper()
	h := fakehost.NewHerdr(t, opts...)
	checkRequests(t, h)
	return h
}

// wantTranscript fails t unless the fake's transcript is want.
func wantTranscript(t *testing.T, h *fakehost.Herdr, want []string) {
	t.Helper()
	if got := h.Transcript(); !slices.Equal(got, want) {
		t.Errorf("transcript:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func newHerdrBackend(t testing.TB, h *fakehost.Herdr, edit func(*herdr.TestConfig)) *herdr.Backend {
	t.Helper()
	env := h.Env()
	cfg := herdr.TestConfig{Socket: env["HERDR_SOCKET_PATH"], Pane: env["HERDR_PANE_ID"], Agent: "chat"}
	if edit != nil {
		edit(&cfg)
	}
	return herdr.NewTest(cfg)
}

// isLabels reports whether r sets or clears the failure's state labels
// (failure.go), which go with state reports; tests about other things
// leave them out (requests).
func isLabels(r fakehost.Request) bool {
	return r.Method == "pane.report_metadata" && (r.Params["state_labels"] != nil || r.Params["clear_state_labels"] == true)
}

// requests is what the fake received, without the state labels.
func requests(h *fakehost.Herdr) []fakehost.Request {
	return slices.DeleteFunc(h.Requests(), isLabels)
}

// summary is one line per request received but the state labels: method,
// then what matters.
func summary(h *fakehost.Herdr) []string {
	var out []string
	for _, r := range requests(h) {
		line := r.Method
		if s := r.Str("state"); s != "" {
			line += " " + s
		}
		out = append(out, line)
	}
	return out
}

func TestStateMapping(t *testing.T) {
	tests := []struct {
		state host.State
		want  string // herdr state, "" for no request
	}{
		{host.Working, "working"},
		{host.Blocked, "blocked"},
		{host.Idle, "idle"},
		{host.Failed, "idle"},
		{host.Unknown, ""},
	}
	for _, tt := range tests {
		t.Run(tt.state.String(), func(t *testing.T) {
			h := newFake(t)
			b := newHerdrBackend(t, h, nil)
			mustReport(t, b, state(tt.state))
			reqs := requests(h)
			if tt.want == "" {
				if len(reqs) != 0 {
					t.Fatalf("sent %v, want nothing", summary(h))
				}
				return
			}
			if len(reqs) != 1 || reqs[0].Method != "pane.report_agent" || reqs[0].Str("state") != tt.want {
				t.Fatalf("sent %v, want pane.report_agent %s", summary(h), tt.want)
			}
			p := reqs[0].Params
			if p["pane_id"] != "w1:p2" || p["agent"] != "chat" || p["source"] != "custom:chat" {
				t.Errorf("params = %v", p)
			}
			if _, ok := p["message"]; ok {
				t.Errorf("message sent by default: %v", p)
			}
			if got := h.Pane().State; got != tt.want {
				t.Errorf("pane state = %q, want %q", got, tt.want)
			}
		})
	}
}

func TestKindsHerdrDoesNotTake(t *testing.T) {
	h := newFake(t)
	b := newHerdrBackend(t, h, func(c *herdr.TestConfig) { c.Metadata = true })
	mustReport(t, b,
		host.Report{Kind: host.KindPing, State: host.Blocked, Message: "approve"},
		host.Report{Kind: host.KindSuspend, State: host.Working},
		host.Report{Kind: host.KindAgents, Agents: []host.SubAgent{{ID: "1", Task: "t"}}},
	)
	if n := len(h.Requests()); n != 0 {
		t.Errorf("sent %v, want nothing", summary(h))
	}
}

// Each state is sent as given, the same one again too: the Reporter
// decides what herdr was already shown.
func TestHerdrSendsWhatItIsGiven(t *testing.T) {
	h := newFake(t)
	b := newHerdrBackend(t, h, nil)
	mustReport(t, b,
		state(host.Working),
		state(host.Working),
		host.Report{Kind: host.KindState, State: host.Working, Repeat: true},
		state(host.Idle),
		state(host.Failed), // idle in herdr too, with the failure's labels
		host.Report{Kind: host.KindState, State: host.Blocked, Message: "approve a"},
		host.Report{Kind: host.KindState, State: host.Blocked, Message: "approve b"}, // the message is not sent
	)
	want := []string{"pane.report_agent working", "pane.report_agent working", "pane.report_agent working",
		"pane.report_agent idle", "pane.report_agent idle", "pane.report_agent blocked", "pane.report_agent blocked"}
	if got := summary(h); !slices.Equal(got, want) {
		t.Errorf("sent %v\nwant %v", got, want)
	}
	if p := h.Pane(); p.State != "blocked" || p.Message != "" || len(p.StateLabels) != 0 {
		t.Errorf("pane %+v, want blocked without a message or a label", p)
	}
}

// With BlockedMessage the request goes with the blocked state and, as
// herdr shows that message nowhere (v0.8.2), as the blocked state's label,
// which herdr's agent panel shows in the word "blocked": set before the
// state, replaced by the next request's, cleared by the next state.
func TestBlockedMessage(t *testing.T) {
	h := newFake(t)
	b := newHerdrBackend(t, h, func(c *herdr.TestConfig) { c.BlockedMessage = true })
	blocked := func(msg string) {
		t.Helper()
		mustReport(t, b, stateMsg(host.Blocked, msg))
		if p := h.Pane(); p.State != "blocked" || p.Message != msg || !maps.Equal(p.StateLabels, map[string]string{"blocked": msg}) {
			t.Errorf("pane %+v, want blocked on %q, the label too", p, msg)
		}
	}
	blocked("approve shell: git push")
	blocked("Fix the flaky test: Allow shell")
	mustReport(t, b, stateMsg(host.Working, "ignored"))
	want := []string{
		`herdr pane.report_metadata state_label:blocked="approve shell: git push"`,
		`herdr pane.report_agent blocked "approve shell: git push"`,
		`herdr pane.report_metadata state_label:blocked="Fix the flaky test: Allow shell"`,
		`herdr pane.report_agent blocked "Fix the flaky test: Allow shell"`,
		`herdr pane.report_agent working`,
		`herdr pane.report_metadata state_labels=(clear)`,
	}
	wantTranscript(t, h, want)
	if p := h.Pane(); p.Message != "" || len(p.StateLabels) != 0 {
		t.Errorf("working pane keeps message %q, labels %v", p.Message, p.StateLabels)
	}
}

// The label is the request as herdr keeps it: cleaned, at most 80
// characters (ogulcancelik/herdr@10974c82 src/app/api/panes.rs normalize_presentation_text
// keeps 80 and drops a blank one, which alone would be refused). A failure
// while blocked puts the failure's labels in the request's place.
func TestBlockedLabelBounds(t *testing.T) {
	h := newFake(t)
	b := newHerdrBackend(t, h, func(c *herdr.TestConfig) { c.BlockedMessage = true })
	long := strings.Repeat("é", 100)
	mustReport(t, b, stateMsg(host.Blocked, long))
	if l := h.Pane().StateLabels["blocked"]; l != strings.Repeat("é", 79)+"…" {
		t.Errorf("label %q (%d runes), want the request cut to 80 characters", l, utf8.RuneCountInString(l))
	}
	mustReport(t, b, stateMsg(host.Blocked, " \t\x1b[31m "))
	if p := h.Pane(); p.State != "blocked" || len(p.StateLabels) != 0 {
		t.Errorf("pane %+v, want blocked, no label for a request that shows nothing", p)
	}
	mustReport(t, b, stateMsg(host.Blocked, "approve a"), state(host.Failed))
	if p := h.Pane(); p.State != "idle" || !maps.Equal(p.StateLabels, map[string]string{"done": "failed", "idle": "failed"}) {
		t.Errorf("pane %+v, want idle labelled failed only", p)
	}
}

// The Machine cleans and bounds what it reports; whatever text a report
// carries, the request stays one line that herdr takes, the text exactly
// as given (invalid UTF-8 replaced, as JSON must).
func TestHostileTextStaysOneLine(t *testing.T) {
	h := newFake(t)
	b := newHerdrBackend(t, h, func(c *herdr.TestConfig) { c.BlockedMessage = true })
	msg := "line\n{\"id\":\"x\"}\r\x1b]9;evil\x07 \"quoted\" \\ \xff"
	mustReport(t, b, host.Report{Kind: host.KindState, State: host.Blocked, Message: msg})
	reqs := h.Requests()
	if len(reqs) != 2 || !reqs[0].Applied || !reqs[1].Applied || strings.Contains(reqs[0].Line+reqs[1].Line, "\n") {
		t.Fatalf("requests = %+v", reqs)
	}
	if got, want := reqs[1].Str("message"), strings.ToValidUTF8(msg, "\ufffd"); got != want {
		t.Errorf("message arrived as %q, want %q", got, want)
	}
	if got := h.Pane().StateLabels["blocked"]; got != `line {"id":"x"} "quoted" \` {
		t.Errorf("label arrived as %q, want the message cleaned", got)
	}
}

func TestSessionReports(t *testing.T) {
	tests := []struct {
		name       string
		session    host.Session
		wantParams map[string]any
	}{
		{"startup", host.Session{ID: "42", Dir: "/home/u/.chat/42", Origin: host.OriginStartup},
			map[string]any{"agent_session_id": "42", "agent_session_path": "/home/u/.chat/42", "session_start_source": "startup"}},
		{"switched", host.Session{ID: "43", Dir: "/s/43", Origin: host.OriginSwitched},
			map[string]any{"agent_session_id": "43", "agent_session_path": "/s/43", "session_start_source": "resume"}},
		{"saved", host.Session{ID: "44", Dir: "/s/44", Origin: host.OriginSaved},
			map[string]any{"agent_session_id": "44", "agent_session_path": "/s/44"}},
		{"relative dir", host.Session{ID: "45", Dir: "s/45", Origin: host.OriginSaved},
			map[string]any{"agent_session_id": "45"}},
		{"long dir", host.Session{ID: "46", Dir: "/" + strings.Repeat("d", 4096), Origin: host.OriginSaved},
			map[string]any{"agent_session_id": "46"}},
		{"dir with a control, as the Machine would not give it", host.Session{ID: "47", Dir: "/s/\x1b[2J", Origin: host.OriginSaved},
			map[string]any{"agent_session_id": "47", "agent_session_path": "/s/\x1b[2J"}},
		{"no session", host.Session{Origin: host.OriginSaved}, map[string]any{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newFake(t)
			b := newHerdrBackend(t, h, nil)
			mustReport(t, b, host.Report{Kind: host.KindSession, State: host.Idle, Session: tt.session})
			reqs := h.Requests()
			if len(reqs) != 1 || reqs[0].Method != "pane.report_agent_session" {
				t.Fatalf("sent %v", summary(h))
			}
			got := reqs[0].Params
			for _, k := range []string{"pane_id", "source", "agent", "seq"} {
				if _, ok := got[k]; !ok {
					t.Errorf("%s missing: %v", k, got)
				}
				delete(got, k)
			}
			if fmt.Sprint(got) != fmt.Sprint(tt.wantParams) {
				t.Errorf("params %v\nwant %v", got, tt.wantParams)
			}
		})
	}
}

func TestSessionInReports(t *testing.T) {
	for _, on := range []bool{false, true} {
		t.Run(fmt.Sprint(on), func(t *testing.T) {
			h := newFake(t)
			b := newHerdrBackend(t, h, func(c *herdr.TestConfig) { c.SessionInReports = on })
			s := host.Session{ID: "42", Dir: "/s/42", Resume: "chat --session 42"}
			mustReport(t, b,
				host.Report{Kind: host.KindState, State: host.Working, Session: s},
				host.Report{Kind: host.KindState, State: host.Idle, Session: host.Session{ID: "43", Dir: "rel"}},
			)
			reqs := requests(h)
			if len(reqs) != 2 {
				t.Fatalf("sent %v", summary(h))
			}
			id, path := reqs[0].Str("agent_session_id"), reqs[0].Str("agent_session_path")
			if on && (id != "42" || path != "/s/42") || !on && (id != "" || path != "") {
				t.Errorf("SessionInReports=%v: session %q %q", on, id, path)
			}
			if on && (reqs[1].Str("agent_session_id") != "43" || reqs[1].Params["agent_session_path"] != nil) {
				t.Errorf("second report: %v", reqs[1].Params)
			}
			if p := h.Pane(); on && p.SessionID != "43" {
				t.Errorf("pane session = %q", p.SessionID)
			}
		})
	}
}

func TestMetadataTokens(t *testing.T) {
	h := newFake(t)
	b := newHerdrBackend(t, h, func(c *herdr.TestConfig) { c.Metadata = true })
	meta := func(repeat bool, kv ...string) host.Report {
		r := host.Report{Kind: host.KindMeta, Repeat: repeat}
		for i := 0; i < len(kv); i += 2 {
			r.Meta = append(r.Meta, host.Fact{Name: kv[i], Value: kv[i+1]})
		}
		return r
	}
	// Like the Machine's, every report after the session carries it.
	session := host.Session{ID: "42", Resume: "chat --session 42", Origin: host.OriginSaved}
	withSession := func(r host.Report) host.Report { r.Session = session; return r }
	mustReport(t, b,
		meta(false, "model", "opus", "context", "12%"),
		meta(false, "model", "opus", "context", "12%"), // unchanged: nothing
		meta(false, "model", "sonnet"),                 // context went away: cleared
		meta(true, "model", "sonnet"),                  // a repeat re-sends
		host.Report{Kind: host.KindSession, Session: session},
		withSession(meta(false, "model", "sonnet", "cost $", "0.12", "resume", "spoofed")),
		host.Report{Kind: host.KindExit, Session: session},
	)
	want := []string{
		`herdr pane.report_metadata context="12%" model="opus"`,
		`herdr pane.report_metadata context=(clear) model="sonnet"`,
		`herdr pane.report_metadata model="sonnet"`,
		`herdr pane.report_agent_session`,
		`herdr pane.report_metadata resume="chat --session 42"`,
		`herdr pane.report_metadata cost__="0.12"`,
		// The exit takes the facts, and any failure a predecessor left,
		// with it, then releases the pane.
		`herdr pane.report_metadata cost__=(clear) model=(clear) resume=(clear)`,
		`herdr pane.report_metadata state_labels=(clear)`,
	}
	wantTranscript(t, h, want)
	if tokens := h.Pane().Tokens; len(tokens) != 0 {
		t.Errorf("pane tokens after exit = %v, want none", tokens)
	}
}

func TestMetadataOffSendsNothing(t *testing.T) {
	h := newFake(t)
	b := newHerdrBackend(t, h, nil)
	mustReport(t, b,
		host.Report{Kind: host.KindMeta, Meta: []host.Fact{{Name: "model", Value: "opus"}}},
		host.Report{Kind: host.KindSession, Session: host.Session{ID: "1", Resume: "chat -s 1"}},
	)
	if got := summary(h); !slices.Equal(got, []string{"pane.report_agent_session"}) {
		t.Errorf("sent %v", got)
	}
}

func TestMetadataCaps(t *testing.T) {
	h := newFake(t)
	b := newHerdrBackend(t, h, func(c *herdr.TestConfig) { c.Metadata = true })
	facts := func(prefix string, n int) host.Report {
		r := host.Report{Kind: host.KindMeta}
		for i := range n {
			r.Meta = append(r.Meta, host.Fact{Name: fmt.Sprintf("%s%02d", prefix, i), Value: strings.Repeat("v", 300)})
		}
		return r
	}
	mustReport(t, b, facts("a", 20), facts("b", 16)) // 16 set, then 16 cleared + 16 set
	for _, r := range h.Requests() {
		tokens := r.Params["tokens"].(map[string]any)
		if len(tokens) > 16 {
			t.Errorf("%d tokens in one report", len(tokens))
		}
		for _, v := range tokens {
			if s, ok := v.(string); ok && len([]rune(s)) > 80 {
				t.Errorf("token value of %d runes", len([]rune(s)))
			}
		}
		if !r.Applied {
			t.Errorf("not applied: %s", r.Reply)
		}
	}
	if n := len(h.Requests()); n != 3 {
		t.Errorf("%d requests, want 3", n)
	}
	tokens := h.Pane().Tokens
	if len(tokens) != 16 || tokens["b00"] == "" || tokens["a00"] != "" {
		t.Errorf("pane tokens = %v", tokens)
	}
}

func TestReleaseOnExit(t *testing.T) {
	h := newFake(t)
	b := newHerdrBackend(t, h, nil)
	mustReport(t, b, state(host.Working), host.Report{Kind: host.KindExit, State: host.Working})
	if p := h.Pane(); !p.Released || p.State != "" {
		t.Fatalf("pane = %+v, want released", p)
	}
	mustReport(t, b, state(host.Working)) // a new claim after the release is sent
	if got := summary(h); !slices.Equal(got, []string{"pane.report_agent working", "pane.release_agent", "pane.report_agent working"}) {
		t.Errorf("sent %v", got)
	}
}

func TestFailedReportIsNotDelivered(t *testing.T) {
	h := newFake(t)
	b := newHerdrBackend(t, h, func(c *herdr.TestConfig) { c.Metadata = true })
	mustReport(t, b, state(host.Idle))
	h.Error("pane_not_found")
	for _, r := range []host.Report{state(host.Working), {Kind: host.KindMeta, Meta: []host.Fact{{Name: "model", Value: "m"}}}} {
		err := report(b, r)
		var re *hostio.ReplyError
		if !errors.Is(err, hostio.ErrRejected) || !errors.As(err, &re) || re.Code != "pane_not_found" || !strings.HasPrefix(err.Error(), "herdr: ") {
			t.Fatalf("Report = %v, want a pane_not_found rejection", err)
		}
	}
	h.Normal()
	// The Reporter retries the same reports: they must be sent, not deduped.
	mustReport(t, b, state(host.Working), host.Report{Kind: host.KindMeta, Meta: []host.Fact{{Name: "model", Value: "m"}}})
	if p := h.Pane(); p.State != "working" || p.Tokens["model"] != "m" {
		t.Errorf("pane = %+v", p)
	}
}

func TestSeqStrictlyIncreasing(t *testing.T) {
	h := newFake(t)
	fixed := time.Unix(1_800_000_000, 0) // a stopped clock: seq must still grow
	b1 := newHerdrBackend(t, h, func(c *herdr.TestConfig) { c.Metadata = true; c.Now = func() time.Time { return fixed } })
	b2 := newHerdrBackend(t, h, func(c *herdr.TestConfig) { c.Now = func() time.Time { return fixed } })
	for range 3 {
		mustReport(t, b1, state(host.Working), host.Report{Kind: host.KindMeta, Meta: []host.Fact{{Name: "n", Value: time.Now().String()}}})
		mustReport(t, b2, state(host.Working), state(host.Idle))
		mustReport(t, b1, host.Report{Kind: host.KindSession, Session: host.Session{ID: "1"}}, state(host.Idle))
	}
	mustReport(t, b1, host.Report{Kind: host.KindExit})
	var last uint64
	for i, r := range h.Requests() {
		seq, ok := r.Seq()
		if !ok || seq <= last {
			t.Fatalf("request %d (%s): seq %d after %d", i, r.Method, seq, last)
		}
		if !r.Applied {
			t.Errorf("request %d (%s) ignored by herdr", i, r.Method)
		}
		last = seq
	}
}

func TestSeqAfterRestart(t *testing.T) {
	h := newFake(t)
	t0 := time.Unix(1_800_000_000, 0)
	start := func(now time.Time) *herdr.Backend {
		b := newHerdrBackend(t, h, func(c *herdr.TestConfig) { c.Now = func() time.Time { return now } })
		herdr.FreshSequence(b) // a new process: no memory of the old counter
		return b
	}
	first := start(t0)
	mustReport(t, first, state(host.Idle), state(host.Working), state(host.Blocked))
	// The chat crashed while blocked and was restarted 1 ms later.
	second := start(t0.Add(time.Millisecond))
	mustReport(t, second, state(host.Idle))
	reqs := requests(h)
	seqs := make([]uint64, len(reqs))
	for i, r := range reqs {
		seqs[i], _ = r.Seq()
	}
	// The first state's label clear takes t0+1: working and blocked come after it.
	want := []uint64{uint64(t0.UnixNano()), uint64(t0.UnixNano()) + 2, uint64(t0.UnixNano()) + 3, uint64(t0.Add(time.Millisecond).UnixNano())}
	if !slices.Equal(seqs, want) {
		t.Errorf("seqs = %v, want %v", seqs, want)
	}
	if p := h.Pane(); p.State != "idle" || !reqs[3].Applied {
		t.Errorf("restarted chat's report ignored: pane %+v", p)
	}
	// A successor whose clock is behind would be ignored: herdr's rule.
	behind := start(t0.Add(-time.Second))
	mustReport(t, behind, state(host.Working))
	if r := requests(h)[4]; r.Applied || h.Pane().State != "idle" {
		t.Errorf("stale seq applied: %+v", r)
	}
}

func TestSeqSurvivesJSONPrecision(t *testing.T) {
	h := newFake(t)
	b := newHerdrBackend(t, h, func(c *herdr.TestConfig) { c.Now = func() time.Time { return time.Unix(1_800_000_000, 0) } })
	mustReport(t, b, state(host.Working), state(host.Idle))
	var a, c struct {
		Params struct {
			Seq json.Number `json:"seq"`
		} `json:"params"`
	}
	reqs := requests(h)
	_ = json.Unmarshal([]byte(reqs[0].Line), &a)
	_ = json.Unmarshal([]byte(reqs[1].Line), &c)
	if a.Params.Seq == c.Params.Seq || !reqs[1].Applied {
		t.Errorf("seqs %s and %s: an integer above 2^53 must be written exactly", a.Params.Seq, c.Params.Seq)
	}
}

func TestDebugLog(t *testing.T) {
	h := newFake(t)
	var buf bytes.Buffer
	b := newHerdrBackend(t, h, func(c *herdr.TestConfig) {
		c.Logger = slog.New(slog.NewTextHandler(&buf, &slog.HandlerOptions{Level: slog.LevelDebug}))
	})
	mustReport(t, b, state(host.Working))
	h.Error("pane_not_found")
	_ = report(b, state(host.Idle))
	out := buf.String()
	// working, the first state's label clear, then the idle herdr refused.
	if strings.Count(out, `msg="herdr: request"`) != 3 || !strings.Contains(out, "method=pane.report_agent") || !strings.Contains(out, "pane_not_found") {
		t.Errorf("log:\n%s", out)
	}
}
