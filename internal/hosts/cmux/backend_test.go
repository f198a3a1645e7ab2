package cmux_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"slices"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/core"
	"github.com/hostbridge/hostbridge/internal/hosts/cmux"
	"github.com/hostbridge/hostbridge/teatest"
)

func needSh(t testing.TB) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the fake cmux is a sh script")
	}
}

func newTestBackend(t testing.TB, f *teatest.Cmux, edit ...func(*cmux.Config)) *cmux.Backend {
	t.Helper()
	cfg := cmux.Config{Bin: f.Bin(), SurfaceID: f.Env()["CMUX_SURFACE_ID"], WorkspaceID: f.Env()["CMUX_WORKSPACE_ID"], Agent: "chat"}
	for _, e := range edit {
		e(&cfg)
	}
	b, err := cmux.New(cfg)
	if err != nil {
		t.Fatal(err)
	}
	return b
}

func tryReport(b *cmux.Backend, r host.Report, d time.Duration) error {
	ctx, cancel := context.WithTimeout(context.Background(), d)
	defer cancel()
	return b.Report(ctx, r)
}

func report(t *testing.T, b *cmux.Backend, r host.Report) {
	t.Helper()
	if err := tryReport(b, r, 5*time.Second); err != nil {
		t.Fatalf("Report(%v %v): %v", r.Kind, r.State, err)
	}
}

func state(s host.State) host.Report { return host.Report{Kind: host.KindState, State: s} }

func wantLines(t *testing.T, got, want []string) {
	t.Helper()
	if !slices.Equal(got, want) {
		t.Errorf("calls:\n got %q\nwant %q", got, want)
	}
}

func TestNew(t *testing.T) {
	needSh(t)
	f := teatest.NewCmux(t)
	t.Setenv("PATH", t.TempDir()) // no cmux anywhere
	if _, err := cmux.New(cmux.Config{Agent: "chat"}); !errors.Is(err, cmux.ErrNotFound) {
		t.Errorf("New without cmux on PATH: %v, want ErrNotFound", err)
	}
	if _, err := cmux.New(cmux.Config{Agent: "chat", Bin: filepath.Join(filepath.Dir(f.Bin()), "nope")}); !errors.Is(err, cmux.ErrNotFound) {
		t.Errorf("New with a missing Bin: %v, want ErrNotFound", err)
	}
	for _, agent := range []string{"", "---", "..", "  "} {
		if _, err := cmux.New(cmux.Config{Agent: agent, Bin: f.Bin()}); !errors.Is(err, cmux.ErrConfig) {
			t.Errorf("New(agent %q): %v, want ErrConfig", agent, err)
		}
	}
	for _, ws := range []string{"-x", "--workspace", "a b", "w\n1"} {
		if _, err := cmux.New(cmux.Config{Agent: "chat", Bin: f.Bin(), WorkspaceID: ws}); !errors.Is(err, cmux.ErrConfig) {
			t.Errorf("New(workspace %q): %v, want ErrConfig", ws, err)
		}
	}
	t.Setenv("PATH", f.Env()["PATH"]) // cmux on PATH
	b, err := cmux.New(cmux.Config{Agent: "chat"})
	if err != nil {
		t.Fatal(err)
	}
	if b.Bin() != f.Bin() || b.Key() != "chat" || b.Name() != "cmux" {
		t.Errorf("Bin %q Key %q Name %q", b.Bin(), b.Key(), b.Name())
	}
}

func TestStates(t *testing.T) {
	needSh(t)
	f := teatest.NewCmux(t, teatest.WithEnv("CMUX_WORKSPACE_ID", "ws-1"))
	b := newTestBackend(t, f)
	for _, tc := range []struct {
		s    host.State
		want []string
	}{
		{host.Idle, []string{
			"cmux set-status chat Idle --icon pause.circle.fill --color #8E8E93 --workspace ws-1",
			"cmux workspace loading off --id chat --workspace ws-1", // a predecessor may have left it on
		}},
		{host.Working, []string{
			"cmux set-status chat Running --icon bolt.fill --color #4C8DFF --workspace ws-1",
			"cmux workspace loading on --id chat --workspace ws-1",
		}},
		// Needs input and Failed float to the top, as cmux's own hooks
		// make them (manaflow-ai/cmux 9ac7c795,
		// CLI/CMUXCLI+GenericAgentHookNotification.swift: --priority=100).
		{host.Blocked, []string{
			`cmux set-status chat "Needs input" --icon bell.fill --color #4C8DFF --priority 100 --workspace ws-1`,
			"cmux workspace loading off --id chat --workspace ws-1",
		}},
		{host.Failed, []string{
			"cmux set-status chat Failed --icon exclamationmark.triangle.fill --color #FF453A --priority 100 --workspace ws-1",
		}},
		{host.Idle, []string{
			"cmux set-status chat Idle --icon pause.circle.fill --color #8E8E93 --workspace ws-1",
		}},
	} {
		n := len(f.Calls())
		report(t, b, state(tc.s))
		wantLines(t, f.Transcript()[n:], tc.want)
	}
}

