//go:build unix

package terminal

import (
	"bytes"
	"context"
	"errors"
	"io"
	"os"
	"strings"
	"syscall"
	"testing"
	"time"

	"github.com/creack/pty"
	"github.com/hostbridge/hostbridge/host"
	"golang.org/x/sys/unix"
)

// nonBlocking reports whether f's descriptor is in non-blocking mode: the
// only mode in which Go's write deadlines can interrupt a write.
func nonBlocking(t *testing.T, f *os.File) bool {
	t.Helper()
	rc, err := f.SyscallConn()
	if err != nil {
		t.Fatal(err)
	}
	var fl int
	if err := rc.Control(func(fd uintptr) { fl, err = unix.FcntlInt(fd, unix.F_GETFL, 0) }); err != nil {
		t.Fatal(err)
	}
	if err != nil {
		t.Fatal(err)
	}
	return fl&unix.O_NONBLOCK != 0
}

// fill writes to f until the kernel takes no more, without waiting: the
// descriptor is non-blocking because Go polls it.
func fill(t *testing.T, f *os.File) {
	t.Helper()
	if !nonBlocking(t, f) {
		t.Fatal("fill: the file is in blocking mode, filling it would hang")
	}
	rc, err := f.SyscallConn()
	if err != nil {
		t.Fatal(err)
	}
	buf := bytes.Repeat([]byte("x"), 4096)
	var werr error
	err = rc.Write(func(fd uintptr) bool {
		for {
			_, werr = syscall.Write(int(fd), buf)
			if werr != nil {
				return true
			}
		}
	})
	if err != nil || !errors.Is(werr, syscall.EAGAIN) {
		t.Fatalf("fill: %v, %v", err, werr)
	}
}

// drain reads r until EOF in a goroutine; wait returns what it read.
func drain(r io.Reader) (wait func() string) {
	var buf bytes.Buffer
	done := make(chan struct{})
	go func() {
		defer close(done)
		_, _ = io.Copy(&buf, r)
	}()
	return func() string { <-done; return buf.String() }
}

func TestBlockedWriteEndsAtDeadline(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	fill(t, w)
	out := w
	b, err := newTest(Config{Output: out, Info: plainTerm})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
	start := time.Now()
	err = b.Report(ctx, state(host.Working))
	cancel()
	if !errors.Is(err, os.ErrDeadlineExceeded) || !errors.Is(err, context.DeadlineExceeded) {
		t.Errorf("Report = %v, want a deadline error", err)
	}
	if d := time.Since(start); d > 5*time.Second {
		t.Errorf("Report took %v", d)
	}
	// The deadline was cleared: once the reader reads, the retry and an
	// ordinary write go through.
	wait := drain(r)
	if err := b.Report(context.Background(), state(host.Working)); err != nil {
		t.Errorf("retry: %v", err)
	}
	if _, err := out.Write([]byte("frame")); err != nil {
		t.Errorf("a later write: %v", err)
	}
	w.Close()
	if got := strings.TrimLeft(wait(), "x"); got != seqWorking+"frame" {
		t.Errorf("after the filler the reader got %q", got)
	}
	r.Close()
}

// enteredFile says when a write starts; it keeps the file's deadlines.
type enteredFile struct {
	*os.File
	entered chan struct{}
}

func (f *enteredFile) Write(p []byte) (int, error) {
	close(f.entered)
	return f.File.Write(p)
}

func TestBlockedWriteEndsOnCancel(t *testing.T) {
	r, w, err := os.Pipe()
	if err != nil {
		t.Fatal(err)
	}
	defer r.Close()
	defer w.Close()
	fill(t, w)
	f := &enteredFile{File: w, entered: make(chan struct{})}
	b, err := newTest(Config{Output: f, Info: plainTerm})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background()) // no deadline
	done := make(chan error, 1)
	go func() { done <- b.Report(ctx, state(host.Blocked)) }()
	<-f.entered
	cancel()
	if err := <-done; !errors.Is(err, context.Canceled) {
		t.Errorf("Report = %v, want context.Canceled", err)
	}
}

func TestBlockedPty(t *testing.T) {
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pty: %v", err)
	}
	defer ptmx.Close()
	defer tty.Close()
	if !IsTerminal(tty) {
		t.Error("a pty is not a terminal")
	}
	if err := tty.SetWriteDeadline(time.Time{}); err != nil {
		t.Skipf("this platform gives a pty no write deadline: %v", err)
	}
	b, err := newTest(Config{Output: tty, Info: plainTerm})
	if err != nil {
		t.Fatal(err)
	}
	// The kernel moves a pty's output on to the master's buffer behind the
	// writer's back, so a filled pty may take a few more bytes; it is full
	// for good once the master's buffer is, as nobody reads it.
	for try := range 100 {
		fill(t, tty)
		ctx, cancel := context.WithTimeout(context.Background(), 50*time.Millisecond)
		err := b.Report(ctx, repeat(host.Failed))
		cancel()
		if err == nil {
			continue
		}
		if !errors.Is(err, os.ErrDeadlineExceeded) {
			t.Errorf("Report on a full pty = %v, want a deadline error", err)
		}
		t.Logf("blocked after %d refills", try)
		return
	}
	t.Error("the pty never filled up")
}

// os.File.Fd puts the descriptor in blocking mode (as its doc says), and
// Bubble Tea calls Fd on its output: from then on SetWriteDeadline still
// returns nil but no longer interrupts a write. This is why a chat's
// terminal write cannot be bounded (see the package doc).
func TestFdEndsDeadlines(t *testing.T) {
	ptmx, tty, err := pty.Open()
	if err != nil {
		t.Skipf("no pty: %v", err)
	}
	defer ptmx.Close()
	defer tty.Close()
	if !nonBlocking(t, tty) {
		t.Skip("this platform opens a pty in blocking mode")
	}
	IsTerminal(tty) // must not change the mode
	if !nonBlocking(t, tty) {
		t.Fatal("IsTerminal put the file in blocking mode")
	}
	_ = tty.Fd()
	if nonBlocking(t, tty) {
		t.Error("Fd left the file non-blocking: the package doc can be relaxed")
	}
	if err := tty.SetWriteDeadline(time.Now()); err != nil {
		t.Logf("SetWriteDeadline after Fd: %v", err)
	}
}
