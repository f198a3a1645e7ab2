package fakehost

import (
	"context"
	"errors"
	"os/exec"
	"runtime"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"
)

func cmuxNeedSh(t *testing.T) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the fake cmux is a sh script")
	}
}

func cmuxRun(t *testing.T, c *Cmux, d time.Duration, args ...string) (string, error) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	cmd := exec.CommandContext(ctx, c.Bin(), args...)
	cmd.WaitDelay = 2 * time.Second
	out, err := cmd.CombinedOutput()
	return string(out), err
}

func TestCmuxRecordsArgv(t *testing.T) {
	cmuxNeedSh(t)
	c := NewCmux(t)
	calls := [][]string{
		{"set-status", "chat", "Needs input", "--icon", "bell.fill"},
		{"log", "--", "two\nlines", "", "quote'd \"x\"", "tab\there", "dollar $HOME `x`"},
		{},
		{"é", "12:34"},
	}
	for _, args := range calls {
		if out, err := cmuxRun(t, c, 5*time.Second, args...); err != nil || out != "OK\n" {
			t.Fatalf("%q: %q, %v", args, out, err)
		}
	}
	got := c.Calls()
	if len(got) != len(calls) {
		t.Fatalf("recorded %d calls, want %d: %q", len(got), len(calls), got)
	}
	for i := range calls {
		if !slices.Equal(got[i], calls[i]) {
			t.Errorf("call %d: got %q, want %q", i, got[i], calls[i])
		}
	}
	tr := c.Transcript()
	if tr[0] != `cmux set-status chat "Needs input" --icon bell.fill` || tr[2] != "cmux" ||
		tr[1] != `cmux log -- "two\nlines" "" "quote'd \"x\"" "tab\there" "dollar $HOME `+"`x`"+`"` {
		t.Errorf("transcript %q", tr)
	}
}

func TestCmuxModes(t *testing.T) {
	cmuxNeedSh(t)
	c := NewCmux(t)

	c.Fail(4)
	out, err := cmuxRun(t, c, 5*time.Second, "set-status", "k", "v")
	var xerr *exec.ExitError
	if !errors.As(err, &xerr) || xerr.ExitCode() != 4 || !strings.Contains(out, "fake failure") {
		t.Errorf("Fail(4): %q, %v", out, err)
	}

	c.Fail(2, "workspace", "log")
	for _, cmd := range []string{"workspace", "log"} {
		if _, err := cmuxRun(t, c, 5*time.Second, cmd, "loading", "on"); !errors.As(err, &xerr) || xerr.ExitCode() != 2 {
			t.Errorf("Fail(2, workspace, log): %s: %v", cmd, err)
		}
	}
	if _, err := cmuxRun(t, c, 5*time.Second, "set-status", "k", "v"); err != nil {
		t.Errorf("Fail(2, workspace, log) failed set-status: %v", err)
	}

	c.Refuse("set-status", "workspace")
	for _, cmd := range []string{"set-status", "workspace"} {
		out, err := cmuxRun(t, c, 5*time.Second, cmd, "k", "v")
		if want := "cmux: unknown command \"" + cmd + "\"\n"; !errors.As(err, &xerr) || xerr.ExitCode() != 2 || out != want {
			t.Errorf("Refuse: %s: %q, %v; want %q, exit 2", cmd, out, err, want)
		}
	}
	if _, err := cmuxRun(t, c, 5*time.Second, "clear-status", "k"); err != nil {
		t.Errorf("Refuse(set-status, workspace) failed clear-status: %v", err)
	}

	c.Spew()
	if out, err := cmuxRun(t, c, 10*time.Second, "set-status", "k", "v"); err != nil || len(out) < 8<<20 {
		t.Errorf("Spew: %d bytes, %v", len(out), err)
	}

	c.Hang()
	start := time.Now()
	if _, err := cmuxRun(t, c, 100*time.Millisecond, "set-status", "k", "v"); err == nil {
		t.Error("Hang: the call returned on its own")
	}
	if d := time.Since(start); d > 3*time.Second {
		t.Errorf("a killed hanging call took %v", d)
	}

	c.Normal()
	if _, err := cmuxRun(t, c, 5*time.Second, "ping"); err != nil {
		t.Errorf("Normal: %v", err)
	}
	if n := len(c.Calls()); n != 10 {
		t.Errorf("recorded %d calls, want 10 (failures and hangs too)", n)
	}
}

func TestCmuxConcurrentCalls(t *testing.T) {
	cmuxNeedSh(t)
	c := NewCmux(t)
	var wg sync.WaitGroup
	for i := range 8 {
		wg.Go(func() {
			if _, err := cmuxRun(t, c, 10*time.Second, "set-status", "k", strings.Repeat("v", i*10)); err != nil {
				t.Error(err)
			}
		})
	}
	wg.Wait()
	WaitFor(t, func() bool { return len(c.Calls()) == 8 })
	for _, args := range c.Calls() {
		if len(args) != 3 || args[0] != "set-status" || strings.Trim(args[2], "v") != "" {
			t.Errorf("interleaved record %q", args)
		}
	}
}

func TestCmuxEnv(t *testing.T) {
	cmuxNeedSh(t)
	c := NewCmux(t, WithEnv("CMUX_SURFACE_ID", "surf-1"), WithEnv("CMUX_WORKSPACE_ID", "ws-1"), WithEnv("EXTRA", "x"))
	env := c.Env()
	if env["CMUX_SURFACE_ID"] != "surf-1" || env["CMUX_PANEL_ID"] != "surf-1" || env["CMUX_WORKSPACE_ID"] != "ws-1" || env["EXTRA"] != "x" {
		t.Errorf("env %q", env)
	}
	if c.surface != "surf-1" || c.workspace != "ws-1" {
		t.Errorf("the fake's ids are %q, %q, not WithEnv's", c.surface, c.workspace)
	}
	t.Setenv("PATH", env["PATH"])
	if p, err := exec.LookPath("cmux"); err != nil || p != c.Bin() {
		t.Errorf("cmux on PATH: %q, %v", p, err)
	}
}
