//go:build linux || solaris

package bgquery

import "golang.org/x/sys/unix"

const ioctlGetTermios = unix.TCGETS
const ioctlSetTermios = unix.TCSETS
