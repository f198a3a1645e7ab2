// Package reporttest is what every room's backend tests need to hand a
// backend reports directly (without a Reporter): the reports, written
// once for all the rooms under internal/hosts. Tests only.
package reporttest

import (
	"context"
	"slices"
	"testing"
	"time"

	"github.com/hostbridge/hostbridge/host"
)

// State is a state report.
func State(s host.State) host.Report { return host.Report{Kind: host.KindState, State: s} }

// StateMsg is a state report with its message (a request, a headline).
func StateMsg(s host.State, msg string) host.Report {
	return host.Report{Kind: host.KindState, State: s, Message: msg}
}

// TryReport delivers r to b within d.
func TryReport(b host.Backend, r host.Report, d time.Duration) error {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	return b.Report(ctx, r)
}

// Report delivers r within a generous deadline: a loaded machine must not
// fail a test that is not about time.
func Report(b host.Backend, r host.Report) error { return TryReport(b, r, 5*time.Second) }

// MustReport delivers each of rs and fails t on an error.
func MustReport(t testing.TB, b host.Backend, rs ...host.Report) {
	t.Helper()
	for _, r := range rs {
		if err := Report(b, r); err != nil {
			t.Fatalf("Report(%v %v): %v", r.Kind, r.State, err)
		}
	}
}

// WantLines fails t unless a fake host's transcript is want.
func WantLines(t testing.TB, got, want []string) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("transcript:\n got %q\nwant %q", got, want)
	}
}
