package cmux_test

import (
	"context"
	"testing"
	"time"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/hosts/cmux"
	"github.com/hostbridge/hostbridge/internal/testsupport/proctest"
)

// TestHungCmuxLeavesNoOrphan: a cmux that is a shell script running sleep
// hangs; the report's bound kills the script and every process it
// started, so none is left re-parented to init.
func TestHungCmuxLeavesNoOrphan(t *testing.T) {
	h := proctest.NewHung(t, "cmux")
	b := cmux.NewTest(cmux.TestConfig{Bin: h.Bin, Agent: "chat"})
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() { done <- b.Report(ctx, host.Report{Kind: host.KindState, State: host.Working}) }()
	h.Started(t)
	cancel() // the report's bound
	if err := <-done; err == nil {
		t.Error("a killed cmux reported success")
	}
	if n := h.Orphans(t, 5*time.Second); n != 0 {
		t.Errorf("%d processes outlived the killed cmux", n)
	}
}
