package herdr

import (
	"bytes"
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"
	"time"

	"github.com/hostbridge/hostbridge/internal/core"
	"github.com/hostbridge/hostbridge/internal/proc"
)

// cliTransport runs the herdr binary once per request, as herdr's own
// hooks do on Windows:
//
//	herdr pane report-agent <pane> --source S --agent A --state ST [--message M] --seq N ...
//
// The binary is started directly, never through a shell. Its exit status
// says how herdr answered: 0 ok, 1 an error reply (the JSON reply on
// stderr), 2 a usage error.
type cliTransport struct {
	bin    string // "" means "herdr" on PATH, looked up per call
	socket string // passed as HERDR_SOCKET_PATH when set
}

// maxOutput caps what is kept of the binary's stdout and stderr.
const maxOutput = 8 << 10

// waitDelay bounds how long Run waits for the binary's output pipes once
// the process is gone (a child it left behind may hold them open).
const waitDelay = 50 * time.Millisecond

func (c cliTransport) argv(p params) []string {
	flags := p.flags()
	for i := 1; i < len(flags); i += 2 { // every flag takes one value
		flags[i] = shield(flags[i])
	}
	return append([]string{"pane", p.verb(), p.pane()}, flags...)
}

// shield keeps a value from being read as one of herdr's global options.
// Before the pane command parses its flags, herdr's CLI takes --session,
// --remote, --remote-keybindings, --handoff (and the NAME=VALUE forms) out
// of any position before a "--", whatever they follow (ogulcancelik/herdr
// 10974c82: src/session.rs configure_from_args, src/remote/attach.rs
// extract_remote_args). A leading space makes such a value plain text;
// herdr trims it from the source and the agent.
func shield(v string) string {
	if strings.HasPrefix(v, "--") {
		return " " + v
	}
	return v
}

func (c cliTransport) do(ctx context.Context, method, _ string, p params) error {
	if strings.HasPrefix(p.pane(), "-") {
		// herdr takes the pane id as the command's first argument, with no
		// "--" there, and "--help" in that place prints help and exits 0
		// (src/cli/pane.rs, src/cli/spec.rs): nothing would be reported.
		return fmt.Errorf("herdr: %s: pane id %q starts with '-': %w", method, p.pane(), ErrUsage)
	}
	bin := c.bin
	if bin == "" {
		bin = "herdr"
	}
	cmd := proc.Command(ctx, bin, c.argv(p)...) // killed with its children at the bound
	if c.socket != "" {
		cmd.Env = append(os.Environ(), "HERDR_SOCKET_PATH="+c.socket)
	}
	var stdout, stderr capped
	cmd.Stdout, cmd.Stderr = &stdout, &stderr
	cmd.WaitDelay = waitDelay
	err := cmd.Run()
	if err == nil {
		return nil
	}
	if ctx.Err() != nil {
		return fmt.Errorf("herdr: %s: %w", method, context.Cause(ctx))
	}
	var exit *exec.ExitError
	if !errors.As(err, &exit) {
		// Not started: no binary, not executable.
		return fmt.Errorf("herdr: %s: run %s: %w: %w", method, bin, ErrUnavailable, err)
	}
	text := core.Clean(stderr.String(), core.MaxMessage)
	switch exit.ExitCode() {
	case 1:
		// The reply herdr gave the binary; without one the binary failed
		// on its own (no server, a broken socket).
		if rerr := checkReply(method, "", bytes.TrimSpace(stderr.Bytes())); errors.Is(rerr, ErrRejected) {
			return rerr
		}
		return fmt.Errorf("herdr: %s: %w: exit status 1: %q", method, ErrBadReply, text)
	case 2:
		return fmt.Errorf("herdr: %s: %w: %q", method, ErrUsage, text)
	}
	return fmt.Errorf("herdr: %s: %w: %v: %q", method, ErrBadReply, err, text)
}

// capped is a Writer that keeps the first maxOutput bytes and drops the
// rest, so a chatty or hostile binary cannot grow memory.
type capped struct {
	bytes.Buffer
}

func (c *capped) Write(p []byte) (int, error) {
	if room := maxOutput - c.Len(); room > 0 {
		c.Buffer.Write(p[:min(len(p), room)])
	}
	return len(p), nil
}
