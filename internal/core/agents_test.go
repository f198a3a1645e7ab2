package core

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hostbridge/hostbridge/host"
)

func listOf(as []host.SubAgent) string {
	var out []string
	for _, a := range as {
		s := a.ID + ":" + a.Status.String()
		if a.Result != "" {
			s += "=" + a.Result
		}
		out = append(out, s)
	}
	return strings.Join(out, ",")
}

// lastList is the whole list the newest KindAgents report carried.
func lastList(reps []host.Report) string {
	for i := len(reps) - 1; i >= 0; i-- {
		if reps[i].Kind == host.KindAgents {
			return listOf(reps[i].Agents)
		}
	}
	return "(none)"
}

// A backend gets the whole list, though the Machine reports only what
// changed; an ended sub-agent is shown ended, then leaves the list once
// the ended ones are half of it; a session switch starts it again.
func TestReporterKeepsTheAgentList(t *testing.T) {
	m := newMachine(host.Session{ID: "s"})
	rec := &host.Recorder{}
	r := NewReporter([]host.Backend{rec}, with())
	defer r.Close(context.Background())
	steps := []struct {
		do   func() []host.Report
		want string
	}{
		{func() []host.Report { return m.AgentStarted("a", "", "") }, "a:running"},
		{func() []host.Report { return m.AgentStarted("b", "", "") }, "a:running,b:running"},
		{func() []host.Report { return m.AgentStep("a", host.AgentDone, "yes") }, "a:done=yes,b:running"},
		// a was shown done, and the ended were half the list: it went.
		{func() []host.Report { return m.AgentStarted("c", "", "") }, "b:running,c:running"},
		{func() []host.Report { return m.AgentStarted("d", "", "") }, "b:running,c:running,d:running"},
		{func() []host.Report { return m.AgentStep("b", host.AgentFailed, "no") }, "b:failed=no,c:running,d:running"},
		{func() []host.Report { return m.AgentStep("c", host.AgentStopped, "") }, "b:failed=no,c:stopped,d:running"},
		{func() []host.Report { return m.AgentStep("d", host.AgentRunning, "shell") }, "d:running"},
		{func() []host.Report { return m.SessionChanged(host.Session{ID: "t"}, host.OriginSwitched) }, ""},
		{func() []host.Report { return m.AgentStarted("e", "", "") }, "e:running"},
	}
	for i, s := range steps {
		r.Send(s.do()...)
		if err := r.Flush(context.Background()); err != nil {
			t.Fatal(err)
		}
		if got := lastList(rec.Reports()); got != s.want {
			t.Errorf("step %d: the backend got %q, want %q", i, got, s.want)
		}
	}
}

// A sub-agent's start and its steps clean its id alike: one with an id
// past maxAgentID is found by each step, and the host sees it end.
func TestReporterLongAgentID(t *testing.T) {
	m := newMachine(host.Session{})
	rec := &host.Recorder{}
	r := NewReporter([]host.Backend{rec}, with())
	defer r.Close(context.Background())
	id := strings.Repeat("é", 200)
	shown := Clean(id, maxAgentID)
	if shown == id {
		t.Fatalf("the id must be past maxAgentID (%d runes)", maxAgentID)
	}
	steps := []struct {
		do   func() []host.Report
		want string
	}{
		{func() []host.Report { return m.AgentStarted(id, "", "") }, shown + ":running"},
		{func() []host.Report { return m.AgentStep(id, host.AgentRunning, "shell") }, shown + ":running"},
		{func() []host.Report { return m.AgentStep(id, host.AgentDone, "found it") }, shown + ":done=found it"},
	}
	for i, s := range steps {
		reps := s.do()
		if len(reps) == 0 {
			t.Fatalf("step %d: the Machine did not find the sub-agent", i)
		}
		r.Send(reps...)
		if err := r.Flush(context.Background()); err != nil {
			t.Fatal(err)
		}
		if got := lastList(rec.Reports()); got != s.want {
			t.Errorf("step %d: the backend got %q, want %q", i, got, s.want)
		}
	}
}

