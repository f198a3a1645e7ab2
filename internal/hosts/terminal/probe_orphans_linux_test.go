package terminal

import (
	"context"
	"testing"
	"time"

	"github.com/hostbridge/hostbridge/internal/testsupport/proctest"
)

// TestHungProbeLeavesNoOrphan: a tmux probe that hangs (a tmux wrapper
// script running sleep) is killed at its bound with every process it
// started.
func TestHungProbeLeavesNoOrphan(t *testing.T) {
	h := proctest.NewHung(t, "tmux")
	ctx, cancel := context.WithCancel(context.Background())
	done := make(chan error, 1)
	go func() {
		_, err := execProbe(ctx, h.Bin, "show-options", "-gv", "allow-passthrough")
		done <- err
	}()
	h.Started(t)
	cancel()
	if err := <-done; err == nil {
		t.Error("a killed probe reported success")
	}
	if n := h.Orphans(t, 5*time.Second); n != 0 {
		t.Errorf("%d processes outlived the killed probe", n)
	}
}
