//go:build linux || darwin

package chattest

import "testing"

// TestWorkingMissing: only workings may be missing from a host's states;
// any other state lost, added or moved, or a working where want has none,
// is a failure.
func TestWorkingMissing(t *testing.T) {
	want := []string{"idle", "working", "blocked", "working", "idle"}
	tests := []struct {
		got []string
		ok  bool
	}{
		{[]string{"idle", "working", "blocked", "working", "idle"}, true},
		{[]string{"idle", "blocked", "working", "idle"}, true},
		{[]string{"idle", "working", "blocked", "idle"}, true},
		{[]string{"idle", "blocked", "idle"}, true},
		{[]string{"idle", "working", "idle"}, false},                       // blocked lost
		{[]string{"idle", "blocked", "idle", "idle"}, false},               // an idle too many
		{[]string{"working", "idle", "blocked", "idle"}, false},            // a working where none is
		{[]string{"idle", "working", "working", "blocked", "idle"}, false}, // two in a row
		{[]string{"idle", "blocked", "working", "idle", "working"}, false}, // a working after the end
		{[]string{"idle", "blocked"}, false},
		{nil, false},
	}
	for _, tt := range tests {
		if got := workingMissing(tt.got, want); got != tt.ok {
			t.Errorf("workingMissing(%q, %q) = %v, want %v", tt.got, want, got, tt.ok)
		}
	}
}
