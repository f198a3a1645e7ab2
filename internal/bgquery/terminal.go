package bgquery

import (
	"os"

	"github.com/charmbracelet/x/term"
)

// IsTerminal reports whether f is a terminal. Unlike term.IsTerminal(f.Fd())
// it leaves f's blocking mode alone: Fd would switch a polled file to
// blocking mode and disable its deadlines.
func IsTerminal(f *os.File) bool {
	if f == nil {
		return false
	}
	rc, err := f.SyscallConn()
	if err != nil {
		return false
	}
	is := false
	if err := rc.Control(func(fd uintptr) { is = term.IsTerminal(fd) }); err != nil {
		return false
	}
	return is
}
