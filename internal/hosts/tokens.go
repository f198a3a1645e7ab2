package hosts

import (
	"encoding/json"
	"maps"
	"slices"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/core"
)

// token is a name a host holds for the chat (herdr's sidebar tokens,
// tuios's rail facts); a nil value removes it.
type token struct {
	name  string
	value *string
}

// tokens encodes as a JSON object in its own order: tuios shows a rail's
// keys in the order they first came.
type tokens []token

func (ts tokens) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	for i, t := range ts {
		if i > 0 {
			b = append(b, ',')
		}
		k, _ := json.Marshal(t.name) // a string always encodes
		v, _ := json.Marshal(t.value)
		b = append(append(append(b, k...), ':'), v...)
	}
	return append(b, '}'), nil
}

const maxTokensPerCall = 16 // herdr's and tuios's cap

// wantTokens adds facts to have, named by key ("" leaves one out), values
// capped at maxValue runes, the first of a name kept, at most limit (0s: no cap).
func wantTokens(have tokens, facts []host.Fact, key func(string) string, maxValue, limit int) tokens {
	for _, f := range facts {
		name, value := key(f.Name), f.Value
		if maxValue > 0 {
			value = core.Clean(value, maxValue)
		}
		if name == "" || value == "" || slices.ContainsFunc(have, func(t token) bool { return t.name == name }) {
			continue
		}
		if limit > 0 && len(have) == limit {
			break
		}
		have = append(have, token{name, &value})
	}
	return have
}

// tokenChanges turns held into want: new and changed ones in want's order,
// then the ones gone, by name; with all (a Repeat), every one wanted.
func tokenChanges(held map[string]string, want tokens, all bool) tokens {
	var out tokens
	for _, t := range want {
		if old, ok := held[t.name]; all || !ok || old != *t.value {
			out = append(out, t)
		}
	}
	for _, name := range slices.Sorted(maps.Keys(held)) {
		if !slices.ContainsFunc(want, func(t token) bool { return t.name == name }) {
			out = append(out, token{name: name})
		}
	}
	return out
}

// syncTokens sends tokenChanges in chunks, recording in held what the host
// took, so a retry sends the rest.
func syncTokens(held map[string]string, want tokens, all bool, send func(tokens) error) error {
	for chunk := range slices.Chunk(tokenChanges(held, want, all), maxTokensPerCall) {
		if err := send(chunk); err != nil {
			return err
		}
		for _, t := range chunk {
			if t.value == nil {
				delete(held, t.name)
			} else {
				held[t.name] = *t.value
			}
		}
	}
	return nil
}
