package tuios

import (
	"encoding/json"
	"maps"
	"testing"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/hosts/hostio"
)

func TestTokensJSON(t *testing.T) {
	v := "x\"y"
	got, err := json.Marshal(metaParams{Session: "s", Window: "w", Source: "chat", Tokens: hostio.Tokens{{Name: "zeta", Value: &v}, {Name: "alpha"}}})
	if err != nil {
		t.Fatal(err)
	}
	if want := `{"session":"s","window":"w","source":"chat","tokens":{"zeta":"x\"y","alpha":null}}`; string(got) != want {
		t.Errorf("got  %s\nwant %s", got, want)
	}
}

func TestTokenChanges(t *testing.T) {
	facts := func(kv ...string) []host.Fact {
		var out []host.Fact
		for i := 0; i < len(kv); i += 2 {
			out = append(out, host.Fact{Name: kv[i], Value: kv[i+1]})
		}
		return out
	}
	changes := func(held map[string]string, want hostio.Tokens, all bool) (out hostio.Tokens) {
		h := map[string]string{}
		maps.Copy(h, held)
		_ = hostio.SyncTokens(h, want, all, func(c hostio.Tokens) error { out = append(out, c...); return nil })
		return out
	}
	render := func(ts hostio.Tokens) string {
		b, _ := ts.MarshalJSON()
		return string(b)
	}
	for _, tc := range []struct {
		name  string
		held  map[string]string
		facts []host.Fact
		all   bool
		want  string
	}{
		{"first", nil, facts("model", "opus", "cost", "$1"), false, `{"model":"opus","cost":"$1"}`},
		{"unchanged", map[string]string{"model": "opus"}, facts("model", "opus"), false, `{}`},
		{"changed only", map[string]string{"model": "opus", "cost": "$1"}, facts("model", "opus", "cost", "$2"), false, `{"cost":"$2"}`},
		{"removed", map[string]string{"model": "opus", "cost": "$1", "context": "5%"}, facts("model", "opus"), false, `{"context":null,"cost":null}`},
		{"repeat sends all", map[string]string{"model": "opus"}, facts("model", "opus"), true, `{"model":"opus"}`},
		{"same key twice: the first wins", nil, facts("Model", "a", "model", "b"), false, `{"model":"a"}`},
		{"reserved and empty dropped", nil, facts("now", "x", "prompt", "y", "cost", ""), false, `{}`},
	} {
		t.Run(tc.name, func(t *testing.T) {
			if got := render(changes(tc.held, hostio.WantTokens(nil, tc.facts, metaKey, 0, 0), tc.all)); got != tc.want {
				t.Errorf("got %s, want %s", got, tc.want)
			}
		})
	}
}
