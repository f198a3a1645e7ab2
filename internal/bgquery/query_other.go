//go:build !(darwin || dragonfly || freebsd || linux || netbsd || openbsd || solaris)

package bgquery

import (
	"os"
	"time"
)

// Query is not supported here (no termios): it returns ErrUnsupported, and
// the caller falls back.
func Query(tty *os.File, timeout time.Duration) (string, *Late, error) {
	return "", nil, ErrUnsupported
}

// Foreground is false here: there is no process group to be in.
func Foreground(f *os.File) bool { return false }
