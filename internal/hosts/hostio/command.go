package hostio

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"

	"github.com/hostbridge/hostbridge/internal/proc"
)

// LookPath finds an executable on getenv's PATH, which may not be the
// process's (exec.LookPath reads only that one).
func LookPath(getenv func(string) string, name string) (string, error) {
	if runtime.GOOS == "windows" || getenv("PATH") == os.Getenv("PATH") {
		return exec.LookPath(name)
	}
	for _, dir := range filepath.SplitList(getenv("PATH")) {
		if !filepath.IsAbs(dir) {
			continue // a relative entry is no safer here than in os/exec
		}
		p := filepath.Join(dir, name)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	return "", &exec.Error{Name: name, Err: exec.ErrNotFound}
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
