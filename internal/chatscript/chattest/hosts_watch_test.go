//go:build linux || darwin

package chattest

import (
	"slices"
	"testing"
)

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

// TestCmuxSeen: each row with the loader it left; a loader that does not
// fit its row, or was never sent, shows in the token.
func TestCmuxSeen(t *testing.T) {
	tests := []struct {
		events, want []string
	}{
		{[]string{"Idle", "loading off", "Running", "loading on", "Idle", "loading off", "cleared"},
			[]string{"Idle", "working", "Idle", "cleared"}},
		// Running replaced before a slow cmux got it: the loader did not
		// change, so it is not sent again.
		{[]string{"Idle", "loading off", "Needs input", "cleared"}, []string{"Idle", "Needs input", "cleared"}},
		{[]string{"Running", "loading on", "cleared", "loading off"}, []string{"working", "cleared"}},
		{[]string{"Idle"}, []string{"Idle (loader ?)"}},
		{[]string{"Idle", "loading off", "Running"}, []string{"Idle", "Running (loader off)"}},
		{[]string{"Running", "loading on", "Idle", "cleared"}, []string{"working", "Idle (loader on)", "cleared (loader on)"}},
	}
	for _, tt := range tests {
		if got := cmuxSeen(tt.events); !slices.Equal(got, tt.want) {
			t.Errorf("cmuxSeen(%q) = %q, want %q", tt.events, got, tt.want)
		}
	}
}
