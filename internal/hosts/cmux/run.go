package cmux

import (
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strings"
	"time"

	"github.com/hostbridge/hostbridge/internal/core"
	"github.com/hostbridge/hostbridge/internal/proc"
)

const (
	// maxOutput is how much of a command's output is kept, for the error
	// message. The rest is read and dropped.
	maxOutput = 4 << 10
	// waitDelay bounds how long Report waits, after cmux exited or was
	// killed, for a child of it that still holds the output pipes.
	waitDelay = 50 * time.Millisecond
)

// ErrFailed is wrapped by every ExitError: a cmux command exited non-zero.
var ErrFailed = errors.New("command failed")

// ExitError is a cmux command that exited non-zero.
type ExitError struct {
	// Command is the cmux command ("set-status", "workspace loading").
	Command string
	// Code is its exit code.
	Code int
	// Output is the head of what it printed, cleaned and bounded.
	Output string
}

func (e *ExitError) Error() string {
	if e.Output == "" {
		return fmt.Sprintf("cmux: %s: exit status %d", e.Command, e.Code)
	}
	return fmt.Sprintf("cmux: %s: exit status %d: %s", e.Command, e.Code, e.Output)
}

// Unwrap lets errors.Is find ErrFailed.
func (e *ExitError) Unwrap() error { return ErrFailed }

// headBuffer keeps the first max bytes written to it and drops the rest,
// always reporting a full write so the process's pipe keeps draining.
type headBuffer struct {
	buf []byte
	max int
}

func (h *headBuffer) Write(p []byte) (int, error) {
	if room := h.max - len(h.buf); room > 0 {
		h.buf = append(h.buf, p[:min(room, len(p))]...)
	}
	return len(p), nil
}

// run runs cmux with args, bounded by ctx.
func (b *Backend) run(ctx context.Context, args ...string) error {
	name := args[0]
	if name == "workspace" && len(args) > 1 {
		name += " " + args[1]
	}
	out := &headBuffer{max: maxOutput}
	cmd := proc.Command(ctx, b.bin, args...) // killed with its children at the bound
	cmd.Stdout, cmd.Stderr = out, out
	cmd.WaitDelay = waitDelay
	err := cmd.Run()
	if err == nil || errors.Is(err, exec.ErrWaitDelay) {
		// ErrWaitDelay: cmux succeeded, and a child of it still held the
		// output pipes when WaitDelay ran out. Its output is not needed.
		return nil
	}
	if cerr := ctx.Err(); cerr != nil {
		return fmt.Errorf("cmux: %s: %w", name, cerr)
	}
	var xerr *exec.ExitError
	if errors.As(err, &xerr) && xerr.ExitCode() >= 0 {
		return &ExitError{Command: name, Code: xerr.ExitCode(), Output: core.Clean(strings.ToValidUTF8(string(out.buf), ""), core.MaxMessage)}
	}
	return fmt.Errorf("cmux: %s: %w", name, err)
}
