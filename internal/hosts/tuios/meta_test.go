package tuios_test

import (
	"fmt"
	"maps"
	"testing"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

func TestMetaOverSocket(t *testing.T) {
	f := fakehost.NewTuios(t)
	b := newTuiosBackend(t, f)
	meta := func(facts ...host.Fact) { mustReport(t, b, host.Report{Kind: host.KindMeta, Meta: facts}) }
	mustReport(t, b, stateMsg(host.Working, ""))
	wantLines(t, f.Transcript(), []string{`tuios report-agent-activity session_start text="startup"`, "tuios set-agent-state working"})
	n := len(f.Requests())
	meta(host.Fact{Name: "model", Value: "opus"}, host.Fact{Name: "context", Value: "12%"})
	meta(host.Fact{Name: "model", Value: "opus"}, host.Fact{Name: "context", Value: "12%"})
	meta(host.Fact{Name: "model", Value: "opus"}, host.Fact{Name: "context", Value: "40%"}, host.Fact{Name: "cost", Value: "$0.10"})
	meta(host.Fact{Name: "model", Value: "sonnet"})
	wantLines(t, transcriptFrom(f, n), []string{
		`tuios set-agent-meta model="opus" context="12%"`,
		`tuios set-agent-meta context="40%" cost="$0.10"`,
		`tuios set-agent-meta model="sonnet" context=null cost=null`,
	})
	if p := f.Pane(); !maps.Equal(p.Meta, map[string]string{"model": "sonnet"}) {
		t.Errorf("pane facts %v", p.Meta)
	}
	for _, r := range f.Requests()[n:] {
		if r.Params["source"] != "chat" {
			t.Errorf("facts not sourced to the agent: %s", r.Line)
		}
	}
}

func TestMetaChunks(t *testing.T) {
	f := fakehost.NewTuios(t)
	b := newTuiosBackend(t, f)
	var facts []host.Fact
	for i := range 20 {
		facts = append(facts, host.Fact{Name: fmt.Sprintf("k%02d", i), Value: "v"})
	}
	mustReport(t, b, host.Report{Kind: host.KindMeta, Meta: facts})
	reqs := f.Requests()
	if tr := f.Transcript(); len(tr) == 0 || tr[0] != `tuios report-agent-activity session_start text="startup"` {
		t.Fatalf("the first report does not start the session: %q", f.Transcript())
	}
	if n := len(reqs[1:]); n != 2 {
		t.Errorf("%d requests for 20 facts, want 2 (16 per call)", n)
	}
	for _, r := range reqs[1:] {
		if r.Method != "set-agent-meta" {
			t.Errorf("not a meta request: %s", r.Line)
		}
	}
	if p := f.Pane(); len(p.Meta) != 20 {
		t.Errorf("pane holds %d facts, want 20", len(p.Meta))
	}
}
