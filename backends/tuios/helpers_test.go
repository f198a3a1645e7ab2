package tuios_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/hostbridge/hostbridge/backends/tuios"
	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/teatest"
)

// newTestBackend returns a Backend for the fake's pane, closed at cleanup.
func newTestBackend(t *testing.T, f *teatest.Tuios, edit ...func(*tuios.Config)) *tuios.Backend {
	t.Helper()
	cfg := tuios.Config{SocketPath: f.SocketPath(), Session: f.Session(), PaneID: f.Window(), Agent: "chat"}
	for _, e := range edit {
		e(&cfg)
	}
	b, err := tuios.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { b.Close() })
	return b
}

// report delivers r within a generous deadline and fails t on error.
func report(t *testing.T, b *tuios.Backend, r host.Report) {
	t.Helper()
	if err := tryReport(b, r, 2*time.Second); err != nil {
		t.Fatalf("Report(%v): %v", r.Kind, err)
	}
}

func tryReport(b *tuios.Backend, r host.Report, d time.Duration) error {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	return b.Report(ctx, r)
}

func state(s host.State, msg string) host.Report {
	return host.Report{Kind: host.KindState, State: s, Message: msg}
}

// transcriptFrom returns the fake's transcript from line n on.
func transcriptFrom(f *teatest.Tuios, n int) []string {
	tr := f.Transcript()
	if n > len(tr) {
		return nil
	}
	return tr[n:]
}

func wantLines(t *testing.T, got, want []string) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("transcript:\n got %q\nwant %q", got, want)
	}
}