func TestNoWorkspace(t *testing.T) {
	needSh(t)
	f := teatest.NewCmux(t)
	b := newTestBackend(t, f, func(c *cmux.Config) { c.WorkspaceID = "" })
	report(t, b, state(host.Working))
	wantLines(t, f.Transcript(), []string{
		"cmux set-status chat Running --icon bolt.fill --color #4C8DFF",
		"cmux workspace loading on --id chat",
	})
}

func TestDedupeAndRepeat(t *testing.T) {
	needSh(t)
	f := teatest.NewCmux(t, teatest.WithEnv("CMUX_WORKSPACE_ID", "w"))
	b := newTestBackend(t, f)
	report(t, b, state(host.Working))
	report(t, b, state(host.Working))
	report(t, b, host.Report{Kind: host.KindState, State: host.Unknown})
	for _, k := range []host.Kind{host.KindPing, host.KindSession, host.KindMeta, host.KindAgents, host.KindSuspend} {
		report(t, b, host.Report{Kind: k, State: host.Working, Message: "ping"})
	}
	if n := len(f.Calls()); n != 2 {
		t.Errorf("%d calls, want 2: %q", n, f.Transcript())
	}
	report(t, b, host.Report{Kind: host.KindState, State: host.Working, Repeat: true})
	wantLines(t, f.Transcript()[2:], []string{
		"cmux set-status chat Running --icon bolt.fill --color #4C8DFF --workspace w",
		"cmux workspace loading on --id chat --workspace w",
	})
}

func TestExit(t *testing.T) {
	needSh(t)
	f := teatest.NewCmux(t, teatest.WithEnv("CMUX_WORKSPACE_ID", "w"))
	b := newTestBackend(t, f)
	report(t, b, state(host.Working))
	report(t, b, host.Report{Kind: host.KindExit})
	report(t, b, state(host.Idle)) // after exit: nothing
	wantLines(t, f.Transcript()[2:], []string{
		"cmux clear-status chat --workspace w",
		"cmux workspace loading off --id chat --workspace w",
	})
}

func TestFailing(t *testing.T) {
	needSh(t)
	f := teatest.NewCmux(t)
	b := newTestBackend(t, f)
	f.Fail(3)
	err := tryReport(b, state(host.Working), 5*time.Second)
	var xerr *cmux.ExitError
	if !errors.As(err, &xerr) || !errors.Is(err, cmux.ErrFailed) || xerr.Code != 3 ||
		xerr.Command != "set-status" || !strings.Contains(xerr.Output, "fake failure") {
		t.Fatalf("Report: %v, want an ExitError 3 from set-status", err)
	}
	if !strings.HasPrefix(err.Error(), "cmux: set-status: exit status 3: ") {
		t.Errorf("error text %q", err)
	}
	f.Normal()
	report(t, b, state(host.Working)) // not remembered as delivered: sent again
	if n := len(f.Calls()); n != 3 {
		t.Errorf("%d calls, want 3", n)
	}
}

func TestWithoutWorkspaceLoading(t *testing.T) {
	needSh(t)
	f := teatest.NewCmux(t)
	b := newTestBackend(t, f, func(c *cmux.Config) { c.WorkspaceID = "" })
	f.Fail(2, "workspace") // an older cmux
	report(t, b, state(host.Working))
	report(t, b, state(host.Idle))
	report(t, b, host.Report{Kind: host.KindExit})
	wantLines(t, f.Transcript(), []string{
		"cmux set-status chat Running --icon bolt.fill --color #4C8DFF",
		"cmux workspace loading on --id chat",
		"cmux set-status chat Idle --icon pause.circle.fill --color #8E8E93",
		"cmux clear-status chat",
	})
}

