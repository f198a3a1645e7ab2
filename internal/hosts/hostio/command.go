package hostio

import (
	"cmp"
	"context"
	"errors"
	"fmt"
	"os/exec"
	"strconv"

	"github.com/hostbridge/hostbridge/internal/proc"
)

// LookCommand finds a host's CLI, bin (default: the host's name) on PATH.
func LookCommand(hostName, bin string) (string, error) {
	path, err := exec.LookPath(cmp.Or(bin, hostName))
	if err != nil {
		return "", fmt.Errorf("%s: %w: %w", hostName, ErrUnavailable, err)
	}
	return path, nil
}

// RunCommand runs bin by proc.Run (bounded by ctx, its process group killed at
// the end), env added to the process's. Only a non-zero exit is the host's
// answer: a *ReplyError "exit status N" with what it printed; -1 is a signal.
func RunCommand(ctx context.Context, hostName, op string, env []string, bin string, args ...string) (stderr []byte, exit int, err error) {
	stdout, stderr, err := proc.Run(ctx, env, bin, args...)
	var ee *exec.ExitError
	switch {
	case err == nil:
		return stderr, 0, nil
	case ctx.Err() != nil:
		return stderr, 0, fmt.Errorf("%s: %s: %w", hostName, op, err)
	case !errors.As(err, &ee):
		// Not started: the cause may pass (ETXTBSY while another goroutine forks).
		return stderr, 0, fmt.Errorf("%s: %s: %w: %w", hostName, op, ErrUnavailable, err)
	case ee.ExitCode() < 0: // killed by a signal from elsewhere: only a failure
		return stderr, -1, fmt.Errorf("%s: %s: %w", hostName, op, err)
	}
	code := ee.ExitCode()
	return stderr, code, Rejected(hostName, op, "exit status "+strconv.Itoa(code), string(stderr)+" "+string(stdout))
}
