package tuios

import (
	"encoding/json"
	"testing"

	"github.com/hostbridge/hostbridge/host"
)

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
