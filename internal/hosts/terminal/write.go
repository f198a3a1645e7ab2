package terminal

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"

	"github.com/hostbridge/hostbridge/internal/proc"
)

// writeSeq writes p in one Write, ended with ctx where out takes write
// deadlines (an *os.File Go polls: a pipe, a pty the program opened). A
// chat's terminal takes none (os.Stdout, and any file whose Fd was called,
// as Bubble Tea does, is blocking: SetWriteDeadline does nothing), so a
// terminal that stops reading (XOFF, a frozen ssh link) blocks the write,
// as it blocks Bubble Tea's renderer, until the Reporter's Close gives up.
func writeSeq(ctx context.Context, out io.Writer, p []byte) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("terminal: write: %w", context.Cause(ctx))
	}
	if d, ok := out.(interface{ SetWriteDeadline(time.Time) error }); ok {
		if release, err := proc.Bound(ctx, d.SetWriteDeadline); err == nil {
			defer release()
		}
	}
	n, err := out.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	switch {
	case err == nil:
		return nil
	case ctx.Err() != nil:
		return fmt.Errorf("terminal: write: %w (%w)", err, context.Cause(ctx))
	case errors.Is(err, os.ErrDeadlineExceeded):
		// The file's deadline is ctx's; its timer fired before ctx's own.
		return fmt.Errorf("terminal: write: %w (%w)", err, context.DeadlineExceeded)
	}
	return fmt.Errorf("terminal: write: %w", err)
}
