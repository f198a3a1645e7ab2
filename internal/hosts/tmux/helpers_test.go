package tmux_test

import (
	"context"
	"testing"
	"time"

	"go.uber.org/goleak"

	"github.com/hostbridge/hostbridge/host"
)

func TestMain(m *testing.M) { goleak.VerifyTestMain(m) }

func state(s host.State) host.Report { return host.Report{Kind: host.KindState, State: s} }

func stateMsg(s host.State, msg string) host.Report {
	return host.Report{Kind: host.KindState, State: s, Message: msg}
}

// tryReport delivers r within d.
func tryReport(b host.Backend, r host.Report, d time.Duration) error {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	return b.Report(ctx, r)
}

// report delivers r within a generous deadline.
func report(b host.Backend, r host.Report) error { return tryReport(b, r, 5*time.Second) }

// mustReport delivers each of rs and fails t on an error.
func mustReport(t testing.TB, b host.Backend, rs ...host.Report) {
	t.Helper()
	for _, r := range rs {
		if err := report(b, r); err != nil {
			t.Fatalf("Report(%v %v): %v", r.Kind, r.State, err)
		}
	}
}
