package tuios_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/hosts/tuios"
	"github.com/hostbridge/hostbridge/teatest"
)

func TestNewConfig(t *testing.T) {
	ok := tuios.Config{SocketPath: "/s", Session: "main", PaneID: "p", Agent: "chat"}
	for _, tc := range []struct {
		name string
		edit func(*tuios.Config)
	}{
		{"no socket", func(c *tuios.Config) { c.SocketPath = "" }},
		{"no session", func(c *tuios.Config) { c.Session = "" }},
		{"no pane", func(c *tuios.Config) { c.PaneID = "" }},
		{"no agent", func(c *tuios.Config) { c.Agent = "" }},
		{"agent with control", func(c *tuios.Config) { c.Agent = "chat\x1b]9;x" }},
		{"agent too long", func(c *tuios.Config) { c.Agent = string(make([]byte, tuios.MaxAgent+1)) }},
		{"pane with newline", func(c *tuios.Config) { c.PaneID = "p\nq" }},
		{"session with a control", func(c *tuios.Config) { c.Session = "my\twork" }},
		{"session with a C1 control", func(c *tuios.Config) { c.Session = "my\u009bwork" }},
		{"session not UTF-8", func(c *tuios.Config) { c.Session = "my\xffwork" }},
	} {
		t.Run(tc.name, func(t *testing.T) {
			c := ok
			tc.edit(&c)
			if _, err := tuios.New(c); !errors.Is(err, tuios.ErrConfig) {
				t.Errorf("New: %v, want ErrConfig", err)
			}
		})
	}
	if _, err := tuios.New(ok); err != nil {
		t.Errorf("New(valid): %v", err)
	}
	spaced := ok
	spaced.Session = "my  work " // tuios allows blanks in a session name
	if _, err := tuios.New(spaced); err != nil {
		t.Errorf("New(session %q): %v", spaced.Session, err)
	}
}

// What a turn shows in tuios, as tuios's own Claude Code integration
// reports it (integrations/claude-code/tuios-agent-state.sh at main
// 6037a8a: Stop -> done) and as docs/AGENT_STATE.md defines the states:
// idle only while no turn has run, done once one ended, errored with the
// failure's headline (set-agent-state takes a message with every state,
// internal/session/verb_handlers.go). done, errored and needs_input are
// the states tuios alerts for by default (internal/config/agent_alerts.go).
func TestTurnStates(t *testing.T) {
	f := teatest.NewTuios(t, teatest.WithEnv("TUIOS_SESSION", "my work")) // a session with a blank reaches tuios as it is
	b := newTestBackend(t, f)
	for _, tc := range []struct {
		r          host.Report
		state, msg string
	}{
		{state(host.Idle, ""), "idle", ""}, // ready, no turn yet
		{state(host.Idle, ""), "idle", ""},
		{state(host.Working, ""), "working", ""},
		{state(host.Idle, "stale"), "done", ""}, // the turn ended; an Idle message is not tuios's
		{state(host.Working, ""), "working", ""},
		{state(host.Failed, "Error:\x1b[31m boom"), "errored", "Error: boom"},
		{state(host.Failed, "Error: boom"), "errored", "Error: boom"},
		{state(host.Idle, ""), "done", ""},
	} {
		report(t, b, tc.r)
		if p := f.Pane(); p.State != tc.state || p.Message != tc.msg {
			t.Errorf("after %v %q: pane %s %q, want %s %q", tc.r.State, tc.r.Message, p.State, p.Message, tc.state, tc.msg)
		}
	}
	wantLines(t, f.Transcript(), []string{
		`tuios report-agent-activity session_start text="startup"`,
		"tuios set-agent-state idle",
		"tuios set-agent-state working",
		"tuios set-agent-state done",
		"tuios set-agent-state working",
		`tuios set-agent-state errored message="Error: boom"`,
		"tuios set-agent-state done",
	})
	for _, r := range f.Requests() {
		if r.Params["session"] != "my work" {
			t.Errorf("request names session %q, want %q", r.Params["session"], "my work")
		}
	}
}

