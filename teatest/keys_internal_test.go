package teatest

import "testing"

// Every name Bubble Tea gives a key names that key: Key(k.String()) is k.
func TestKeyNamesRoundTrip(t *testing.T) {
	if len(keyTypes) < 60 {
		t.Fatalf("only %d key names read from Bubble Tea", len(keyTypes))
	}
	for name := range keyTypes {
		for _, n := range []string{name, "alt+" + name} {
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
