package proc

import "syscall"

// dieWithParent has the kernel kill the command when the chat dies, even
// by SIGKILL, which leaves no one to kill its process group: a hung host
// CLI would otherwise run on, re-parented to init. Linux ties the signal
// to the thread that started the command; Go's threads outlive their
// goroutines unless locked, which nothing here does. It reaches the
// direct child (a script that execs its CLI keeps it); the group kill
// still covers the rest while the chat lives.
func dieWithParent(a *syscall.SysProcAttr) { a.Pdeathsig = syscall.SIGKILL }
