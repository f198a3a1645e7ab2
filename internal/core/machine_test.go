package core

import (
	"fmt"
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/settings"
)

// brief renders reports one per line, readable in a table.
func brief(reps []host.Report) string {
	var out []string
	for _, r := range reps {
		switch r.Kind {
		case host.KindState:
			s := "state " + r.State.String()
			if r.Message != "" {
				s += fmt.Sprintf(" %q", r.Message)
			}
			out = append(out, s)
		case host.KindPing:
			out = append(out, fmt.Sprintf("ping %q", r.Message))
		case host.KindSession:
			out = append(out, "session "+r.Session.ID+" "+r.Session.Origin.String())
		case host.KindMeta:
			var facts []string
			for _, f := range r.Meta {
				facts = append(facts, f.Name+"="+f.Value)
			}
			out = append(out, "meta "+strings.Join(facts, ","))
		case host.KindAgents:
			var as []string
			agents := r.Agents
			if resets(agents) {
				as = append(as, "(reset)")
				agents = agents[1:]
			}
			for _, a := range agents {
				as = append(as, a.ID+":"+a.Status.String())
			}
			out = append(out, "agents "+strings.Join(as, ","))
		default:
			out = append(out, r.Kind.String())
		}
	}
	return strings.Join(out, "; ")
}

var (
	states = map[string]func(m *Machine){
		"new":     func(*Machine) {},
		"idle":    func(m *Machine) { m.Start() },
		"working": func(m *Machine) { m.Start(); m.TurnStarted() },
		"blocked": func(m *Machine) { m.Start(); m.TurnStarted(); m.NeedsYou("approve shell: git push") },
		"failed":  func(m *Machine) { m.Start(); m.TurnStarted(); m.TurnFailed("Error: boom") },
		"exited":  func(m *Machine) { m.Start(); m.Exit() },
	}
	events = map[string]func(m *Machine) []host.Report{
		"start": (*Machine).Start,
		"turn":  (*Machine).TurnStarted,
		"ask":   func(m *Machine) []host.Report { return m.NeedsYou("approve shell: git push") },
		"fail":  func(m *Machine) []host.Report { return m.TurnFailed("Error: scripted failure") },
		"idle":  func(m *Machine) []host.Report { return m.Idle("You said: hi\nand more") },
		"save":  func(m *Machine) []host.Report { return m.SessionChanged(host.Session{ID: "s2"}, host.OriginSaved) },
		"exit":  (*Machine).Exit,
	}
)

// TestMachineTable drives every message from every state, with the
// terminal unfocused (so every ping the rules allow fires). The Machine
// says what the chat did, the same state again too: the Reporter decides
// what a host was already shown (TestReporterSkipsWhatTheHostShows).
func TestMachineTable(t *testing.T) {
	const (
		ask  = `state blocked "approve shell: git push"`
		pask = `ping "approve shell: git push"`
		pf   = `ping "Error: scripted failure"`
		fail = `state failed "Error: scripted failure"` // the headline is the state's message
	)
	want := map[string]map[string]string{
		"new": {
			"start": "state idle; session s1 startup",
			"turn":  "state working; session s1 startup",
			"ask":   ask + "; session s1 startup; " + pask,
			"fail":  fail + "; session s1 startup; " + pf,
			"idle":  "state idle; session s1 startup",
			"save":  "state idle; session s2 saved",
			"exit":  "",
		},
		"idle": {
			"start": "", "turn": "state working", "ask": ask + "; " + pask,
			"fail": fail + "; " + pf, "idle": "state idle", "save": "session s2 saved", "exit": "exit",
		},
		"working": {
			"start": "", "turn": "state working", "ask": ask + "; " + pask, "fail": fail + "; " + pf,
			"idle": `state idle; ping "You said: hi"`, "save": "session s2 saved", "exit": "exit",
		},
		"blocked": {
			"start": "", "turn": "state working", "ask": ask + "; " + pask, "fail": fail + "; " + pf,
			"idle": `state idle; ping "You said: hi"`, "save": "session s2 saved", "exit": "exit",
		},
		"failed": {
			"start": "", "turn": "state working", "ask": ask + "; " + pask, "fail": fail + "; " + pf, // a new headline
			"idle": "state idle", "save": "session s2 saved", "exit": "exit",
		},
		"exited": {"start": "", "turn": "", "ask": "", "fail": "", "idle": "", "save": "", "exit": ""},
	}
	for from, setup := range states {
		for ev, do := range events {
			t.Run(from+"/"+ev, func(t *testing.T) {
				m := newMachine(host.Session{ID: "s1", Dir: "/tmp/s1"})
				m.SetFocus(false)
				setup(m)
				if got := brief(do(m)); got != want[from][ev] {
					t.Errorf("got  %s\nwant %s", got, want[from][ev])
				}
			})
		}
	}
}