func TestStates(t *testing.T) {
	f := teatest.NewTuios(t)
	b := newTestBackend(t, f)
	for i, tc := range []struct {
		r     host.Report
		state string
		msg   string
		line  string
	}{
		{state(host.Idle, ""), "idle", "", "tuios set-agent-state idle"},
		{state(host.Working, ""), "working", "", "tuios set-agent-state working"},
		{state(host.Blocked, "approve shell: git push"), "needs_input", "approve shell: git push",
			`tuios set-agent-state needs_input message="approve shell: git push"`},
		{state(host.Failed, "Error: rate limited"), "errored", "Error: rate limited",
			`tuios set-agent-state errored message="Error: rate limited"`},
		{state(host.Idle, ""), "done", "", "tuios set-agent-state done"}, // a turn has run
	} {
		n := len(f.Requests())
		report(t, b, tc.r)
		want := []string{tc.line}
		if i == 0 { // the process's first report starts the session
			want = append([]string{`tuios report-agent-activity session_start text="startup"`}, want...)
		}
		wantLines(t, transcriptFrom(f, n), want)
		p := f.Pane()
		if p.State != tc.state || p.Message != tc.msg || p.Harness != "chat" || p.Source != "report" {
			t.Errorf("after %v: pane %+v", tc.r.State, p)
		}
	}
	// Every request names the pane and the harness, and nothing tuios
	// would refuse; source is left to its default.
	for _, r := range f.Requests() {
		if r.Params["session"] != f.Env()["TUIOS_SESSION"] || r.Params["window"] != f.Env()["TUIOS_PANE_ID"] || r.Params["harness"] != "chat" {
			t.Errorf("request does not name the pane and harness: %s", r.Line)
		}
		if _, has := r.Params["source"]; has {
			t.Errorf("request sends source: %s", r.Line)
		}
	}
	if got := f.Connections(); got != 1 {
		t.Errorf("connections = %d, want 1 (persistent)", got)
	}
}

func TestStateDedupe(t *testing.T) {
	f := teatest.NewTuios(t)
	b := newTestBackend(t, f)
	report(t, b, state(host.Working, ""))
	report(t, b, state(host.Working, ""))
	report(t, b, state(host.Blocked, "a"))
	report(t, b, state(host.Blocked, "a"))
	report(t, b, state(host.Blocked, "b")) // a new request is a change
	r := state(host.Blocked, "b")
	r.Repeat = true
	report(t, b, r)
	report(t, b, state(host.Unknown, "")) // nothing to say
	wantLines(t, f.Transcript(), []string{
		`tuios report-agent-activity session_start text="startup"`,
		"tuios set-agent-state working",
		`tuios set-agent-state needs_input message="a"`,
		`tuios set-agent-state needs_input message="b"`,
		`tuios set-agent-state needs_input message="b"`,
	})
}

func TestFailedDeliveryIsNotRemembered(t *testing.T) {
	f := teatest.NewTuios(t)
	b := newTestBackend(t, f)
	report(t, b, state(host.Idle, ""))
	f.Stop()
	if err := tryReport(b, state(host.Working, ""), time.Second); err == nil {
		t.Fatal("Report to a stopped daemon succeeded")
	}
	f.Restart()
	report(t, b, state(host.Working, "")) // the same state again: not deduplicated
	if p := f.Pane(); p.State != "working" {
		t.Errorf("pane state %q, want working", p.State)
	}
}

