package herdr

import (
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/hosts/hostio"
)

// herdr's tokens: the resume command first, values capped, at most 16.
func TestWantTokens(t *testing.T) {
	facts := func(kv ...string) []host.Fact {
		var out []host.Fact
		for i := 0; i < len(kv); i += 2 {
			out = append(out, host.Fact{Name: kv[i], Value: kv[i+1]})
		}
		return out
	}
	render := func(ts hostio.Tokens) string {
		b, _ := ts.MarshalJSON()
		return string(b)
	}
	resume := "chat -s 1"
	var many []host.Fact
	for i := range 20 {
		many = append(many, host.Fact{Name: string(rune('a' + i)), Value: strings.Repeat("v", 300)})
	}
	want := hostio.WantTokens(hostio.Tokens{{Name: resumeToken, Value: &resume}}, append(facts("resume", "spoofed"), many...), herdrTokenName, maxTokenValue, hostio.MaxTokensPerCall)
	if len(want) != 16 || want[0].Name != resumeToken || *want[0].Value != resume || want[1].Name != "a" ||
		utf8.RuneCountInString(*want[1].Value) != maxTokenValue {
		t.Errorf("herdr's tokens: %s", render(want))
	}
}
