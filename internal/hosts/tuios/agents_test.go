package tuios_test

import (
	"strings"
	"testing"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/hosts/tuios"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

func sub(id string, st host.AgentStatus, typ, task, tool, result string) host.SubAgent {
	return host.SubAgent{ID: id, Type: typ, Task: task, Tool: tool, Status: st, Result: result}
}

// TestAgents drives a sequence of sub-agent lists through one Backend and
// checks the events each one sends, and what tuios ends up showing.
func TestAgents(t *testing.T) {
	const typ = "explore · Sonnet 5.5 · claude"
	s1, s2 := host.Session{ID: "s1"}, host.Session{ID: "s2", Origin: host.OriginSwitched}
	type step struct {
		session host.Session
		agents  []host.SubAgent
		want    []string
	}
	for _, tc := range []struct {
		name  string
		steps []step
		final []fakehost.TuiosSubagent
	}{
		{
			name:  "the first report already started the session",
			steps: []step{{s1, nil, nil}},
		},
		{
			name: "start, tool, done; only changes",
			steps: []step{
				{s1, []host.SubAgent{sub("a1", host.AgentRunning, typ, "find the bug", "", "")}, []string{
					`tuios report-agent-activity subagent_start a1 type="` + typ + `" task="find the bug"`,
				}},
				{s1, []host.SubAgent{sub("a1", host.AgentRunning, typ, "find the bug", "", "")}, nil},
				{s1, []host.SubAgent{sub("a1", host.AgentRunning, typ, "find the bug", "grep", "")}, []string{
					`tuios report-agent-activity subagent_start a1 type="` + typ + `" task="find the bug" tool="grep"`,
				}},
				{s1, []host.SubAgent{sub("a1", host.AgentWaiting, typ, "find the bug", "grep", "")}, nil},
				{s1, []host.SubAgent{sub("a1", host.AgentDone, typ, "find the bug", "grep", "It is in main.go")}, []string{
					`tuios report-agent-activity subagent_stop a1 type="` + typ + `" text="It is in main.go" ok=true`,
				}},
				{s1, []host.SubAgent{sub("a1", host.AgentDone, typ, "find the bug", "grep", "It is in main.go")}, nil},
			},
			final: []fakehost.TuiosSubagent{{ID: "a1", Type: typ, Task: "find the bug", Tool: "grep", Status: "done", Result: "It is in main.go"}},
		},
		{
			name: "an ended child listed again with another tool stays ended",
			steps: []step{
				{s1, []host.SubAgent{sub("a1", host.AgentDone, "t", "x", "grep", "found it")}, []string{
					`tuios report-agent-activity subagent_start a1 type="t" task="x" tool="grep"`,
					`tuios report-agent-activity subagent_stop a1 type="t" text="found it" ok=true`,
				}},
				{s1, []host.SubAgent{sub("a1", host.AgentDone, "t", "x", "", "found it")}, nil},
				{s1, []host.SubAgent{sub("a1", host.AgentFailed, "t", "x", "", "lost it")}, []string{
					`tuios report-agent-activity subagent_stop a1 type="t" text="lost it" ok=false`,
				}},
			},
			final: []fakehost.TuiosSubagent{{ID: "a1", Type: "t", Task: "x", Tool: "grep", Status: "failed", Result: "lost it"}},
		},
		{
			name: "failed and stopped",
			steps: []step{
				{s1, []host.SubAgent{sub("a1", host.AgentRunning, "t", "x", "", ""), sub("a2", host.AgentRunning, "t", "y", "", "")}, []string{
					`tuios report-agent-activity subagent_start a1 type="t" task="x"`,
					`tuios report-agent-activity subagent_start a2 type="t" task="y"`,
				}},
				{s1, []host.SubAgent{sub("a1", host.AgentFailed, "t", "x", "", "rate limited"), sub("a2", host.AgentStopped, "t", "y", "", "")}, []string{
					`tuios report-agent-activity subagent_stop a1 type="t" text="rate limited" ok=false`,
					`tuios report-agent-activity subagent_stop a2 type="t"`,
				}},
			},
			final: []fakehost.TuiosSubagent{
				{ID: "a1", Type: "t", Task: "x", Status: "failed", Result: "rate limited"},
				{ID: "a2", Type: "t", Task: "y", Status: "stopped"},
			},
		},
		{
			name: "a child that leaves the list running is stopped",
			steps: []step{
				{s1, []host.SubAgent{sub("a1", host.AgentRunning, "t", "x", "", ""), sub("a2", host.AgentDone, "t", "y", "", "ok")}, []string{
					`tuios report-agent-activity subagent_start a1 type="t" task="x"`,
					`tuios report-agent-activity subagent_start a2 type="t" task="y"`,
					`tuios report-agent-activity subagent_stop a2 type="t" text="ok" ok=true`,
				}},
				{s1, nil, []string{`tuios report-agent-activity subagent_stop a1 type="t"`}},
				{s1, nil, nil},
			},
			final: []fakehost.TuiosSubagent{
				{ID: "a1", Type: "t", Task: "x", Status: "stopped"},
				{ID: "a2", Type: "t", Task: "y", Status: "done", Result: "ok"},
			},
		},
		{
			name: "a session switch starts over",
			steps: []step{
				{s1, []host.SubAgent{sub("a1", host.AgentRunning, "t", "x", "", "")}, []string{
					`tuios report-agent-activity subagent_start a1 type="t" task="x"`,
				}},
				{s2, []host.SubAgent{sub("b1", host.AgentRunning, "t", "z", "", "")}, []string{
					`tuios report-agent-activity session_start text="switch"`,
					`tuios report-agent-activity subagent_start b1 type="t" task="z"`,
				}},
				// Any new id is a switch, whatever the Machine says the
				// session's origin is.
				{host.Session{ID: "s1", Origin: host.OriginSaved}, []host.SubAgent{sub("c1", host.AgentRunning, "t", "w", "", "")}, []string{
					`tuios report-agent-activity session_start text="switch"`,
					`tuios report-agent-activity subagent_start c1 type="t" task="w"`,
				}},
			},
			final: []fakehost.TuiosSubagent{{ID: "c1", Type: "t", Task: "w", Status: "running"}},
		},
		{
			name: "an id tuios would refuse is hashed the same each time",
			steps: []step{
				{s1, []host.SubAgent{sub("task 1", host.AgentRunning, "t", "x", "", "")}, []string{
					`tuios report-agent-activity subagent_start ` + tuios.AgentID("task 1") + ` type="t" task="x"`,
				}},
				{s1, []host.SubAgent{sub("task 1", host.AgentDone, "t", "x", "", "r")}, []string{
					`tuios report-agent-activity subagent_stop ` + tuios.AgentID("task 1") + ` type="t" text="r" ok=true`,
				}},
			},
			final: []fakehost.TuiosSubagent{{ID: tuios.AgentID("task 1"), Type: "t", Task: "x", Status: "done", Result: "r"}},
		},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := fakehost.NewTuios(t)
			b := newTuiosBackend(t, f)
			// The process's first report, a state as the Machine sends
			// first, carries the session and starts it in tuios.
			first := stateMsg(host.Working, "")
			first.Session = s1
			mustReport(t, b, first)
			wantLines(t, f.Transcript(), []string{
				`tuios report-agent-activity session_start text="startup"`,
				"tuios set-agent-state working",
			})
			for i, s := range tc.steps {
				n := len(f.Requests())
				mustReport(t, b, host.Report{Kind: host.KindAgents, Session: s.session, Agents: s.agents})
				got := transcriptFrom(f, n)
				if strings.Join(got, "\n") != strings.Join(s.want, "\n") {
					t.Errorf("step %d:\n got %q\nwant %q", i, got, s.want)
				}
			}
			p := f.Pane()
			if len(p.Subagents) != len(tc.final) {
				t.Fatalf("tuios shows %+v, want %+v", p.Subagents, tc.final)
			}
			for i := range tc.final {
				if p.Subagents[i] != tc.final[i] {
					t.Errorf("child %d: %+v, want %+v", i, p.Subagents[i], tc.final[i])
				}
			}
			for _, r := range f.Requests() {
				if r.Method != "report-agent-activity" {
					continue
				}
				act, _ := r.Params["activity"].(map[string]any)
				if r.Params["harness"] != "chat" || act == nil {
					t.Errorf("activity without harness: %s", r.Line)
				}
				if id := r.Params["agent_session_id"]; id != "s1" && id != "s2" {
					t.Errorf("activity without the session id: %s", r.Line)
				}
			}
		})
	}
}