// A cmux whose "workspace loading" worked once has it: a later failure is
// a failure, retried with the state, not a reason to stop turning the
// loader off (which would leave it spinning after exit).
func TestLoadingFailsAfterItWorked(t *testing.T) {
	needSh(t)
	f := teatest.NewCmux(t)
	b := newTestBackend(t, f, func(c *cmux.Config) { c.WorkspaceID = "" })
	report(t, b, state(host.Working))
	f.Fail(1, "workspace")
	if err := tryReport(b, state(host.Idle), 5*time.Second); err == nil {
		t.Fatal("a failed loader command was not reported")
	}
	f.Normal()
	report(t, b, host.Report{Kind: host.KindExit})
	wantLines(t, f.Transcript(), []string{
		"cmux set-status chat Running --icon bolt.fill --color #4C8DFF",
		"cmux workspace loading on --id chat",
		"cmux set-status chat Idle --icon pause.circle.fill --color #8E8E93",
		"cmux workspace loading off --id chat",
		"cmux clear-status chat",
		"cmux workspace loading off --id chat",
	})
}

func TestHanging(t *testing.T) {
	needSh(t)
	f := teatest.NewCmux(t)
	b := newTestBackend(t, f)
	f.Hang()
	for _, r := range []host.Report{state(host.Working), {Kind: host.KindExit}} {
		start := time.Now()
		err := tryReport(b, r, 150*time.Millisecond)
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("%v: %v, want DeadlineExceeded", r.Kind, err)
		}
		// The deadline, plus WaitDelay, plus scheduling slack under -race.
		if d := time.Since(start); d > 150*time.Millisecond+cmux.WaitDelay+time.Second {
			t.Errorf("%v: Report returned %v after a 150ms deadline", r.Kind, d)
		}
	}
}

func TestSpew(t *testing.T) {
	needSh(t)
	f := teatest.NewCmux(t)
	b := newTestBackend(t, f)
	f.Spew()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	report(t, b, state(host.Working)) // two commands, 16 MiB of output
	runtime.ReadMemStats(&after)
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 2<<20 {
		t.Errorf("allocated %d bytes for 16 MiB of output: not bounded", grew)
	}
	f.Fail(1)
	var xerr *cmux.ExitError
	if err := tryReport(b, state(host.Idle), 5*time.Second); !errors.As(err, &xerr) || len(xerr.Output) > core.MaxMessage*4 {
		t.Errorf("Report: %v", err)
	}
}

func TestBinaryRemoved(t *testing.T) {
	needSh(t)
	f := teatest.NewCmux(t)
	b := newTestBackend(t, f)
	os.Remove(f.Bin())
	err := tryReport(b, state(host.Working), 5*time.Second)
	if err == nil || errors.Is(err, cmux.ErrFailed) || !strings.HasPrefix(err.Error(), "cmux: set-status: ") {
		t.Errorf("Report with cmux gone: %v", err)
	}
}

// TestChildHoldingPipes: a cmux that leaves a child holding its output
// open must not keep Report waiting past WaitDelay.
func TestChildHoldingPipes(t *testing.T) {
	needSh(t)
	dir := t.TempDir()
	bin := filepath.Join(dir, "cmux")
	script := "#!/bin/sh\nsleep 30 &\necho $! >'" + dir + "/pid'\nexit 0\n"
	if err := os.WriteFile(bin, []byte(script), 0o755); err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() {
		data, _ := os.ReadFile(filepath.Join(dir, "pid"))
		if pid, err := strconv.Atoi(strings.TrimSpace(string(data))); err == nil {
			if p, err := os.FindProcess(pid); err == nil {
				p.Kill()
			}
		}
	})
	b, err := cmux.New(cmux.Config{Bin: bin, Agent: "chat"})
	if err != nil {
		t.Fatal(err)
	}
	start := time.Now()
	if err := tryReport(b, state(host.Working), 5*time.Second); err != nil {
		t.Errorf("Report: %v", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("Report took %v with a child holding the pipes", d)
	}
}