func TestMachinePingGate(t *testing.T) {
	cases := []struct {
		name  string
		edits []edit
		focus []bool // focus reports, in order
		pings int
	}{
		{"unknown pings", nil, nil, 3},
		{"blurred pings", nil, []bool{false}, 3},
		{"focused is silent", nil, []bool{true}, 0},
		{"refocused is silent", nil, []bool{false, true}, 0},
		{"quiet while unknown", []edit{quietWhileUnknown}, nil, 0},
		{"quiet while unknown, then blurred", []edit{quietWhileUnknown}, []bool{false}, 3},
		{"no ping", []edit{noPing}, []bool{false}, 0},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			m := newMachine(host.Session{}, c.edits...)
			for _, f := range c.focus {
				m.SetFocus(f)
			}
			var all []host.Report
			all = append(all, m.Start()...)
			all = append(all, m.TurnStarted()...)
			all = append(all, m.NeedsYou("what now?")...)
			all = append(all, m.TurnFailed("Error: x")...)
			all = append(all, m.TurnStarted()...)
			all = append(all, m.Idle("done")...)
			n := 0
			states := 0
			for _, r := range all {
				switch r.Kind {
				case host.KindPing:
					n++
				case host.KindState:
					states++
				}
			}
			if n != c.pings {
				t.Errorf("pings = %d, want %d: %s", n, c.pings, brief(all))
			}
			if states != 6 {
				t.Errorf("state reports = %d, want 6 (focus never gates them): %s", states, brief(all))
			}
		})
	}
}

func TestMachineCleansText(t *testing.T) {
	m := newMachine(host.Session{ID: "id\x1b]52;c;AAAA\x07", Dir: "/tmp/\nx"})
	m.Start()
	reps := m.NeedsYou("approve shell: rm -rf /\x1b]52;c;ZXZpbA==\x07\x9c\r\n" + strings.Repeat("x", 1<<20))
	for _, r := range reps {
		for _, s := range []string{r.Message, r.Session.ID, r.Session.Dir} {
			if strings.ContainsAny(s, "\x1b\x07\r\n") || strings.IndexByte(s, 0x9c) >= 0 ||
				!utf8.ValidString(s) || len([]rune(s)) > MaxMessage+1 {
				t.Errorf("%s report carries unclean text %q", r.Kind, s)
			}
		}
	}
	ping := reps[len(reps)-1]
	if ping.Kind != host.KindPing || !strings.HasPrefix(ping.Message, "approve shell: rm -rf / xxx") {
		t.Errorf("ping = %q", ping.Message)
	}
}

func TestMachineSubAgents(t *testing.T) {
	m := newMachine(host.Session{ID: "s"}, subAgentsBlock)
	m.SetFocus(false)
	m.Start()
	m.TurnStarted()
	const task = "Fix the flaky test"
	steps := []struct {
		do   func() []host.Report
		want string
	}{
		{func() []host.Report { return m.AgentStarted("a", "explore", task) }, "agents a:running; state working"},
		{func() []host.Report { return m.AgentStarted("a", "explore", task) }, ""},
		{func() []host.Report { return m.AgentStep("a", host.AgentWaiting, "Allow shell") },
			`agents a:waiting; state blocked "Fix the flaky test: Allow shell"; ping "Fix the flaky test: Allow shell"`},
		{func() []host.Report { return m.AgentStep("a", host.AgentWaiting, "Allow shell") }, ""},
		{func() []host.Report { return m.AgentStep("a", host.AgentRunning, "shell") }, "agents a:running; state working"},
		{func() []host.Report { return m.AgentStep("zz", host.AgentRunning, "shell") }, ""}, // not live
		{func() []host.Report { return m.AgentStarted("b", "", "") }, "agents b:running; state working"},
		{func() []host.Report { return m.AgentStep("a", host.AgentStopped, "") }, "agents a:stopped; state working"},
		{func() []host.Report { return m.AgentStep("a", host.AgentRunning, "read") }, ""}, // ended: no longer live
		{func() []host.Report { return m.AgentStep("b", host.AgentDone, "ok\nmore") }, "agents b:done; state working"},
		{func() []host.Report { return m.AgentStarted("", "", "") }, ""},
	}
	for i, s := range steps {
		if got := brief(s.do()); got != s.want {
			t.Errorf("step %d: got %s, want %s", i, got, s.want)
		}
	}
	m.AgentStarted("c", "", "t")
	r := m.AgentStep("c", host.AgentDone, "ok\nmore")
	if got := r[0].Agents[0].Result; got != "ok" {
		t.Errorf("result = %q, want the first line", got)
	}
	m.AgentStarted("d", "", "t")
	m.AgentStep("d", host.AgentWaiting, "Allow shell")
	got := brief(m.SessionChanged(host.Session{ID: "s2"}, host.OriginSwitched))
	if want := "session s2 switched; agents (reset); state working"; got != want {
		t.Errorf("switch = %s, want %s", got, want)
	}
	if got := brief(m.AgentStep("d", host.AgentRunning, "x")); got != "" {
		t.Errorf("a sub-agent of the old session = %s", got)
	}
	if got := brief(m.Exit()); got != "exit" {
		t.Errorf("exit = %s", got)
	}
	if got := m.AgentStarted("e", "", ""); got != nil {
		t.Errorf("after exit = %s", brief(got))
	}
}

