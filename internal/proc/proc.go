// Package proc runs a host's command line (cmux, herdr's CLI, a tmux
// probe) so that a bound that kills it kills everything it started: a
// wrapper script, a CLI that forks, a shell running sleep.
package proc

import (
	"context"
	"os/exec"
)

// Command is exec.CommandContext, with the command in a process group of
// its own that is killed whole when ctx is done; killing only the direct
// child would leave its children running, re-parented to init. Where
// there are no process groups (Windows) only the direct child is killed.
func Command(ctx context.Context, name string, args ...string) *exec.Cmd {
	cmd := exec.CommandContext(ctx, name, args...)
	ownGroup(cmd)
	return cmd
}
