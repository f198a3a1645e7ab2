package tuios

import (
	"bytes"
	"context"
	"encoding/json"
	"slices"
	"strings"

	"github.com/hostbridge/hostbridge/host"
)

// Limits tuios puts on set-agent-meta.
const (
	// MaxMetaKey is the longest key tuios takes, in bytes.
	MaxMetaKey = 24
	// maxMetaPerCall is how many keys one call may touch.
	maxMetaPerCall = 16
)

// reservedMeta are the keys only tuios writes; set-agent-meta refuses them.
var reservedMeta = []string{"now", "prompt", "subagents"}

// MetaKey turns a fact's name into a key tuios accepts: lower-cased,
// characters other than [a-z0-9_-] replaced by "_", leading non-letters
// dropped, cut to MaxMetaKey bytes. It returns "" for a name with no usable
// letter and for tuios's reserved keys.
func MetaKey(name string) string {
	var b strings.Builder
	for _, r := range strings.ToLower(name) {
		switch {
		case r >= 'a' && r <= 'z':
		case b.Len() == 0:
			continue // a key starts with a letter
		case r >= '0' && r <= '9', r == '_', r == '-':
		default:
			r = '_'
		}
		if b.Len() == MaxMetaKey {
			break
		}
		b.WriteRune(r)
	}
	k := b.String()
	if slices.Contains(reservedMeta, k) {
		return ""
	}
	return k
}

// metaToken is one key of a set-agent-meta call: a value, or nil to remove
// the key.
type metaToken struct {
	key   string
	value *string
}

// metaTokens encodes as a JSON object in its own order: tuios keeps a
// rail's keys in the order they first arrived.
type metaTokens []metaToken

func (ts metaTokens) MarshalJSON() ([]byte, error) {
	var buf bytes.Buffer
	buf.WriteByte('{')
	for i, t := range ts {
		if i > 0 {
			buf.WriteByte(',')
		}
		k, _ := json.Marshal(t.key)
		buf.Write(k)
		buf.WriteByte(':')
		if t.value == nil {
			buf.WriteString("null")
			continue
		}
		v, err := json.Marshal(*t.value)
		if err != nil {
			return nil, err
		}
		buf.Write(v)
	}
	buf.WriteByte('}')
	return buf.Bytes(), nil
}

type metaParams struct {
	Session string     `json:"session"`
	Window  string     `json:"window"`
	Source  string     `json:"source"`
	Tokens  metaTokens `json:"tokens,omitempty"`
	Clear   bool       `json:"clear,omitempty"`
}

// wantMeta is the facts as tuios keys, in the order given, the last of two
// facts with the same key winning.
func wantMeta(facts []host.Fact) metaTokens {
	var out metaTokens
	for _, f := range facts {
		k := MetaKey(f.Name)
		if k == "" || f.Value == "" {
			continue
		}
		v := f.Value
		if i := slices.IndexFunc(out, func(t metaToken) bool { return t.key == k }); i >= 0 {
			out[i].value = &v
			continue
		}
		out = append(out, metaToken{k, &v})
	}
	return out
}

// metaChanges is what turns the delivered facts into want: changed and new
// keys, then removed ones (sorted). With all, every wanted key is sent.
func metaChanges(delivered map[string]string, want metaTokens, all bool) metaTokens {
	var out metaTokens
	for _, t := range want {
		if old, ok := delivered[t.key]; all || !ok || old != *t.value {
			out = append(out, t)
		}
	}
	var gone []string
	for k := range delivered {
		if !slices.ContainsFunc(want, func(t metaToken) bool { return t.key == k }) {
			gone = append(gone, k)
		}
	}
	slices.Sort(gone)
	for _, k := range gone {
		out = append(out, metaToken{key: k})
	}
	return out
}

func (b *Backend) reportMeta(ctx context.Context, r host.Report) error {
	changes := metaChanges(b.meta, wantMeta(r.Meta), r.Repeat)
	for chunk := range slices.Chunk(changes, maxMetaPerCall) {
		if err := b.send(ctx, VerbSetAgentMeta, metaParams{
			Session: b.session, Window: b.window, Source: b.cfg.Agent, Tokens: chunk,
		}); err != nil {
			return err
		}
		for _, t := range chunk {
			if t.value == nil {
				delete(b.meta, t.key)
			} else {
				b.meta[t.key] = *t.value
			}
		}
	}
	return nil
}

// clearMeta removes every fact the chat set, for an exit that does not
// send state none.
func (b *Backend) clearMeta(ctx context.Context) error {
	if len(b.meta) == 0 {
		return nil
	}
	err := b.send(ctx, VerbSetAgentMeta, metaParams{
		Session: b.session, Window: b.window, Source: b.cfg.Agent, Clear: true,
	})
	if err == nil {
		clear(b.meta)
	}
	return err
}
