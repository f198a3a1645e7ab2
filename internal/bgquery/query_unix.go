//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd || solaris

package bgquery

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"os"
	"syscall"
	"time"

	"github.com/charmbracelet/x/ansi"
	"golang.org/x/sys/unix"
)

// query asks OSC 11, then the cursor position (CSI 6n), which every
// terminal answers: that reply ends the answer, so a terminal that ignores
// OSC 11 costs one round trip, not the bound.
const query = ansi.RequestBackgroundColor + ansi.RequestCursorPositionReport

// maxInput bounds what Query reads; a reply pair is under 50 bytes.
const maxInput = 1024

// Query asks the terminal on tty for its background as "#rrggbb" within
// timeout (DefaultTimeout if zero): on a polled file (os.OpenFile: /dev/tty,
// a pty) by a read deadline, unset after; on a blocking one (os.Stdin, a file
// whose Fd was called) by the terminal's own timer (VTIME) in whole tenths,
// so up to 100 ms early. The terminal is raw without echo meanwhile (keys
// typed are dropped), then restored. When the bound comes first, owed is what
// the terminal still sends: whoever reads it next must drop it. An error
// says, in a -doctor line's words, what happened to asking who.
func Query(tty *os.File, who string, timeout time.Duration) (color string, owed *Late, err error) {
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	deadline := time.Now().Add(timeout - restoreMargin)
	rc, err := tty.SyscallConn() // fails on a nil tty too
	if err != nil {
		return "", nil, errNoTerminal
	}
	var saved, raw unix.Termios
	var nonblock bool
	err = control(rc, func(fd int) error {
		t, err := unix.IoctlGetTermios(fd, ioctlGetTermios)
		if err != nil {
			return errNoTerminal
		}
		// Touching our controlling terminal from the background would stop
		// the process (SIGTTOU); another terminal sends no job-control signals.
		if _, err := unix.IoctlGetInt(fd, unix.TIOCGPGRP); err == nil && !foreground(fd) {
			return errors.New("not asked: not in the terminal's foreground process group")
		}
		flags, err := unix.FcntlInt(uintptr(fd), unix.F_GETFL, 0)
		if err != nil {
			return fmt.Errorf("asking %s failed: fcntl: %v", who, err)
		}
		nonblock = flags&unix.O_NONBLOCK != 0
		saved, raw = *t, rawMode(*t)
		return setTermios(fd, &raw)
	})
	if err != nil {
		return "", nil, err
	}
	defer func() {
		if rerr := control(rc, func(fd int) error { return setTermios(fd, &saved) }); rerr != nil {
			err = fmt.Errorf("%w; restoring the terminal mode failed: %v", cmp.Or(err, errors.New("asking "+who)), rerr)
		}
	}()

	read := tty.Read
	if nonblock {
		if err := tty.SetReadDeadline(deadline); err != nil {
			return "", nil, fmt.Errorf("not asked: a non-blocking terminal without deadlines (%v)", err)
		}
		defer tty.SetReadDeadline(time.Time{})
		if tty.SetWriteDeadline(deadline) == nil {
			defer tty.SetWriteDeadline(time.Time{})
		}
	} else {
		read = func(p []byte) (n int, err error) {
			cerr := control(rc, func(fd int) error {
				n, err = readTimed(fd, p, raw, deadline)
				return nil
			})
			return n, errors.Join(err, cerr)
		}
	}
	if owed, err := ask(tty, who); err != nil {
		return "", owed, err
	}

	buf := make([]byte, 0, maxInput+128)
	var r reply
	var rerr error
	for !r.cpr && rerr == nil && len(buf) < maxInput {
		var n int
		n, rerr = read(buf[len(buf) : len(buf)+128])
		buf = buf[:len(buf)+n]
		r = parseReply(buf)
	}
	owed = owedAfter(buf)
	switch {
	case r.color != "":
		return r.color, owed, nil
	case r.osc:
		return "", owed, errors.New(who + " sent an unreadable OSC 11 reply")
	case r.cpr:
		return "", owed, errors.New(who + " answered the cursor report but not OSC 11") // tmux 3.3a
	case rerr != nil && !errors.Is(rerr, os.ErrDeadlineExceeded):
		return "", owed, fmt.Errorf("asking %s failed: read: %v", who, rerr)
	}
	return "", owed, fmt.Errorf("%s did not answer OSC 11 within %v", who, timeout)
}

