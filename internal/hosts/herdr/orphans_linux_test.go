package herdr_test

import (
	"context"
	"testing"
	"time"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/hosts/herdr"
	"github.com/hostbridge/hostbridge/internal/testsupport/proctest"
)

// TestHungCLILeavesNoOrphan: a herdr binary that hangs (here a shell
// script running sleep) is killed at the report's bound with every
// process it started.
func TestHungCLILeavesNoOrphan(t *testing.T) {
	h := proctest.NewHung(t, "herdr")
	b := herdr.NewTest(herdr.TestConfig{Pane: "w1:p2", Agent: "chat", CLI: true, Bin: h.Bin})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- b.Report(ctx, host.Report{Kind: host.KindState, State: host.Working}) }()
	h.Started(t)
	cancel()
	if err := <-done; err == nil {
		t.Error("a killed herdr binary reported success")
	}
	if n := h.Orphans(t, 5*time.Second); n != 0 {
		t.Errorf("%d processes outlived the killed herdr binary", n)
	}
}
