package terminal

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"time"
)

// deadliner is an output whose writes can be given a deadline: an *os.File
// on a descriptor Go polls (a pipe, a pty opened by the program, a socket).
type deadliner interface {
	SetWriteDeadline(t time.Time) error
}

// longAgo is a deadline in the past: it makes a blocked write return now.
var longAgo = time.Unix(1, 0)

// writeSeq writes p in one Write call, so a sequence never lands inside
// another writer's frame (Go serialises Write calls on one *os.File).
//
// When out takes write deadlines, the write ends at ctx's deadline or when
// ctx is cancelled. Otherwise nothing can interrupt it: a terminal that
// stops reading (XOFF, a frozen ssh connection) blocks this call, and
// Report with it, until the terminal reads again. That is the case of
// os.Stdout on a terminal, which Go opens in blocking mode, and of any
// *os.File after its Fd method was called (Bubble Tea calls it on its
// output): SetWriteDeadline still returns nil then, and does nothing.
// Bubble Tea's renderer blocks on the same terminal in that case, and
// core.Reporter's Close gives up on the backend after its grace.
func writeSeq(ctx context.Context, out io.Writer, p []byte) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("terminal: write: %w", context.Cause(ctx))
	}
	var n int
	var err error
	switch w := out.(type) {
	case *Writer:
		n, err = w.writeContext(ctx, p)
	case deadliner:
		n, err = writeBounded(ctx, w, out, p)
	default:
		n, err = out.Write(p)
	}
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

// writeBounded writes p to w under ctx: ctx's deadline becomes the write
// deadline, and a cancellation moves it to the past. The deadline is
// cleared afterwards. The deadline belongs to the file, not to this write:
// another goroutine writing to the same file meanwhile is bound by it too,
// which is why a file shared with Bubble Tea goes through a Writer, whose
// lock covers the whole exchange.
func writeBounded(ctx context.Context, d deadliner, w io.Writer, p []byte) (int, error) {
	deadline, _ := ctx.Deadline() // zero: none, and a check that deadlines work
	if d.SetWriteDeadline(deadline) != nil {
		return w.Write(p) // no deadline support
	}
	fired := make(chan struct{})
	stop := context.AfterFunc(ctx, func() {
		_ = d.SetWriteDeadline(longAgo)
		close(fired)
	})
	n, err := w.Write(p)
	if !stop() {
		<-fired // the cancellation ran: let it finish before clearing
	}
	_ = d.SetWriteDeadline(time.Time{})
	return n, err
}