var errNoTerminal = errors.New("not asked: no terminal to ask")

// ask writes the query. One cut short after some bytes (the write
// deadline) may still be answered, whole or in part, to whoever reads the
// terminal next: owed then, as after a read that gave up. (A Late that
// waits for a report which never comes costs at most lateHold on input
// that looks like it: late.go in the root package.)
func ask(w io.Writer, who string) (owed *Late, err error) {
	n, err := w.Write([]byte(query))
	if err == nil {
		return nil, nil
	}
	if n > 0 {
		owed = &Late{}
	}
	return owed, fmt.Errorf("asking %s failed: write: %v", who, err)
}

// restoreMargin is kept from a Query's timeout for restoring the mode: that
// comes out of the wait, not on top of it.
const restoreMargin = 3 * time.Millisecond

// readTimed reads a blocking terminal with its own timer: with VMIN 0 and
// VTIME t, read returns with a byte, or with none after t tenths of a
// second, rounded down so the wait never passes deadline.
func readTimed(fd int, p []byte, raw unix.Termios, deadline time.Time) (int, error) {
	tenths := min(time.Until(deadline)/(100*time.Millisecond), 255)
	if tenths <= 0 {
		return 0, os.ErrDeadlineExceeded
	}
	raw.Cc[unix.VMIN] = 0
	raw.Cc[unix.VTIME] = uint8(tenths)
	if err := setTermios(fd, &raw); err != nil {
		return 0, err
	}
	start := time.Now()
	for {
		n, err := unix.Read(fd, p)
		if err == syscall.EINTR {
			continue
		}
		if n == 0 && err == nil && time.Since(start) < time.Duration(tenths)*50*time.Millisecond {
			return 0, io.EOF // returned long before the timer: hung up
		}
		return max(n, 0), err
	}
}

// rawMode is cfmakeraw for input only: no echo (the reply must not be
// shown), no line editing, no signal keys, no flow control (a stopped
// output would block the query). Output processing is left alone.
func rawMode(t unix.Termios) unix.Termios {
	t.Iflag &^= unix.IGNBRK | unix.BRKINT | unix.PARMRK | unix.ISTRIP | unix.INLCR | unix.IGNCR | unix.ICRNL | unix.IXON
	t.Lflag &^= unix.ECHO | unix.ECHONL | unix.ICANON | unix.ISIG | unix.IEXTEN
	t.Cc[unix.VMIN] = 1
	t.Cc[unix.VTIME] = 0
	return t
}

func setTermios(fd int, t *unix.Termios) error {
	return unix.IoctlSetTermios(fd, ioctlSetTermios, t)
}

// control runs f on the file's descriptor without calling Fd, which would
// switch a polled file to blocking mode and disable its deadlines.
func control(rc syscall.RawConn, f func(fd int) error) error {
	var ferr error
	err := rc.Control(func(fd uintptr) { ferr = f(int(fd)) })
	return cmp.Or(err, ferr)
}

// Foreground reports whether the process is in the foreground process
// group of f's terminal, as termenv checks it.
func Foreground(f *os.File) bool {
	rc, err := f.SyscallConn()
	is := false
	return err == nil && rc.Control(func(fd uintptr) { is = foreground(int(fd)) }) == nil && is
}

func foreground(fd int) bool {
	pgrp, err := unix.IoctlGetInt(fd, unix.TIOCGPGRP)
	me, _ := unix.Getpgid(0)
	return err == nil && pgrp == me
}
