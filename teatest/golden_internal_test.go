package teatest

import (
	"slices"
	"testing"
)

func TestNormaliserReplacesAdjacentValues(t *testing.T) {
	var n normaliser
	n.add("abc-123", "<id>")
	got := n.lines([]string{"x abc-123 abc-123 y", "abc-123,abc-123", "xabc-123 stays"})
	want := []string{"x <id> <id> y", "<id>,<id>", "xabc-123 stays"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}