// TestAgentsNewProcess: a process killed without an exit leaves its
// children in the pane; the first report of the next process in that pane,
// whatever its kind, starts the session over so tuios forgets them.
func TestAgentsNewProcess(t *testing.T) {
	s1 := host.Session{ID: "s1"}
	for _, tc := range []struct {
		name  string
		first host.Report
		then  []string // what the first report sends after session_start
	}{
		{"state", host.Report{Kind: host.KindState, State: host.Idle, Session: s1}, []string{"tuios set-agent-state idle"}},
		{"meta", host.Report{Kind: host.KindMeta, Session: s1, Meta: []host.Fact{{Name: "model", Value: "opus"}}},
			[]string{`tuios set-agent-meta model="opus"`}},
		{"session", host.Report{Kind: host.KindSession, Session: s1}, nil},
		{"agents", host.Report{Kind: host.KindAgents, Session: s1}, nil},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := fakehost.NewTuios(t)
			dead := newTuiosBackend(t, f)
			mustReport(t, dead, host.Report{Kind: host.KindState, State: host.Working, Session: s1})
			mustReport(t, dead, host.Report{Kind: host.KindAgents, Session: s1,
				Agents: []host.SubAgent{sub("a1", host.AgentRunning, "t", "x", "", ""), sub("a2", host.AgentDone, "t", "y", "", "ok")}})
			if p := f.Pane(); len(p.Subagents) != 2 {
				t.Fatalf("the first process's children not shown: %+v", p.Subagents)
			}
			dead.Close() // killed: no exit

			n := len(f.Requests())
			next := newTuiosBackend(t, f) // a new process in the same pane, same session
			mustReport(t, next, tc.first)
			wantLines(t, transcriptFrom(f, n),
				append([]string{`tuios report-agent-activity session_start text="startup"`}, tc.then...))
			if p := f.Pane(); len(p.Subagents) != 0 {
				t.Errorf("children of the killed process still shown: %+v", p.Subagents)
			}
		})
	}
}

