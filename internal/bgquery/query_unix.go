//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd || solaris

package bgquery

import (
	"errors"
	"fmt"
	"io"
	"os"
	"syscall"
	"time"

	"github.com/charmbracelet/x/ansi"
	"golang.org/x/sys/unix"
)

// query asks for the background (OSC 11), then for the cursor position
// (CSI 6n), which every terminal answers: its reply marks the end of the
// answer, so a terminal that ignores OSC 11 costs one round trip.
const query = ansi.RequestBackgroundColor + ansi.RequestCursorPositionReport

// maxInput bounds what Query reads; a reply pair is under 50 bytes.
const maxInput = 1024

// Query asks the terminal on tty for its background colour and returns it
// as "#rrggbb". It must run before Bubble Tea's Program.Run: afterwards
// Bubble Tea reads the terminal and would take the reply as keys.
//
// It returns within timeout (DefaultTimeout if zero), whatever the
// terminal does. On a file the Go runtime polls (one opened with
// os.OpenFile, such as /dev/tty or a pty), the bound is a read deadline a
// few milliseconds short of timeout, kept for restoring the mode; on a
// blocking one (os.Stdin, or a file whose Fd was called) it is the
// terminal's own read timer (VTIME), in whole tenths of a second, so the
// wait may end up to 100 ms early. Query
// leaves a polled tty with no deadline set.
//
// While it waits the terminal is in raw mode without echo, so the reply is
// never shown; the mode is restored before Query returns. Reading stops at
// the cursor position report, the answer's end, so that no part of the
// reply is left for the program to read as keys; keys typed during the wait
// are dropped. When the bound comes first, owed is what the terminal will
// still send (see Late): whoever reads the terminal next must drop it.
func Query(tty *os.File, timeout time.Duration) (color string, owed *Late, err error) {
	color, buf, asked, err := ask(tty, timeout)
	if asked {
		owed = owedAfter(buf)
	}
	return color, owed, err
}

// ask is Query; asked is set once the question went out, and got holds
// what came back.
func ask(tty *os.File, timeout time.Duration) (color string, got []byte, asked bool, err error) {
	if tty == nil {
		return "", nil, false, ErrNotTerminal
	}
	if timeout <= 0 {
		timeout = DefaultTimeout
	}
	// The bound is on the whole call: what restoring the mode takes comes
	// out of the wait, not on top of it.
	deadline := time.Now().Add(timeout - restoreMargin)
	rc, err := tty.SyscallConn()
	if err != nil {
		return "", nil, false, fmt.Errorf("%w: %v", ErrNotTerminal, err)
	}
	var saved, raw unix.Termios
	var nonblock bool
	err = control(rc, func(fd int) error {
		t, err := unix.IoctlGetTermios(fd, ioctlGetTermios)
		if err != nil {
			return fmt.Errorf("%w: %v", ErrNotTerminal, err)
		}
		// A terminal that is not our controlling one sends no job-control
		// signals; on ours, a background process would be stopped.
		if pgrp, err := unix.IoctlGetInt(fd, unix.TIOCGPGRP); err == nil {
			if me, _ := unix.Getpgid(0); pgrp != me {
				return ErrNotForeground
			}
		}
		flags, err := unix.FcntlInt(uintptr(fd), unix.F_GETFL, 0)
		if err != nil {
			return fmt.Errorf("bgquery: fcntl: %w", err)
		}
		nonblock = flags&unix.O_NONBLOCK != 0
		saved, raw = *t, rawMode(*t)
		return setTermios(fd, &raw)
	})
	if err != nil {
		return "", nil, false, err
	}
	defer func() {
		rerr := control(rc, func(fd int) error { return setTermios(fd, &saved) })
		if rerr != nil {
			err = errors.Join(err, fmt.Errorf("bgquery: restore terminal mode: %w", rerr))
		}
	}()

	var read func([]byte) (int, error)
	if nonblock {
		// Polled by the runtime: deadlines work.
		if err := tty.SetReadDeadline(deadline); err != nil {
			return "", nil, false, fmt.Errorf("%w: non-blocking file without deadlines: %v", ErrUnsupported, err)
		}
		defer tty.SetReadDeadline(time.Time{})
		if tty.SetWriteDeadline(deadline) == nil {
			defer tty.SetWriteDeadline(time.Time{})
		}
		read = tty.Read
	} else {
		read = func(p []byte) (n int, err error) {
			cerr := control(rc, func(fd int) error {
				n, err = readTimed(fd, p, raw, deadline)
				return nil
			})
			return n, errors.Join(err, cerr)
		}
	}
	if _, err := tty.Write([]byte(query)); err != nil {
		return "", nil, false, fmt.Errorf("bgquery: write query: %w", err)
	}

	var (
		buf   = make([]byte, 0, 128)
		chunk [128]byte
		r     reply
		rerr  error
	)
	for !r.cpr && rerr == nil && len(buf) < maxInput {
		var n int
		n, rerr = read(chunk[:])
		buf = append(buf, chunk[:n]...)
		r = parseReply(buf)
	}
	switch {
	case r.color != "":
		return r.color, buf, true, nil
	case r.osc:
		return "", buf, true, fmt.Errorf("%w: %q", ErrBadReply, truncate(r.spec, 64))
	case r.cpr:
		return "", buf, true, ErrNoOSC11
	case rerr != nil && !errors.Is(rerr, os.ErrDeadlineExceeded):
		return "", buf, true, fmt.Errorf("bgquery: read reply: %w", rerr)
	}
	return "", buf, true, fmt.Errorf("%w (%v)", ErrTimeout, timeout)
}

// restoreMargin is kept from a Query's timeout for what follows the wait:
// restoring the terminal's mode and the read deadline.
const restoreMargin = 3 * time.Millisecond

// readTimed reads from a blocking terminal with the terminal's own timer:
// with VMIN 0 and VTIME t, read returns as soon as a byte arrives, or with
// nothing after t tenths of a second.
func readTimed(fd int, p []byte, raw unix.Termios, deadline time.Time) (int, error) {
	// Rounded down to whole tenths, so the wait never passes deadline (a
	// 150 ms bound waits 100 ms here).
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
	if err := rc.Control(func(fd uintptr) { ferr = f(int(fd)) }); err != nil {
		return err
	}
	return ferr
}

// Foreground reports whether the process is in the foreground process
// group of f's terminal, as termenv checks it: false when f is not a
// terminal or not the controlling one.
func Foreground(f *os.File) bool {
	rc, err := f.SyscallConn()
	if err != nil {
		return false
	}
	return control(rc, func(fd int) error {
		pgrp, err := unix.IoctlGetInt(fd, unix.TIOCGPGRP)
		if me, _ := unix.Getpgid(0); err != nil || pgrp != me {
			return ErrNotForeground
		}
		return nil
	}) == nil
}
