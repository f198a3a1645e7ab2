package terminal

import (
	"context"
	"testing"
	"time"
)

// A passthrough probe cut short by the report's deadline (tmux slow to
// fork on a busy machine) must not be cached as "denied" for the rest of the run,
// or tmux would never be asked again and every ping would be dropped.
func TestProbeTimeoutAsksAgain(t *testing.T) {
	calls := 0
	probe := func(ctx context.Context, name string, args ...string) (string, error) {
		calls++
		if calls == 1 {
			<-ctx.Done() // the first probe is slow
			return "", ctx.Err()
		}
		return "on\n", nil
	}
	rec := &recorder{}
	b, err := newTest(Config{Output: rec, Info: Info{Term: "tmux-256color", Mux: MuxTmux, MuxVersion: "3.4", MuxPane: "%1"}, Probe: probe})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 20*time.Millisecond)
	_ = b.Report(ctx, ping("first"))
	cancel()
	for range 3 {
		_ = b.Report(context.Background(), ping("later"))
	}
	if calls == 1 || len(rec.writes) == 0 {
		t.Errorf("probe asked %d time(s); %d pings written: allow-passthrough is on, yet nothing goes through", calls, len(rec.writes))
	}
}
