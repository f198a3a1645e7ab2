//go:build !(darwin || dragonfly || freebsd || linux || netbsd || openbsd || solaris)

package bgquery

import (
	"errors"
	"os"
	"runtime"
	"time"
)

// Query is not supported here (no termios): the caller falls back.
func Query(tty *os.File, who string, timeout time.Duration) (string, *Late, error) {
	return "", nil, errors.New("not asked: not supported on " + runtime.GOOS)
}

// Foreground is false here: there is no process group to be in.
func Foreground(f *os.File) bool { return false }
