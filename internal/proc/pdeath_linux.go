package proc

import "syscall"

// dieWithParent has the kernel kill the command when the chat dies, even
// by SIGKILL (no one left to kill its group). The signal is tied to the
// starting thread, which outlives its goroutine as nothing locks it; it
// reaches the direct child only, the group kill the rest.
func dieWithParent(a *syscall.SysProcAttr) { a.Pdeathsig = syscall.SIGKILL }
