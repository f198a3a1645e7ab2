package tuios

import (
	"strings"
	"testing"
)

func TestAgentID(t *testing.T) {
	for _, id := range []string{"a1", "task_7", "agent:1@x.y-z", strings.Repeat("a", maxAgentID)} {
		if got := AgentID(id); got != id {
			t.Errorf("AgentID(%q) = %q, want it unchanged", id, got)
		}
	}
	for _, id := range []string{"", "a b", "ä", "x/y", strings.Repeat("a", maxAgentID+1)} {
		got := AgentID(id)
		if got == id || !strings.HasPrefix(got, "h-") || AgentID(id) != got {
			t.Errorf("AgentID(%q) = %q, want a stable hash", id, got)
		}
	}
	if AgentID("a b") == AgentID("a c") {
		t.Error("two ids hash alike")
	}
}

func TestSessionIDCut(t *testing.T) {
	long := strings.Repeat("é", 200) // 400 bytes
	got := sessionID(long)
	if len(got) > maxSessionID || !strings.HasPrefix(long, got) || len(got) < maxSessionID-1 {
		t.Errorf("sessionID cut to %d bytes", len(got))
	}
	if sessionID("abc") != "abc" {
		t.Error("short id changed")
	}
}
