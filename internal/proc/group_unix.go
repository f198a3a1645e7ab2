//go:build unix

package proc

import (
	"errors"
	"os"
	"os/exec"
	"syscall"
)

// ownGroup starts cmd as the leader of a new process group, which its Cancel
// kills. It does not read the terminal (its stdin is not the terminal), so
// being outside the foreground group costs it nothing.
func ownGroup(cmd *exec.Cmd) {
	cmd.SysProcAttr = &syscall.SysProcAttr{Setpgid: true}
	dieWithParent(cmd.SysProcAttr)
	cmd.Cancel = func() error {
		err := syscall.Kill(-cmd.Process.Pid, syscall.SIGKILL)
		if errors.Is(err, syscall.ESRCH) {
			return os.ErrProcessDone // the whole group is gone already
		}
		return err
	}
}
