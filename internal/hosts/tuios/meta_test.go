package tuios_test

import (
	"fmt"
	"maps"
	"testing"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/hosts/tuios"
	"github.com/hostbridge/hostbridge/teatest"
)

func TestMetaKey(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"model", "model"},
		{"Context", "context"},
		{"cost usd", "cost_usd"},
		{"tokens-in", "tokens-in"},
		{"2nd model", "nd_model"},
		{"__x", "x"},
		{"a.b/c", "a_b_c"},
		{"Modèle", "mod_le"},
		{"abcdefghijklmnopqrstuvwxyz", "abcdefghijklmnopqrstuvwx"},
		{"", ""},
		{"123", ""},
		{"now", ""},
		{"Prompt", ""},
		{"subagents", ""},
	} {
		if got := tuios.MetaKey(tc.in); got != tc.want {
			t.Errorf("MetaKey(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func FuzzMetaKey(f *testing.F) {
	for _, s := range []string{"model", "Cost USD", "é", "-x", "now"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		k := tuios.MetaKey(s)
		if k == "" {
			return
		}
		if len(k) > tuios.MaxMetaKey || k[0] < 'a' || k[0] > 'z' {
			t.Fatalf("MetaKey(%q) = %q: not a tuios key", s, k)
		}
		for _, c := range []byte(k) {
			if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
				t.Fatalf("MetaKey(%q) = %q: byte %q", s, k, c)
			}
		}
	})
}

func TestMetaOverSocket(t *testing.T) {
	f := teatest.NewTuios(t)
	b := newTestBackend(t, f)
	meta := func(facts ...host.Fact) { report(t, b, host.Report{Kind: host.KindMeta, Meta: facts}) }
	report(t, b, state(host.Working, ""))
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
	f := teatest.NewTuios(t)
	b := newTestBackend(t, f)
	var facts []host.Fact
	for i := range 20 {
		facts = append(facts, host.Fact{Name: fmt.Sprintf("k%02d", i), Value: "v"})
	}
	report(t, b, host.Report{Kind: host.KindMeta, Meta: facts})
	reqs := f.Requests()
	if tr := f.Transcript(); len(tr) == 0 || tr[0] != `tuios report-agent-activity session_start text="startup"` {
		t.Fatalf("the first report does not start the session: %q", f.Transcript())
	}
	if n := len(reqs[1:]); n != 2 {
		t.Errorf("%d requests for 20 facts, want 2 (16 per call)", n)
	}
	for _, r := range reqs[1:] {
		if r.Verb != tuios.VerbSetAgentMeta {
			t.Errorf("not a meta request: %s", r.Line)
		}
	}
	if p := f.Pane(); len(p.Meta) != 20 {
		t.Errorf("pane holds %d facts, want 20", len(p.Meta))
	}
}
