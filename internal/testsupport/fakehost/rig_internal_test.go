package fakehost

import (
	"slices"
	"testing"
)

func TestNormaliserReplacesAdjacentValues(t *testing.T) {
	var n normaliser
	n.add("abc-123", "<id>")
	n.plain = []string{"stays", "changed"}
	var got []string
	for _, line := range []string{"x abc-123 abc-123 y", "abc-123,abc-123", "xabc-123 stays"} {
		got = append(got, n.line(line))
	}
	want := []string{"x <id> <id> y", "<id>,<id>", "xabc-123 changed"}
	if !slices.Equal(got, want) {
		t.Errorf("got %q, want %q", got, want)
	}
}
