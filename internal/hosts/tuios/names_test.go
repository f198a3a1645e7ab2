package tuios

import (
	"strings"
	"testing"
)

// tuios's names, made from the app's: its rail keys and sub-agent ids.

func TestMetaKey(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"model", "model"},
		{"Context", "context"},
		{"cost usd", "cost_usd"},
		{"cost (USD)", "cost__usd_"},
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
		if got := metaKey(tc.in); got != tc.want {
			t.Errorf("metaKey(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func FuzzMetaKey(f *testing.F) {
	for _, s := range []string{"model", "Cost USD", "é", "-x", "now"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		k := metaKey(s)
		if k == "" {
			return
		}
		if len(k) > 24 || k[0] < 'a' || k[0] > 'z' || strings.Trim(k, "abcdefghijklmnopqrstuvwxyz0123456789_-") != "" {
			t.Fatalf("metaKey(%q) = %q: not a tuios key", s, k)
		}
	})
}

func TestAgentID(t *testing.T) {
	for _, id := range []string{"a1", "task_7", "task-7", "agent:1@x.y-z", strings.Repeat("a", 64)} {
		if got := agentID(id); got != id {
			t.Errorf("agentID(%q) = %q, want it unchanged", id, got)
		}
	}
	for _, id := range []string{"", "a b", "ä", "x/y", strings.Repeat("a", 65)} {
		got := agentID(id)
		if got == id || !strings.HasPrefix(got, "h-") || agentID(id) != got {
			t.Errorf("agentID(%q) = %q, want a stable hash", id, got)
		}
	}
	if agentID("a b") == agentID("a c") {
		t.Error("two ids hash alike")
	}
}

func TestTuiosSessionIDCut(t *testing.T) {
	long := strings.Repeat("é", 200) // 400 bytes
	if got := tuiosSessionID(long); len(got) > 256 || !strings.HasPrefix(long, got) || len(got) < 255 {
		t.Errorf("tuiosSessionID cut to %d bytes", len(got))
	}
	if tuiosSessionID("abc") != "abc" {
		t.Error("short id changed")
	}
}
