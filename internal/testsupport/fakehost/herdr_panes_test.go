package fakehost_test

import (
	"maps"
	"slices"
	"strings"
	"testing"

	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// WithEnv's variables go over the first pane's; HERDR_PANE_ID names it.
func TestHerdrEnvOverrides(t *testing.T) {
	noLeaks(t)
	h := fakehost.NewHerdr(t, fakehost.WithEnv("HERDR_PANE_ID", "w3:p4"), fakehost.WithEnv("HERDR_TAB_ID", "w3:t9"))
	want := map[string]string{
		"HERDR_ENV": "1", "HERDR_SOCKET_PATH": sock(h), "HERDR_PANE_ID": "w3:p4",
		"HERDR_WORKSPACE_ID": "w3", "HERDR_TAB_ID": "w3:t9",
	}
	if got := h.Env(); !maps.Equal(got, want) {
		t.Errorf("Env() = %v, want %v", got, want)
	}
	if _, ok := h.Panes()["w3:p4"]; !ok || len(h.Panes()) != 1 {
		t.Errorf("panes %v, want w3:p4 alone", h.Panes())
	}
}

func TestHerdrPaneEnv(t *testing.T) {
	noLeaks(t)
	h := fakehost.NewHerdr(t)
	tests := []struct{ id, ws, tab string }{
		{"w1:p5", "w1", "w1:t1"},
		{"w3:p9", "w3", "w3:t1"},
		{"p7", "w1", "w1:t1"},  // no workspace in the id
		{":p8", "w1", "w1:t1"}, // an empty one
	}
	for _, tt := range tests {
		want := map[string]string{
			"HERDR_ENV": "1", "HERDR_SOCKET_PATH": sock(h), "HERDR_PANE_ID": tt.id,
			"HERDR_WORKSPACE_ID": tt.ws, "HERDR_TAB_ID": tt.tab,
		}
		if got := h.PaneEnv(tt.id); !maps.Equal(got, want) {
			t.Errorf("PaneEnv(%q) = %v, want %v", tt.id, got, want)
		}
	}
	if got := h.PaneEnv("w1:p2"); !maps.Equal(got, h.Env()) {
		t.Errorf("PaneEnv of the first pane = %v, Env() = %v", got, h.Env())
	}
}

// One fake serves every pane PaneEnv named, each with its own state and
// seq order, and still refuses the panes no one named.
func TestHerdrServesManyPanes(t *testing.T) {
	noLeaks(t)
	h := fakehost.NewHerdr(t)
	if got := mustCall(t, h, herdrReport("w1:p5", "working", 1)); !strings.Contains(got, `"pane_not_found"`) {
		t.Fatalf("a pane no one named: %s, want pane_not_found", got)
	}
	h.PaneEnv("w1:p5")
	h.PaneEnv("w2:p1")
	h.PaneEnv("w4 p1") // opaque ids: herdr does not forbid blanks
	mustCall(t, h, herdrReport("w1:p5", "working", 1))
	mustCall(t, h, herdrReport("w2:p1", "blocked", 1)) // same source and seq, other pane
	mustCall(t, h, herdrReport("w1:p2", "idle", 2))
	mustCall(t, h, herdrReport("w1:p5", "idle", 1)) // stale on its own pane
	mustCall(t, h, herdrReport("w4 p1", "working", 3))
	panes := h.Panes()
	for pane, state := range map[string]string{"w1:p5": "working", "w2:p1": "blocked", "w1:p2": "idle", "w9:p9": ""} {
		if p := panes[pane]; p.State != state {
			t.Errorf("pane %s = %+v, want state %q", pane, p, state)
		}
	}
	want := []string{
		"herdr w1:p5 pane.report_agent working",
		"herdr w2:p1 pane.report_agent blocked",
		"herdr pane.report_agent idle",
		`herdr "w4 p1" pane.report_agent working`,
	}
	if got := h.Transcript(); !slices.Equal(got, want) {
		t.Errorf("transcript:\n%s\nwant:\n%s", strings.Join(got, "\n"), strings.Join(want, "\n"))
	}
}

func TestHerdrTranscriptEmpty(t *testing.T) {
	noLeaks(t)
	h := fakehost.NewHerdr(t)
	mustCall(t, h, `{"id":"x","method":"pane.report_agent","params":{"pane_id":"w9:p9","source":"s","agent":"a","state":"idle"}}`)
	if got := h.Transcript(); len(got) != 0 {
		t.Errorf("transcript = %q, want none", got)
	}
}