func TestExit(t *testing.T) {
	f := teatest.NewTuios(t)
	b := newTestBackend(t, f)
	report(t, b, state(host.Working, ""))
	report(t, b, host.Report{Kind: host.KindMeta, Meta: []host.Fact{{Name: "model", Value: "opus"}}})
	report(t, b, host.Report{Kind: host.KindAgents, Agents: []host.SubAgent{{ID: "a1", Type: "explore", Task: "look"}}})
	report(t, b, host.Report{Kind: host.KindExit})
	p := f.Pane()
	if p.State != "none" || len(p.Meta) != 0 || len(p.Subagents) != 0 {
		t.Errorf("after exit: pane %+v, want none with no facts or children", p)
	}
	tr := f.Transcript()
	if tr[len(tr)-1] != "tuios set-agent-state none" {
		t.Errorf("last line %q, want state none", tr[len(tr)-1])
	}
	// Exit closed the connection; later reports send nothing.
	n := len(f.Requests())
	report(t, b, state(host.Working, ""))
	if len(f.Requests()) != n {
		t.Error("a report after exit was sent")
	}
	teatest.WaitFor(t, func() bool { return f.Pane().State == "none" }) // the pane keeps its none state
}

func TestExitNoStates(t *testing.T) {
	f := teatest.NewTuios(t)
	b := newTestBackend(t, f, func(c *tuios.Config) { c.NoStates = true })
	report(t, b, state(host.Working, "")) // left to herdr's API
	report(t, b, host.Report{Kind: host.KindMeta, Meta: []host.Fact{{Name: "model", Value: "opus"}}})
	report(t, b, host.Report{Kind: host.KindAgents, Session: host.Session{ID: "s1"}})
	report(t, b, host.Report{Kind: host.KindExit})
	wantLines(t, f.Transcript(), []string{
		`tuios report-agent-activity session_start text="startup"`, // for the first report, whose state is not sent
		`tuios set-agent-meta model="opus"`,
		"tuios set-agent-meta clear", // no children were listed: no session_start for them
	})
}

func TestUnknownVerb(t *testing.T) {
	f := teatest.NewTuios(t)
	f.UnknownVerbs(tuios.VerbSetAgentMeta, tuios.VerbReportAgent)
	b := newTestBackend(t, f)
	meta := func(v string) host.Report {
		return host.Report{Kind: host.KindMeta, Meta: []host.Fact{{Name: "model", Value: v}}}
	}
	agents := host.Report{Kind: host.KindAgents, Agents: []host.SubAgent{{ID: "a1"}}}
	dropped := func(r host.Report) {
		t.Helper()
		if err := tryReport(b, r, 2*time.Second); !errors.Is(err, host.ErrDropped) {
			t.Errorf("Report(%v) = %v, want dropped (not a failure to retry)", r.Kind, err)
		}
	}
	report(t, b, state(host.Working, ""))
	dropped(meta("opus")) // answered unknown_verb
	dropped(agents)
	dropped(meta("sonnet")) // not sent again
	dropped(agents)
	report(t, b, state(host.Idle, "")) // the state verb keeps working
	wantLines(t, f.Transcript(), []string{
		`tuios report-agent-activity session_start text="startup" -> unknown_verb`, // asked once, for the first report
		"tuios set-agent-state working",
		`tuios set-agent-meta model="opus" -> unknown_verb`,
		"tuios set-agent-state done",
	})
}

func TestDroppedConnection(t *testing.T) {
	f := teatest.NewTuios(t)
	b := newTestBackend(t, f)
	report(t, b, state(host.Working, ""))
	f.DropNext() // the daemon goes away while answering the next request
	report(t, b, state(host.Blocked, "q"))
	if p := f.Pane(); p.State != "needs_input" || p.Message != "q" {
		t.Errorf("pane %+v, want needs_input q", p)
	}
	f.DropConnections() // an idle connection closed by the daemon
	report(t, b, state(host.Idle, ""))
	if p := f.Pane(); p.State != "done" {
		t.Errorf("pane state %q, want done", p.State)
	}
	if got := f.Connections(); got != 3 {
		t.Errorf("connections = %d, want 3 (one per drop)", got)
	}
	wantLines(t, f.Transcript(), []string{
		`tuios report-agent-activity session_start text="startup"`,
		"tuios set-agent-state working",
		`tuios set-agent-state needs_input message="q" -> dropped`,
		`tuios set-agent-state needs_input message="q"`,
		"tuios set-agent-state done",
	})
}