// TestAgentsSessionIDArrives: a chat with no session yet reports first,
// then saves one; its children under the new id are no session switch.
func TestAgentsSessionIDArrives(t *testing.T) {
	f := fakehost.NewTuios(t)
	b := newTuiosBackend(t, f)
	mustReport(t, b, stateMsg(host.Working, "")) // no session id yet
	mustReport(t, b, host.Report{Kind: host.KindSession, Session: host.Session{ID: "s1", Origin: host.OriginSaved}})
	mustReport(t, b, host.Report{Kind: host.KindAgents, Session: host.Session{ID: "s1"},
		Agents: []host.SubAgent{sub("a1", host.AgentRunning, "t", "x", "", "")}})
	mustReport(t, b, host.Report{Kind: host.KindAgents, Session: host.Session{ID: "s2"}})
	wantLines(t, f.Transcript(), []string{
		`tuios report-agent-activity session_start text="startup"`,
		"tuios set-agent-state working",
		`tuios report-agent-activity subagent_start a1 type="t" task="x"`,
		`tuios report-agent-activity session_start text="switch"`,
	})
}

func TestAgentsFailureResumes(t *testing.T) {
	f := fakehost.NewTuios(t)
	b := newTuiosBackend(t, f)
	mustReport(t, b, stateMsg(host.Working, ""))
	r := host.Report{Kind: host.KindAgents, Session: host.Session{ID: "s1"}, Agents: []host.SubAgent{
		sub("a1", host.AgentRunning, "t", "x", "", ""), sub("a2", host.AgentRunning, "t", "y", "", "")}}
	mustReport(t, b, host.Report{Kind: host.KindAgents, Session: host.Session{ID: "s1"}})
	f.DropNext()
	f.DropNext() // the retry on a fresh connection is dropped too
	if err := tryReport(b, r, 2e9); err == nil {
		t.Fatal("Report succeeded through two drops")
	}
	mustReport(t, b, r)
	if p := f.Pane(); running(p) != 2 {
		t.Errorf("tuios shows %d running children, want 2: %+v", running(p), p.Subagents)
	}
}

// TestAgentsListedBeforeTheID: children listed before the session had an
// id are started over under it, so their stops carry the id they have.
func TestAgentsListedBeforeTheID(t *testing.T) {
	f := fakehost.NewTuios(t)
	b := newTuiosBackend(t, f)
	kid := []host.SubAgent{sub("a1", host.AgentRunning, "t", "x", "", "")}
	mustReport(t, b, host.Report{Kind: host.KindAgents, Agents: kid})
	mustReport(t, b, host.Report{Kind: host.KindAgents, Session: host.Session{ID: "s1"}, Agents: kid})
	wantLines(t, f.Transcript(), []string{
		`tuios report-agent-activity session_start text="startup"`,
		`tuios report-agent-activity subagent_start a1 type="t" task="x"`,
		`tuios report-agent-activity session_start text="switch"`,
		`tuios report-agent-activity subagent_start a1 type="t" task="x"`,
	})
}

// running counts the children the fake shows running.
func running(p fakehost.TuiosPane) int {
	n := 0
	for _, s := range p.Subagents {
		if s.Status == "running" {
			n++
		}
	}
	return n
}
