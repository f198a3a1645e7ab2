// Package proc bounds what a backend does with a host by the report's
// context: a command line (cmux, herdr's CLI, a tmux probe) is killed with
// everything it started, and a connection's or a file's I/O ends at the
// deadline.
package proc

import (
	"context"
	"errors"
	"os/exec"
	"time"
)

// Command is exec.CommandContext with the command in a process group of
// its own, killed whole when ctx is done, so no child of it runs on
// (Windows: only the direct child).
func Command(ctx context.Context, name string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, name, args...)
	ownGroup(cmd)
	return cmd
}

const (
	// MaxOutput is how much of each output Run keeps; the rest is read and
	// dropped, so a chatty command neither blocks nor grows memory.
	MaxOutput = 8 << 10
	// WaitDelay bounds Run's wait, once the command exited or was killed,
	// for a child of it that holds the output pipes.
	WaitDelay = 50 * time.Millisecond
)

// Run runs Command(ctx, name, args...) with env added to the process's
// and returns the head of its stdout and stderr. The error is
// context.Cause(ctx) once ctx is done, an *exec.ExitError for a non-zero
// exit, or why it did not start; a success with a child holding the pipes
// past WaitDelay is a success.
func Run(ctx context.Context, env []string, name string, args ...string) (stdout, stderr []byte, err error) {
	cmd := Command(ctx, name, args...)
	if env != nil {
		cmd.Env = append(cmd.Environ(), env...)
	}
	var out, errOut head
	cmd.Stdout, cmd.Stderr = &out, &errOut
	cmd.WaitDelay = WaitDelay
	err = cmd.Run()
	switch {
	case err == nil, errors.Is(err, exec.ErrWaitDelay):
		err = nil
	case ctx.Err() != nil:
		err = context.Cause(ctx)
	}
	return out, errOut, err
}

// head keeps the first MaxOutput bytes written, taking all so the pipe
// drains. It has no ReadFrom, which io.Copy would use past the cap.
type head []byte

func (h *head) Write(p []byte) (int, error) {
	if room := MaxOutput - len(*h); room > 0 {
		*h = append(*h, p[:min(len(p), room)]...)
	}
	return len(p), nil
}

// Bound ties I/O to ctx through set (SetDeadline or SetWriteDeadline):
// ctx's deadline becomes the I/O's, a cancellation moves it to the past.
// release undoes both; other I/O on the file meanwhile is bound too. An
// error from set means it takes no deadlines.
func Bound(ctx context.Context, set func(time.Time) error) (release func(), err error) {
	deadline, _ := ctx.Deadline() // zero: none, and a check that set works
	if err := set(deadline); err != nil {
		return nil, err
	}
	fired := make(chan struct{})
	stop := context.AfterFunc(ctx, func() {
		_ = set(time.Unix(1, 0)) // a deadline in the past: blocked I/O returns now
		close(fired)
	})
	return func() {
		if !stop() {
			<-fired
		}
		_ = set(time.Time{})
	}, nil
}
