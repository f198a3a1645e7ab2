package herdr

import (
	"maps"
	"slices"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/core"
)

// Limits herdr puts on metadata tokens.
const (
	// MaxTokens is how many tokens one report may carry; the backend also
	// keeps at most this many set at once (herdr allows 32 per pane).
	MaxTokens = 16
	// maxTokenName is the longest token name (^[A-Za-z0-9_-]{1,32}$).
	maxTokenName = 32
	// maxTokenValue caps a value: herdr shows at most 80 characters.
	maxTokenValue = 80
	// ResumeToken names the token that carries the session's resume
	// command; a fact of that name is not sent.
	ResumeToken = "resume"
)

// TokenName turns a fact's name into a herdr token name: every character
// outside [A-Za-z0-9_-] becomes '_', cut to 32 bytes. It returns "" for a
// name with nothing to keep.
func TokenName(name string) string {
	b := make([]byte, 0, min(len(name), maxTokenName))
	keep := false
	for _, r := range name {
		if len(b) == maxTokenName {
			break
		}
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '-':
			b = append(b, byte(r))
			keep = true
		default:
			b = append(b, '_')
			keep = keep || r == '_'
		}
	}
	if !keep {
		return ""
	}
	return string(b)
}

// wantTokens is the token set a report asks for: the resume command first,
// then the facts in order, at most MaxTokens.
func wantTokens(r host.Report, facts []host.Fact) map[string]string {
	want := make(map[string]string, min(len(facts)+1, MaxTokens))
	if r.Session.Resume != "" {
		want[ResumeToken] = core.Clean(r.Session.Resume, maxTokenValue)
	}
	for _, f := range facts {
		name, value := TokenName(f.Name), core.Clean(f.Value, maxTokenValue)
		if name == "" || value == "" {
			continue
		}
		if _, dup := want[name]; dup || name == ResumeToken {
			continue // an earlier fact keeps the name; resume is reserved
		}
		if len(want) == MaxTokens {
			break
		}
		want[name] = value
	}
	return want
}

// tokenDiff is what turns the tokens herdr has (have) into want: changed
// and new tokens with their values, gone ones as nil (clear). With all set,
// every wanted token is included even if unchanged (a Repeat).
func tokenDiff(have, want map[string]string, all bool) map[string]*string {
	diff := map[string]*string{}
	for name, v := range want {
		if old, ok := have[name]; all || !ok || old != v {
			diff[name] = &v
		}
	}
	for name := range have {
		if _, ok := want[name]; !ok {
			diff[name] = nil
		}
	}
	return diff
}

// chunks splits a diff into reports of at most MaxTokens tokens, in name
// order so the requests are reproducible.
func chunks(diff map[string]*string) []map[string]*string {
	var out []map[string]*string
	for names := range slices.Chunk(sortedKeys(diff), MaxTokens) {
		c := make(map[string]*string, len(names))
		for _, n := range names {
			c[n] = diff[n]
		}
		out = append(out, c)
	}
	return out
}

func sortedKeys[V any](m map[string]V) []string {
	return slices.Sorted(maps.Keys(m))
}