func TestMachineSubAgentsDoNotBlockByDefault(t *testing.T) {
	m := newMachine(host.Session{})
	m.Start()
	m.AgentStarted("a", "", "")
	got := brief(m.AgentStep("a", host.AgentWaiting, "Allow shell"))
	if got != `agents a:waiting; ping "Allow shell"` {
		t.Errorf("got %s", got)
	}
}

// The chat shows the sub-agent that has waited longest; when it is
// answered, the next one.
func TestMachineSubAgentsWaitInOrder(t *testing.T) {
	m := newMachine(host.Session{}, subAgentsBlock, noPing)
	m.Start()
	m.TurnStarted()
	for _, id := range []string{"a", "b", "c"} {
		m.AgentStarted(id, "", "task "+id)
	}
	m.AgentStep("b", host.AgentWaiting, "Allow shell")
	m.AgentStep("a", host.AgentWaiting, "Allow edit")
	m.AgentStep("c", host.AgentWaiting, "Allow web")
	steps := []struct {
		do   func() []host.Report
		want string
	}{
		{func() []host.Report { return m.AgentStep("b", host.AgentRunning, "shell") }, `agents b:running; state blocked "task a: Allow edit"`},
		{func() []host.Report { return m.AgentStep("a", host.AgentFailed, "boom") }, `agents a:failed; state blocked "task c: Allow web"`},
		{func() []host.Report { return m.AgentStep("c", host.AgentStopped, "") }, `agents c:stopped; state working`},
	}
	for i, s := range steps {
		if got := brief(s.do()); got != s.want {
			t.Errorf("step %d: got %s, want %s", i, got, s.want)
		}
	}
}

// A sub-agent that begins to wait on something else goes behind those
// already waiting: its earlier wait no longer counts.
func TestMachineSubAgentsWaitAgainGoesLast(t *testing.T) {
	m := newMachine(host.Session{}, subAgentsBlock, noPing)
	m.Start()
	m.TurnStarted()
	m.AgentStarted("a", "", "task a")
	m.AgentStarted("b", "", "task b")
	m.AgentStep("a", host.AgentWaiting, "Allow edit")
	m.AgentStep("b", host.AgentWaiting, "Allow shell")
	got := brief(m.AgentStep("a", host.AgentWaiting, "Allow web"))
	if want := `agents a:waiting; state blocked "task b: Allow shell"`; got != want {
		t.Errorf("a waits on something else: got %s, want %s", got, want)
	}
}

// Past MaxAgents live, a new sub-agent drops the oldest live one, which is
// reported stopped; what is kept stays bounded however many start and
// wait without ever ending.
func TestMachineSubAgentsCap(t *testing.T) {
	m := newMachine(host.Session{}, subAgentsBlock)
	m.Start()
	m.AgentStarted("first", "", "")
	m.AgentStep("first", host.AgentDone, "")
	for i := range MaxAgents {
		m.AgentStarted(fmt.Sprint(i), "", "")
	}
	if got := brief(m.AgentStarted("new", "", "")); got != "agents 0:stopped,new:running; state idle" {
		t.Errorf("one past the cap = %s", got)
	}
	// What is kept, straight on the Machine's set (the Machine's own
	// calls add only the cleaning).
	l := &m.agents
	for i := range 2 * MaxAgents {
		l.add(host.SubAgent{ID: fmt.Sprint("n", i)})
		e := l.byID[fmt.Sprint("n", i)]
		a := e.SubAgent
		a.Status, a.Waiting = host.AgentWaiting, "a"
		l.set(e, a)
		a.Waiting = "b"
		l.set(e, a)
	}
	if len(l.byID) != MaxAgents || len(l.order) > 2*MaxAgents+16 || len(l.waits) > 2*MaxAgents+16 {
		t.Errorf("live %d, order %d, waits %d: want at most %d kept", len(l.byID), len(l.order), len(l.waits), MaxAgents)
	}
}

