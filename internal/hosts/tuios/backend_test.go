package tuios_test

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/hosts/hostio"
	"github.com/hostbridge/hostbridge/internal/hosts/tuios"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// What a turn shows in tuios, as tuios's own Claude Code integration
// reports it (integrations/claude-code/tuios-agent-state.sh at main
// 6037a8a: Stop -> done) and as docs/AGENT_STATE.md defines the states:
// idle only while no turn has run, done once one ended, errored with the
// failure's headline (set-agent-state takes a message with every state,
// internal/session/verb_handlers.go). done, errored and needs_input are
// the states tuios alerts for by default (internal/config/agent_alerts.go).
func TestTurnStates(t *testing.T) {
	f := fakehost.NewTuios(t, fakehost.WithEnv("TUIOS_SESSION", "my work")) // a session with a blank reaches tuios as it is
	b := newTuiosBackend(t, f)
	for _, tc := range []struct {
		r          host.Report
		state, msg string
	}{
		{stateMsg(host.Idle, ""), "idle", ""}, // ready, no turn yet
		{stateMsg(host.Working, ""), "working", ""},
		{stateMsg(host.Idle, "stale"), "done", ""}, // the turn ended; an Idle message is not tuios's
		{stateMsg(host.Working, ""), "working", ""},
		{stateMsg(host.Failed, "Error: boom"), "errored", "Error: boom"},
		{stateMsg(host.Idle, ""), "done", ""},
	} {
		mustReport(t, b, tc.r)
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

func TestTuiosStates(t *testing.T) {
	f := fakehost.NewTuios(t)
	b := newTuiosBackend(t, f)
	for i, tc := range []struct {
		r     host.Report
		state string
		msg   string
		line  string
	}{
		{stateMsg(host.Idle, ""), "idle", "", "tuios set-agent-state idle"},
		{stateMsg(host.Working, ""), "working", "", "tuios set-agent-state working"},
		{stateMsg(host.Blocked, "approve shell: git push"), "needs_input", "approve shell: git push",
			`tuios set-agent-state needs_input message="approve shell: git push"`},
		{stateMsg(host.Failed, "Error: rate limited"), "errored", "Error: rate limited",
			`tuios set-agent-state errored message="Error: rate limited"`},
		{stateMsg(host.Idle, ""), "done", "", "tuios set-agent-state done"}, // a turn has run
	} {
		n := len(f.Requests())
		mustReport(t, b, tc.r)
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

// Each state is sent as given, the same one again too: the Reporter
// decides what tuios was already shown.
func TestTuiosSendsWhatItIsGiven(t *testing.T) {
	f := fakehost.NewTuios(t)
	b := newTuiosBackend(t, f)
	r := stateMsg(host.Blocked, "a")
	r.Repeat = true
	mustReport(t, b, stateMsg(host.Working, ""), stateMsg(host.Working, ""), stateMsg(host.Blocked, "a"), r,
		stateMsg(host.Unknown, "")) // nothing to say
	wantLines(t, f.Transcript(), []string{
		`tuios report-agent-activity session_start text="startup"`,
		"tuios set-agent-state working",
		"tuios set-agent-state working",
		`tuios set-agent-state needs_input message="a"`,
		`tuios set-agent-state needs_input message="a"`,
	})
}

func TestFailedDeliveryIsNotRemembered(t *testing.T) {
	f := fakehost.NewTuios(t)
	b := newTuiosBackend(t, f)
	mustReport(t, b, stateMsg(host.Idle, ""))
	f.Stop()
	if err := tryReport(b, stateMsg(host.Working, ""), time.Second); err == nil {
		t.Fatal("Report to a stopped daemon succeeded")
	}
	f.Restart()
	mustReport(t, b, stateMsg(host.Working, "")) // the same state again: not deduplicated
	if p := f.Pane(); p.State != "working" {
		t.Errorf("pane state %q, want working", p.State)
	}
}

func TestTuiosExit(t *testing.T) {
	f := fakehost.NewTuios(t)
	b := newTuiosBackend(t, f)
	mustReport(t, b, stateMsg(host.Working, ""))
	mustReport(t, b, host.Report{Kind: host.KindMeta, Meta: []host.Fact{{Name: "model", Value: "opus"}}})
	mustReport(t, b, host.Report{Kind: host.KindAgents, Agents: []host.SubAgent{{ID: "a1", Type: "explore", Task: "look"}}})
	mustReport(t, b, host.Report{Kind: host.KindExit})
	p := f.Pane()
	if p.State != "none" || len(p.Meta) != 0 || len(p.Subagents) != 0 || p.Harness != "" {
		t.Errorf("after exit: pane %+v, want none with no facts, children or harness", p)
	}
	tr := f.Transcript()
	if tr[len(tr)-1] != "tuios set-agent-state none" {
		t.Errorf("last line %q, want state none", tr[len(tr)-1])
	}
	// Exit closed the connection; later reports send nothing.
	n := len(f.Requests())
	mustReport(t, b, stateMsg(host.Working, ""))
	if len(f.Requests()) != n {
		t.Error("a report after exit was sent")
	}
	fakehost.WaitFor(t, func() bool { return f.Pane().State == "none" }) // the pane keeps its none state
}

func TestTuiosExitNoStates(t *testing.T) {
	f := fakehost.NewTuios(t)
	b := newTuiosBackend(t, f, func(c *tuios.TestConfig) { c.NoStates = true })
	mustReport(t, b, stateMsg(host.Working, "")) // left to herdr's API
	mustReport(t, b, host.Report{Kind: host.KindMeta, Meta: []host.Fact{{Name: "model", Value: "opus"}}})
	mustReport(t, b, host.Report{Kind: host.KindAgents, Session: host.Session{ID: "s1"}})
	mustReport(t, b, host.Report{Kind: host.KindExit})
	wantLines(t, f.Transcript(), []string{
		`tuios report-agent-activity session_start text="startup"`, // for the first report, whose state is not sent
		`tuios set-agent-meta model="opus"`,
		"tuios set-agent-meta clear", // no children were listed: no session_start for them
	})
}

func TestUnknownVerb(t *testing.T) {
	f := fakehost.NewTuios(t)
	f.UnknownVerbs("set-agent-meta", "report-agent-activity")
	b := newTuiosBackend(t, f)
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
	mustReport(t, b, stateMsg(host.Working, ""))
	dropped(meta("opus")) // answered unknown_verb
	dropped(agents)
	dropped(meta("sonnet")) // not sent again
	dropped(agents)
	mustReport(t, b, stateMsg(host.Idle, "")) // the state verb keeps working
	wantLines(t, f.Transcript(), []string{
		`tuios report-agent-activity session_start text="startup" -> unknown_verb`, // asked once, for the first report
		"tuios set-agent-state working",
		`tuios set-agent-meta model="opus" -> unknown_verb`,
		"tuios set-agent-state done",
	})
}

func TestDroppedConnection(t *testing.T) {
	f := fakehost.NewTuios(t)
	b := newTuiosBackend(t, f)
	mustReport(t, b, stateMsg(host.Working, ""))
	f.DropNext() // the daemon goes away while answering the next request
	mustReport(t, b, stateMsg(host.Blocked, "q"))
	if p := f.Pane(); p.State != "needs_input" || p.Message != "q" {
		t.Errorf("pane %+v, want needs_input q", p)
	}
	f.DropConnections() // an idle connection closed by the daemon
	mustReport(t, b, stateMsg(host.Idle, ""))
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
	f := fakehost.NewTuios(t)
	b := newTuiosBackend(t, f)
	f.DropNext()
	mustReport(t, b, stateMsg(host.Working, ""))
	mustReport(t, b, stateMsg(host.Idle, ""))
	mustReport(t, b, stateMsg(host.Working, ""))
	wantLines(t, f.Transcript(), []string{
		`tuios report-agent-activity session_start text="startup" -> dropped`,
		"tuios set-agent-state working",
		`tuios report-agent-activity session_start text="startup"`,
		"tuios set-agent-state done",
		"tuios set-agent-state working",
	})
}

func TestHangingDaemon(t *testing.T) {
	f := fakehost.NewTuios(t)
	b := newTuiosBackend(t, f)
	mustReport(t, b, stateMsg(host.Idle, ""))
	f.Hang()
	start := time.Now()
	err := tryReport(b, stateMsg(host.Working, ""), 100*time.Millisecond)
	if !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Report to a hung daemon: %v, want DeadlineExceeded", err)
	}
	if d := time.Since(start); d > time.Second {
		t.Errorf("Report took %v past its 100ms deadline", d)
	}
	f.Normal()
	mustReport(t, b, stateMsg(host.Working, "")) // a fresh connection: no stale reply
	if p := f.Pane(); p.State != "working" {
		t.Errorf("pane state %q, want working", p.State)
	}
}

func TestCancelWithoutDeadline(t *testing.T) {
	f := fakehost.NewTuios(t)
	b := newTuiosBackend(t, f)
	f.Hang()
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- b.Report(ctx, stateMsg(host.Working, "")) }()
	fakehost.WaitFor(t, func() bool { return len(f.Requests()) == 1 })
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("Report: %v, want Canceled", err)
	}
}

func TestRejected(t *testing.T) {
	f := fakehost.NewTuios(t, fakehost.WithEnv("TUIOS_SESSION", "other"))
	cfg := fakeConfig(f)
	cfg.Session = "main"
	b := tuios.NewTest(cfg)
	defer b.Close()
	err := tryReport(b, stateMsg(host.Working, ""), time.Second)
	var rerr *hostio.ReplyError
	if !errors.As(err, &rerr) || !errors.Is(err, hostio.ErrRejected) || rerr.Code != "session_not_found" {
		t.Errorf("Report: %v, want a session_not_found hostio.ReplyError", err)
	}
	if errors.Is(err, host.ErrDropped) {
		t.Error("a rejection reads as unknown_verb: dropped")
	}
}

func TestReportIgnoresOtherKinds(t *testing.T) {
	f := fakehost.NewTuios(t)
	b := newTuiosBackend(t, f)
	for _, k := range []host.Kind{host.KindPing, host.KindSession, host.KindSuspend} {
		mustReport(t, b, host.Report{Kind: k, Message: "x"})
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
	f := fakehost.NewTuios(t)
	b := newTuiosBackend(t, f)
	seq := []host.State{host.Idle, host.Working, host.Blocked, host.Working, host.Failed, host.Idle, host.Working}
	for i, s := range seq {
		if i%3 == 1 {
			f.DropNext()
		}
		mustReport(t, b, stateMsg(s, "m"))
	}
	if p := f.Pane(); p.State != "working" {
		t.Errorf("pane %q, want working", p.State)
	}
	if refused := slices.ContainsFunc(f.Requests(), func(r fakehost.Request) bool {
		return r.Answer == "invalid_params" || r.Answer == "invalid_request"
	}); refused {
		t.Errorf("tuios refused requests: %q", f.Transcript())
	}
	if !slices.ContainsFunc(f.Requests(), func(r fakehost.Request) bool { return r.Answer == "dropped" }) {
		t.Error("no request was dropped")
	}
}

// A tuios session name may hold blanks and goes as it is: detection takes
// it (hosts' detect_test.go "tuios session with a blank"), New keeps it,
// and the daemon finds the session by it (a changed name is
// session_not_found).
func TestNewTestConfig(t *testing.T) {
	for _, session := range []string{"main", "my work", "my  work "} {
		f := fakehost.NewTuios(t, fakehost.WithEnv("TUIOS_SESSION", session))
		b := newTuiosBackend(t, f)
		mustReport(t, b, stateMsg(host.Working, ""))
	}
}
