package herdr_test

import (
	"context"
	"testing"
	"time"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// herdr applies a report before it answers. A report whose answer comes
// after the deadline fails here but holds in herdr, so the backend must not
// trust what it sent before: going back to that state is sent again.
func TestHerdrNoStaleStateAfterLateAnswer(t *testing.T) {
	h := fakehost.NewHerdr(t)
	b := newHerdrBackend(t, h, nil)
	mustReport(t, b, host.Report{Kind: host.KindState, State: host.Working})
	h.Slow(time.Second)
	ctx, cancel := context.WithTimeout(context.Background(), 100*time.Millisecond)
	err := b.Report(ctx, host.Report{Kind: host.KindState, State: host.Blocked})
	cancel()
	if err == nil {
		t.Fatal("want the Blocked report to time out")
	}
	h.Normal()
	mustReport(t, b, host.Report{Kind: host.KindState, State: host.Working})
	if got := h.Pane().State; got != "working" {
		t.Errorf("herdr shows %q while the chat is working; transcript %q", got, h.Transcript())
	}
}
