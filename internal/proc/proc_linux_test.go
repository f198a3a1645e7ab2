package proc_test

import (
	"context"
	"errors"
	"os/exec"
	"testing"
	"time"

	"github.com/hostbridge/hostbridge/internal/proc"
	"github.com/hostbridge/hostbridge/internal/proc/proctest"
)

// run runs the hung script with command, kills it once its sleeps have
// started, and returns how many of them outlived it.
func run(t *testing.T, command func(context.Context, string, ...string) *exec.Cmd, bound time.Duration) (orphans int, err error) {
	h := proctest.NewHung(t, "hung")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cmd := command(ctx, h.Bin)
	cmd.WaitDelay = time.Second
	done := make(chan error, 1)
	go func() { done <- cmd.Run() }()
	h.Started(t)
	cancel()
	err = <-done
	return h.Orphans(t, bound), err
}

// TestCommandKillsTheGroup: a command killed at its bound takes its
// children with it; plain exec.CommandContext leaves them (the test shows
// the difference, so it would notice if the kernel or Go changed it).
func TestCommandKillsTheGroup(t *testing.T) {
	n, err := run(t, proc.Command, 5*time.Second)
	if n != 0 {
		t.Errorf("%d children outlived the killed command", n)
	}
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != -1 {
		t.Errorf("run = %v, want killed", err)
	}
	if n, _ := run(t, exec.CommandContext, 100*time.Millisecond); n != 3 {
		t.Errorf("exec.CommandContext left %d orphans, want 3 (the case proc.Command exists for)", n)
	}
}