// While the host is slow, changes merge in the queue: none is lost, and
// the list the host gets next has every sub-agent's latest state (an
// ended one shows how it ended, not as dropped).
func TestReporterMergesAgentChanges(t *testing.T) {
	g := &gate{release: make(chan struct{}), entered: make(chan struct{}, 16)}
	m := newMachine(host.Session{})
	r := NewReporter([]host.Backend{g}, with(timeout(time.Hour)))
	r.Send(m.Start()...)
	<-g.entered // the worker holds the first state
	for i := range 100 {
		r.Send(m.AgentStarted(fmt.Sprint(i), "", "")...)
		r.Send(m.AgentStep(fmt.Sprint(i), host.AgentRunning, "shell")...)
	}
	r.Send(m.AgentStep("7", host.AgentDone, "found it")...)
	r.Send(m.AgentStep("8", host.AgentStopped, "")...)
	close(g.release)
	if err := r.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	reps := g.Reports()
	var lists []string
	for _, rep := range reps {
		if rep.Kind == host.KindAgents {
			lists = append(lists, listOf(rep.Agents))
		}
	}
	if len(lists) != 1 || !strings.Contains(lists[0], "7:done=found it") || !strings.Contains(lists[0], "8:stopped") ||
		strings.Count(lists[0], ":") != 100 {
		t.Errorf("the host got %d lists: %.300q", len(lists), lists)
	}
	_ = r.Close(context.Background())
}

// A queue full of edges between changes drops edges, never changes: those
// are folded into the next.
func TestReporterQueueLimitKeepsAgentChanges(t *testing.T) {
	g := &gate{release: make(chan struct{}), entered: make(chan struct{}, 16)}
	m := newMachine(host.Session{ID: "s"})
	r := NewReporter([]host.Backend{g}, with(timeout(time.Hour), queueLimit(8)))
	r.Send(m.Start()...)
	<-g.entered
	var want []string
	for i := range 50 {
		id := fmt.Sprint(i)
		r.Send(m.AgentStarted(id, "", "")...)
		r.Send(m.SessionChanged(host.Session{ID: "s"}, host.OriginSaved)...) // an edge
		want = append(want, id+":running")
	}
	close(g.release)
	if err := r.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
	if got := lastList(g.Reports()); got != strings.Join(want, ",") {
		got = strings.Join(slices.Sorted(slices.Values(strings.Split(got, ","))), ",")
		w := strings.Join(slices.Sorted(slices.Values(want)), ",")
		if got != w {
			t.Errorf("the host got %q, want all 50", got)
		}
	}
	_ = r.Close(context.Background())
}

// BenchmarkMachineSubAgents is the Machine's own cost of one sub-agent
// message with n live (no Reporter, no goroutine beside it): the cycle of
// BenchmarkSubAgents in the root package, and past the cap, where every
// start drops the oldest.
func BenchmarkMachineSubAgents(b *testing.B) {
	const typ, task = "explore · Sonnet 5.5 · claude", "Find where the flaky test starts its server"
	for _, n := range []int{10, 1000, 10000} {
		b.Run(fmt.Sprintf("live=%d", n), func(b *testing.B) {
			m := newMachine(host.Session{}, subAgentsBlock, noPing)
			m.Start()
			ids := make([]string, n)
			for i := range ids {
				ids[i] = fmt.Sprint("agent-", i)
				m.AgentStarted(ids[i], typ, task)
			}
			next := n
			b.ReportAllocs()
			b.ResetTimer()
			for i := range b.N {
				j := i % n
				switch (i / n) % 5 {
				case 0:
					m.AgentStep(ids[j], host.AgentRunning, "read_file")
				case 1:
					m.AgentStep(ids[j], host.AgentWaiting, "Allow shell")
				case 2:
					m.AgentStep(ids[j], host.AgentRunning, "shell")
				case 3:
					m.AgentStep(ids[j], host.AgentDone, "The server starts in TestMain.")
				case 4:
					ids[j] = fmt.Sprint("agent-", next)
					next++
					m.AgentStarted(ids[j], typ, task)
				}
			}
		})
	}
	b.Run("over-the-cap", func(b *testing.B) {
		m := newMachine(host.Session{}, noPing)
		m.Start()
		for i := range MaxAgents {
			m.AgentStarted(fmt.Sprint("agent-", i), typ, task)
		}
		ids := make([]string, b.N)
		for i := range ids {
			ids[i] = fmt.Sprint("new-", i)
		}
		b.ReportAllocs()
		b.ResetTimer()
		for i := range b.N {
			m.AgentStarted(ids[i], typ, task) // drops the oldest
		}
	})
}
