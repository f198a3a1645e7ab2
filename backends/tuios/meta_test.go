package tuios

import (
	"encoding/json"
	"fmt"
	"maps"
	"testing"

	"github.com/hostbridge/hostbridge/host"
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
		if got := MetaKey(tc.in); got != tc.want {
			t.Errorf("MetaKey(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func FuzzMetaKey(f *testing.F) {
	for _, s := range []string{"model", "Cost USD", "é", "-x", "now"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		k := MetaKey(s)
		if k == "" {
			return
		}
		if len(k) > MaxMetaKey || k[0] < 'a' || k[0] > 'z' {
			t.Fatalf("MetaKey(%q) = %q: not a tuios key", s, k)
		}
		for _, c := range []byte(k) {
			if !(c >= 'a' && c <= 'z' || c >= '0' && c <= '9' || c == '_' || c == '-') {
				t.Fatalf("MetaKey(%q) = %q: byte %q", s, k, c)
			}
		}
	})
}

func TestMetaTokensJSON(t *testing.T) {
	v := "x\"y"
	got, err := json.Marshal(metaParams{Session: "s", Window: "w", Source: "chat",
		Tokens: metaTokens{{"zeta", &v}, {"alpha", nil}}})
	if err != nil {
		t.Fatal(err)
	}
	want := `{"session":"s","window":"w","source":"chat","tokens":{"zeta":"x\"y","alpha":null}}`
	if string(got) != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestMetaChanges(t *testing.T) {
	facts := func(kv ...string) []host.Fact {
		var out []host.Fact
		for i := 0; i < len(kv); i += 2 {
			out = append(out, host.Fact{Name: kv[i], Value: kv[i+1]})
		}
		return out
	}
	render := func(ts metaTokens) string {
		b, _ := ts.MarshalJSON()
		return string(b)
	}
	for _, tc := range []struct {
		name      string
		delivered map[string]string
		facts     []host.Fact
		all       bool
		want      string
	}{
		{"first", nil, facts("model", "opus", "cost", "$1"), false, `{"model":"opus","cost":"$1"}`},
		{"unchanged", map[string]string{"model": "opus"}, facts("model", "opus"), false, `{}`},
		{"changed only", map[string]string{"model": "opus", "cost": "$1"}, facts("model", "opus", "cost", "$2"), false, `{"cost":"$2"}`},
		{"removed", map[string]string{"model": "opus", "cost": "$1", "context": "5%"}, facts("model", "opus"), false, `{"context":null,"cost":null}`},
		{"repeat sends all", map[string]string{"model": "opus"}, facts("model", "opus"), true, `{"model":"opus"}`},
		{"same key twice: last wins", nil, facts("Model", "a", "model", "b"), false, `{"model":"b"}`},
		{"reserved and empty dropped", nil, facts("now", "x", "prompt", "y", "cost", ""), false, `{}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := render(metaChanges(tc.delivered, wantMeta(tc.facts), tc.all)); got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
}

func TestMetaOverSocket(t *testing.T) {
	f := teatest.NewTuios(t)
	b := newTestBackend(t, f)
	meta := func(facts ...host.Fact) { report(t, b, host.Report{Kind: host.KindMeta, Meta: facts}) }
	report(t, b, state(host.Working, ""))
	meta(host.Fact{Name: "model", Value: "opus"}, host.Fact{Name: "context", Value: "12%"})
	meta(host.Fact{Name: "model", Value: "opus"}, host.Fact{Name: "context", Value: "12%"})
	meta(host.Fact{Name: "model", Value: "opus"}, host.Fact{Name: "context", Value: "40%"}, host.Fact{Name: "cost", Value: "$0.10"})
	meta(host.Fact{Name: "model", Value: "sonnet"})
	wantLines(t, transcriptFrom(f, 1), []string{
		`tuios set-agent-meta model="opus" context="12%"`,
		`tuios set-agent-meta context="40%" cost="$0.10"`,
		`tuios set-agent-meta model="sonnet" context=null cost=null`,
	})
	if p := f.Pane(); !maps.Equal(p.Meta, map[string]string{"model": "sonnet"}) {
		t.Errorf("pane facts %v", p.Meta)
	}
	for _, r := range f.Requests()[1:] {
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
	if n := len(f.Requests()); n != 2 {
		t.Errorf("%d requests for 20 facts, want 2 (16 per call)", n)
	}
	if p := f.Pane(); len(p.Meta) != 20 {
		t.Errorf("pane holds %d facts, want 20", len(p.Meta))
	}
}
