package teatest

import (
	"strings"
	"testing"
)

// Every name Bubble Tea gives a key names that key: Key(k.String()) is k.
func TestKeyNamesRoundTrip(t *testing.T) {
	if len(specialKeys) < 60 {
		t.Fatalf("only %d key names read from Bubble Tea", len(specialKeys))
	}
	for name := range specialKeys {
		names := []string{name, "alt+" + name, "ctrl+" + name}
		if isModifier(name) { // v2 names leftctrl with ctrl held "leftctrl"
			names = names[:1]
		}
		for _, n := range names {
			if k, ok := keyNamed(n); !ok || k.String() != n {
				t.Errorf("keyNamed(%q) = %q, %v", n, k.String(), ok)
			}
		}
	}
	for _, n := range []string{"", "alt+", "enterx", "ctrl+"} {
		if k, ok := keyNamed(n); ok {
			t.Errorf("keyNamed(%q) = %q, want none", n, k.String())
		}
	}
}

func isModifier(name string) bool {
	for _, m := range modifiers {
		if strings.Contains(name, strings.TrimSuffix(m.prefix, "+")) {
			return true
		}
	}
	return false
}
