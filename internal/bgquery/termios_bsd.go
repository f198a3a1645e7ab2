//go:build darwin || dragonfly || freebsd || netbsd || openbsd

package bgquery

import "golang.org/x/sys/unix"

const ioctlGetTermios = unix.TIOCGETA
const ioctlSetTermios = unix.TIOCSETA