// TestSessionStartFailure: the first report's session_start is best
// effort. Dropped, it does not stop the report, and the next report tries
// it again.
func TestSessionStartFailure(t *testing.T) {
	f := teatest.NewTuios(t)
	b := newTestBackend(t, f)
	f.DropNext()
	report(t, b, state(host.Working, ""))
	report(t, b, state(host.Idle, ""))
	report(t, b, state(host.Working, ""))
	wantLines(t, f.Transcript(), []string{
		`tuios report-agent-activity session_start text="startup" -> dropped`,
		"tuios set-agent-state working",
		`tuios report-agent-activity session_start text="startup"`,
		"tuios set-agent-state done",
		"tuios set-agent-state working",
	})
}

func TestHangingDaemon(t *testing.T) {
	f := teatest.NewTuios(t)
	b := newTestBackend(t, f)
	report(t, b, state(host.Idle, ""))
	f.Hang()
	start := time.Now()
	err := tryReport(b, state(host.Working, ""), 100*time.Millisecond)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Report to a hung daemon: %v, want DeadlineExceeded", err)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("Report took %v past its 100ms deadline", d)
	}
	f.Normal()
	report(t, b, state(host.Working, "")) // a fresh connection: no stale reply
	if p := f.Pane(); p.State != "working" {
		t.Errorf("pane state %q, want working", p.State)
	}
}

func TestCancelWithoutDeadline(t *testing.T) {
	f := teatest.NewTuios(t)
	b := newTestBackend(t, f)
	f.Hang()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- b.Report(ctx, state(host.Working, "")) }()
	teatest.WaitFor(t, func() bool { return len(f.Requests()) == 1 })
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("Report: %v, want Canceled", err)
	}
}

func TestRejected(t *testing.T) {
	f := teatest.NewTuios(t, teatest.WithEnv("TUIOS_SESSION", "other"))
	cfg := fakeConfig(f)
	cfg.Session = "main"
	b, err := tuios.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	err = tryReport(b, state(host.Working, ""), time.Second)
	var rerr *tuios.ReplyError
	if !errors.As(err, &rerr) || !errors.Is(err, tuios.ErrRejected) || rerr.Code != "session_not_found" {
		t.Errorf("Report: %v, want a session_not_found ReplyError", err)
	}
	if errors.Is(err, tuios.ErrUnknownVerb) {
		t.Error("a rejection reads as unknown_verb")
	}
}

func TestReportIgnoresOtherKinds(t *testing.T) {
	f := teatest.NewTuios(t)
	b := newTestBackend(t, f)
	for _, k := range []host.Kind{host.KindPing, host.KindSession, host.KindSuspend} {
		report(t, b, host.Report{Kind: k, Message: "x"})
	}
	// Only the session_start of the process's first report, once.
	wantLines(t, f.Transcript(), []string{`tuios report-agent-activity session_start text="startup"`})
	if b.Name() != "tuios" {
		t.Errorf("Name() = %q", b.Name())
	}
}

// TestConverges drives random-ish sequences with drops in between and
// checks the pane ends in the last state.
func TestConverges(t *testing.T) {
	f := teatest.NewTuios(t)
	b := newTestBackend(t, f)
	seq := []host.State{host.Idle, host.Working, host.Blocked, host.Working, host.Failed, host.Idle, host.Working}
	for i, s := range seq {
		if i%3 == 1 {
			f.DropNext()
		}
		report(t, b, state(s, "m"))
	}
	if p := f.Pane(); p.State != "working" {
		t.Errorf("pane %q, want working", p.State)
	}
	if refused := slices.ContainsFunc(f.Requests(), func(r teatest.TuiosRequest) bool {
		return r.Answer == "invalid_params" || r.Answer == "invalid_request"
	}); refused {
		t.Errorf("tuios refused requests: %q", f.Transcript())
	}
	if !slices.ContainsFunc(f.Requests(), func(r teatest.TuiosRequest) bool { return r.Answer == "dropped" }) {
		t.Error("no request was dropped")
	}
}
