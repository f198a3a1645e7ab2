package hostio

import (
	"encoding/json"
	"maps"
	"slices"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/core"
)

// Token is a name a host holds for the chat (herdr's sidebar Tokens,
// tuios's rail facts); a nil value removes it.
type Token struct {
	Name  string
	Value *string
}

// Tokens encodes as a JSON object in its own order: tuios shows a rail's
// keys in the order they first came.
type Tokens []Token

func (ts Tokens) MarshalJSON() ([]byte, error) {
	b := []byte{'{'}
	for i, t := range ts {
		if i > 0 {
			b = append(b, ',')
		}
		k, _ := json.Marshal(t.Name) // a string always encodes
		v, _ := json.Marshal(t.Value)
		b = append(append(append(b, k...), ':'), v...)
	}
	return append(b, '}'), nil
}

const MaxTokensPerCall = 16 // herdr's and tuios's cap

// WantTokens adds facts to have, named by key ("" leaves one out), values
// capped at maxValue runes, the first of a name kept, at most limit (0s: no cap).
func WantTokens(have Tokens, facts []host.Fact, key func(string) string, maxValue, limit int) Tokens {
	for _, f := range facts {
		name, value := key(f.Name), f.Value
		if maxValue > 0 {
			value = core.Clean(value, maxValue)
		}
		if name == "" || value == "" || slices.ContainsFunc(have, func(t Token) bool { return t.Name == name }) {
			continue
		}
		if limit > 0 && len(have) == limit {
			break
		}
		have = append(have, Token{name, &value})
	}
	return have
}

// tokenChanges turns held into want: new and changed ones in want's order,
// then the ones gone, by name; with all (a Repeat), every one wanted.
func tokenChanges(held map[string]string, want Tokens, all bool) Tokens {
	var out Tokens
	for _, t := range want {
		if old, ok := held[t.Name]; all || !ok || old != *t.Value {
			out = append(out, t)
		}
	}
	for _, name := range slices.Sorted(maps.Keys(held)) {
		if !slices.ContainsFunc(want, func(t Token) bool { return t.Name == name }) {
			out = append(out, Token{Name: name})
		}
	}
	return out
}

// SyncTokens sends tokenChanges in chunks, recording in held what the host
// took, so a retry sends the rest.
func SyncTokens(held map[string]string, want Tokens, all bool, send func(Tokens) error) error {
	for chunk := range slices.Chunk(tokenChanges(held, want, all), MaxTokensPerCall) {
		if err := send(chunk); err != nil {
			return err
		}
		for _, t := range chunk {
			if t.Value == nil {
				delete(held, t.Name)
			} else {
				held[t.Name] = *t.Value
			}
		}
	}
	return nil
}