func TestMachineMeta(t *testing.T) {
	m := newMachine(host.Session{})
	m.Start()
	steps := []struct {
		facts []host.Fact
		want  string
	}{
		{[]host.Fact{{Name: "model", Value: "sonnet"}, {Name: "cost", Value: ""}}, "meta model=sonnet"},
		{[]host.Fact{{Name: "model", Value: "sonnet"}}, "meta model=sonnet"}, // unchanged: the Reporter skips it
		{[]host.Fact{{Name: "model", Value: "sonnet"}, {Name: "cost", Value: "$0.10"}}, "meta model=sonnet,cost=$0.10"},
		{[]host.Fact{{Name: "cost", Value: "$0.10"}}, "meta cost=$0.10"},
		{nil, "meta "},
	}
	for i, s := range steps {
		if got := brief(m.SetMeta(s.facts)); got != s.want {
			t.Errorf("step %d: got %q, want %q", i, got, s.want)
		}
	}
}

func TestMachineSuspendResume(t *testing.T) {
	m := newMachine(host.Session{})
	if got := m.Suspend(); got != nil {
		t.Errorf("suspend before start = %s", brief(got))
	}
	m.Start()
	m.TurnStarted()
	if got := brief(m.Suspend()); got != "suspend" {
		t.Errorf("suspend = %s", got)
	}
	if got := m.Suspend(); got != nil {
		t.Errorf("second suspend = %s", brief(got))
	}
	// While another program has the terminal nothing is drawn: the state
	// changes, and Resume shows the one it came to.
	if got := m.Idle("done"); len(got) != 1 || got[0].Kind != host.KindPing {
		t.Errorf("while suspended = %s, want the ping alone", brief(got))
	}
	if got := brief(m.Resume()); got != "state idle" {
		t.Errorf("resume = %s", got)
	}
	if got := brief(m.Idle("")); got != "state idle" {
		t.Errorf("idle after resume = %s", got)
	}
	if got := m.Resume(); got != nil {
		t.Errorf("second resume = %s", brief(got))
	}
}

func TestMachineResumeCommand(t *testing.T) {
	m := newMachine(host.Session{ID: "42"}, func(s *settings.Settings) { s.ResumeCommand = func(id string) string { return "chat --session " + id } })
	reps := m.Start()
	reps = append(reps, m.SessionChanged(host.Session{ID: "43", Dir: "/d"}, host.OriginSwitched)...)
	reps = append(reps, m.TurnStarted()...)
	want := []string{"chat --session 42", "chat --session 42", "chat --session 43", "chat --session 43"}
	var got []string
	for _, r := range reps {
		got = append(got, r.Session.Resume)
	}
	if !slices.Equal(got, want) {
		t.Errorf("resume commands = %q, want %q", got, want)
	}
}

// The Failed state carries its headline, cleaned, as tuios's errored
// message needs it (that the same headline again reaches no host is
// TestReporterSkipsWhatTheHostShows').
func TestMachineFailedHeadline(t *testing.T) {
	m := newMachine(host.Session{}, noPing)
	m.Start()
	m.TurnStarted()
	if got := brief(m.TurnFailed("Error:\x1b[31m rate\tlimited\n")); got != `state failed "Error: rate limited"` {
		t.Errorf("first failure: %s", got)
	}
	if got := brief(m.TurnFailed("Error: overloaded")); got != `state failed "Error: overloaded"` {
		t.Errorf("another failure: %s", got)
	}
	if got := brief(m.TurnStarted()); got != "state working" {
		t.Errorf("the next turn: %s", got)
	}
}

// A session switch empties the hosts' lists even when every sub-agent of
// the old session had ended (a host still shows them, ended).
func TestMachineSwitchAfterSubAgentsEnded(t *testing.T) {
	m := newMachine(host.Session{ID: "s"})
	m.Start()
	if got := brief(m.SessionChanged(host.Session{ID: "t"}, host.OriginSwitched)); got != "session t switched" {
		t.Errorf("switch with no sub-agent ever = %s", got)
	}
	m.AgentStarted("a", "", "")
	m.AgentStep("a", host.AgentDone, "ok")
	if got := brief(m.SessionChanged(host.Session{ID: "u"}, host.OriginSwitched)); got != "session u switched; agents (reset)" {
		t.Errorf("switch = %s", got)
	}
}
