package tuios_test

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/hosts/tuios"
	"github.com/hostbridge/hostbridge/teatest"
)

// fakeConfig is the Config of a chat in the fake's pane, read from the
// pane's environment.
func fakeConfig(f *teatest.Tuios) tuios.Config {
	env := f.Env()
	return tuios.Config{SocketPath: env["TUIOS_SOCKET"], Session: env["TUIOS_SESSION"], PaneID: env["TUIOS_PANE_ID"], Agent: "chat"}
}

// newTestBackend returns a Backend for the fake's pane, closed at cleanup.
func newTestBackend(t *testing.T, f *teatest.Tuios, edit ...func(*tuios.Config)) *tuios.Backend {
	t.Helper()
	cfg := fakeConfig(f)
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
