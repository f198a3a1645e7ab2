package proc_test

import (
	"bytes"
	"context"
	"errors"
	"os"
	"os/exec"
	"path/filepath"
	"syscall"
	"testing"
	"time"

	"github.com/hostbridge/hostbridge/internal/proc"
	"github.com/hostbridge/hostbridge/internal/testsupport/proctest"
	"golang.org/x/sys/unix"
)

// run runs the hung script with command, kills it once its sleeps have
// started, and returns how many of them outlived it.
func run(t *testing.T, command func(context.Context, string, ...string) *exec.Cmd, bound time.Duration) (orphans int, err error) {
	h := proctest.NewHung(t, "hung")
	ctx, cancel := context.WithCancel(context.Background())
	defer cancel()
	cmd := command(ctx, h.Bin)
	cmd.WaitDelay = time.Second
	done := make(chan error, 1)
	go func() { done <- cmd.Run() }()
	h.Started(t)
	cancel()
	err = <-done
	return h.Orphans(t, bound), err
}

// TestCommandKillsTheGroup: a command killed at its bound takes its
// children with it; plain exec.CommandContext leaves them (the test shows
// the difference, so it would notice if the kernel or Go changed it).
func TestCommandKillsTheGroup(t *testing.T) {
	n, err := run(t, proc.Command, 5*time.Second)
	if n != 0 {
		t.Errorf("%d children outlived the killed command", n)
	}
	var exit *exec.ExitError
	if !errors.As(err, &exit) || exit.ExitCode() != -1 {
		t.Errorf("run = %v, want killed", err)
	}
	if n, _ := run(t, exec.CommandContext, 100*time.Millisecond); n != 3 {
		t.Errorf("exec.CommandContext left %d orphans, want 3 (the case proc.Command exists for)", n)
	}
}

// TestCommandDiesWithTheChat: a host command still running when the chat
// is killed by SIGKILL (nothing left to kill its group) dies with it. The
// chat is this test binary run again as a helper; the command is a script
// that notes its pid and execs a long sleep.
func TestCommandDiesWithTheChat(t *testing.T) {
	if script := os.Getenv("HOSTBRIDGE_PROC_CHAT"); script != "" {
		cmd := proc.Command(context.Background(), script)
		if err := cmd.Start(); err != nil {
			os.Exit(3)
		}
		select {} // the chat runs until killed
	}
	proctest.Adopt(t)
	dir := t.TempDir()
	fifo, pids := filepath.Join(dir, "fifo"), filepath.Join(dir, "pids")
	if err := unix.Mkfifo(fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	script := filepath.Join(dir, "cli")
	if err := proctest.WriteScript(script, "#!/bin/sh\necho $$ > "+pids+"\necho started > "+fifo+"\nexec sleep 30\n"); err != nil {
		t.Fatal(err)
	}
	chat := exec.Command(os.Args[0], "-test.run=^TestCommandDiesWithTheChat$")
	chat.Env = append(os.Environ(), "HOSTBRIDGE_PROC_CHAT="+script)
	var out bytes.Buffer
	chat.Stdout, chat.Stderr = &out, &out
	if err := chat.Start(); err != nil {
		t.Fatal(err)
	}
	exited := make(chan error, 1)
	go func() { exited <- chat.Wait() }()
	// The fifo's open blocks until the command writes to it; a chat that
	// died first, or never got that far, must fail the test, not hang it
	// (it hung once, until go test's 10 minutes). A loaded machine starts a
	// race-built binary and a shell in well under a minute.
	started := make(chan error, 1)
	go func() { _, err := os.ReadFile(fifo); started <- err }()
	select {
	case err := <-started:
		if err != nil {
			t.Fatal(err)
		}
	case err := <-exited:
		unblock(fifo, started)
		t.Fatalf("the chat ended (%v) before its command started:\n%s", err, out.Bytes())
	case <-time.After(time.Minute):
		_ = chat.Process.Kill()
		<-exited
		unblock(fifo, started)
		t.Fatalf("the command did not start within a minute; the chat wrote:\n%s", out.Bytes())
	}
	_ = chat.Process.Signal(syscall.SIGKILL)
	<-exited
	if alive := proctest.Survivors(t, pids, 5*time.Second); len(alive) != 0 {
		t.Errorf("the host command outlived the chat's SIGKILL: %v", alive)
	}
}

// unblock ends a read of fifo still waiting for a writer, and waits for it.
// A writer's open fails while no reader has opened yet: tried again until
// the read ends.
func unblock(fifo string, reading <-chan error) {
	for {
		if f, err := os.OpenFile(fifo, os.O_WRONLY|unix.O_NONBLOCK, 0); err == nil {
			f.Close()
		}
		select {
		case <-reading:
			return
		case <-time.After(10 * time.Millisecond):
		}
	}
}
