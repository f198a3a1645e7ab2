package cmux_test

import (
	"context"
	"errors"
	"os"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"testing"
	"time"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/core"
	"github.com/hostbridge/hostbridge/internal/hosts/cmux"
	"github.com/hostbridge/hostbridge/internal/hosts/hostio"
	"github.com/hostbridge/hostbridge/internal/proc"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
	"github.com/hostbridge/hostbridge/internal/testsupport/proctest"
)

func needSh(t testing.TB) {
	t.Helper()
	if runtime.GOOS == "windows" {
		t.Skip("the fake cmux is a sh script")
	}
}

func newCmuxBackend(t testing.TB, f *fakehost.Cmux, edit ...func(*cmux.TestConfig)) *cmux.Backend {
	t.Helper()
	cfg := cmux.TestConfig{Bin: f.Bin(), Surface: f.Env()["CMUX_SURFACE_ID"], Workspace: f.Env()["CMUX_WORKSPACE_ID"], Agent: "chat"}
	for _, e := range edit {
		e(&cfg)
	}
	return cmux.NewTest(cfg)
}

// rowFlags and clearFlags are what every set-status and clear-status
// names after its style: the chat's surface, and for set-status the
// chat's pid, so that cmux clears the row when the chat dies.
func rowFlags(f *fakehost.Cmux) string {
	return clearFlags(f) + " --pid=" + strconv.Itoa(os.Getpid())
}

func clearFlags(f *fakehost.Cmux) string { return " --panel=" + f.Env()["CMUX_SURFACE_ID"] }

func TestNewCmux(t *testing.T) {
	needSh(t)
	f := fakehost.NewCmux(t)
	// What New once refused (no cmux, an agent without a key, an id that
	// reads as a flag) never reaches it: bridge refuses the agent
	// (settings.ValidAgent), detection the rest (detect_test.go "cmux ...").
	b := cmux.NewTest(cmux.TestConfig{Agent: "chat", Bin: f.Bin()})
	if b.Bin() != f.Bin() || b.Key() != "chat" || b.Name() != "cmux" {
		t.Errorf("Bin %q Key %q Name %q", b.Bin(), b.Key(), b.Name())
	}
}

func TestCmuxStates(t *testing.T) {
	needSh(t)
	f := fakehost.NewCmux(t, fakehost.WithEnv("CMUX_WORKSPACE_ID", "ws-1"))
	b := newCmuxBackend(t, f)
	for _, tc := range []struct {
		s    host.State
		want []string
	}{
		{host.Idle, []string{
			"cmux set-status chat Idle --icon pause.circle.fill --color #8E8E93" + rowFlags(f) + " --workspace ws-1",
			"cmux workspace loading off --id chat --workspace ws-1", // a predecessor may have left it on
		}},
		{host.Working, []string{
			"cmux set-status chat Running --icon bolt.fill --color #4C8DFF" + rowFlags(f) + " --workspace ws-1",
			"cmux workspace loading on --id chat --workspace ws-1",
		}},
		// Needs input and Failed float to the top, as cmux's own hooks
		// make them (manaflow-ai/cmux@9ac7c795,
		// CLI/CMUXCLI+GenericAgentHookNotification.swift: --priority=100).
		{host.Blocked, []string{
			`cmux set-status chat "Needs input" --icon bell.fill --color #4C8DFF --priority 100` + rowFlags(f) + " --workspace ws-1",
			"cmux workspace loading off --id chat --workspace ws-1",
		}},
		{host.Failed, []string{
			"cmux set-status chat Failed --icon exclamationmark.triangle.fill --color #FF453A --priority 100" + rowFlags(f) + " --workspace ws-1",
		}},
		{host.Idle, []string{
			"cmux set-status chat Idle --icon pause.circle.fill --color #8E8E93" + rowFlags(f) + " --workspace ws-1",
		}},
	} {
		n := len(f.Calls())
		mustReport(t, b, state(tc.s))
		wantLines(t, f.Transcript()[n:], tc.want)
	}
}

func TestNoWorkspace(t *testing.T) {
	needSh(t)
	f := fakehost.NewCmux(t)
	b := newCmuxBackend(t, f, func(c *cmux.TestConfig) { c.Workspace = "" })
	mustReport(t, b, state(host.Working))
	wantLines(t, f.Transcript(), []string{
		"cmux set-status chat Running --icon bolt.fill --color #4C8DFF" + rowFlags(f),
		"cmux workspace loading on --id chat",
	})
}

// A state is sent as given, the same one again too (the Reporter decides
// what a host was already shown); the loader is run only when it changes,
// or again for a Repeat, as the host may have lost it.
func TestCmuxSendsWhatItIsGiven(t *testing.T) {
	needSh(t)
	f := fakehost.NewCmux(t, fakehost.WithEnv("CMUX_WORKSPACE_ID", "w"))
	b := newCmuxBackend(t, f)
	mustReport(t, b, state(host.Working), state(host.Working), state(host.Unknown))
	for _, k := range []host.Kind{host.KindPing, host.KindSession, host.KindMeta, host.KindAgents, host.KindSuspend} {
		mustReport(t, b, host.Report{Kind: k, State: host.Working, Message: "ping"})
	}
	mustReport(t, b, host.Report{Kind: host.KindState, State: host.Working, Repeat: true})
	wantLines(t, f.Transcript(), []string{
		"cmux set-status chat Running --icon bolt.fill --color #4C8DFF" + rowFlags(f) + " --workspace w",
		"cmux workspace loading on --id chat --workspace w",
		"cmux set-status chat Running --icon bolt.fill --color #4C8DFF" + rowFlags(f) + " --workspace w",
		"cmux set-status chat Running --icon bolt.fill --color #4C8DFF" + rowFlags(f) + " --workspace w",
		"cmux workspace loading on --id chat --workspace w",
	})
}

func TestCmuxExit(t *testing.T) {
	needSh(t)
	f := fakehost.NewCmux(t, fakehost.WithEnv("CMUX_WORKSPACE_ID", "w"))
	b := newCmuxBackend(t, f)
	mustReport(t, b, state(host.Working))
	mustReport(t, b, host.Report{Kind: host.KindExit})
	mustReport(t, b, state(host.Idle)) // after exit: nothing
	wantLines(t, f.Transcript()[2:], []string{
		"cmux clear-status chat" + clearFlags(f) + " --workspace w",
		"cmux workspace loading off --id chat --workspace w",
	})
}

func TestFailing(t *testing.T) {
	needSh(t)
	f := fakehost.NewCmux(t)
	b := newCmuxBackend(t, f)
	f.Fail(3)
	err := report(b, state(host.Working))
	var xerr *hostio.ReplyError
	if !errors.As(err, &xerr) || !errors.Is(err, hostio.ErrRejected) || xerr.Code != "exit status 3" ||
		xerr.Op != "set-status" || !strings.Contains(xerr.Message, "fake failure") {
		t.Fatalf("Report: %v, want exit status 3 from set-status", err)
	}
	if !strings.HasPrefix(err.Error(), "cmux: set-status: exit status 3: ") {
		t.Errorf("error text %q", err)
	}
	f.Normal()
	mustReport(t, b, state(host.Working)) // not remembered as delivered: sent again
	if n := len(f.Calls()); n != 3 {
		t.Errorf("%d calls, want 3", n)
	}
}

func TestWithoutWorkspaceLoading(t *testing.T) {
	needSh(t)
	f := fakehost.NewCmux(t)
	b := newCmuxBackend(t, f, func(c *cmux.TestConfig) { c.Workspace = "" })
	f.Fail(2, "workspace") // an older cmux
	mustReport(t, b, state(host.Working))
	mustReport(t, b, state(host.Idle))
	mustReport(t, b, host.Report{Kind: host.KindExit})
	wantLines(t, f.Transcript(), []string{
		"cmux set-status chat Running --icon bolt.fill --color #4C8DFF" + rowFlags(f),
		"cmux workspace loading on --id chat",
		"cmux set-status chat Idle --icon pause.circle.fill --color #8E8E93" + rowFlags(f),
		"cmux clear-status chat" + clearFlags(f),
	})
}

// A cmux whose "workspace loading" worked once has it: a later failure is
// a failure, retried with the state, not a reason to stop turning the
// loader off (which would leave it spinning after exit).
func TestLoadingFailsAfterItWorked(t *testing.T) {
	needSh(t)
	f := fakehost.NewCmux(t)
	b := newCmuxBackend(t, f, func(c *cmux.TestConfig) { c.Workspace = "" })
	mustReport(t, b, state(host.Working))
	f.Fail(1, "workspace")
	if err := report(b, state(host.Idle)); err == nil {
		t.Fatal("a failed loader command was not reported")
	}
	f.Normal()
	mustReport(t, b, host.Report{Kind: host.KindExit})
	wantLines(t, f.Transcript(), []string{
		"cmux set-status chat Running --icon bolt.fill --color #4C8DFF" + rowFlags(f),
		"cmux workspace loading on --id chat",
		"cmux set-status chat Idle --icon pause.circle.fill --color #8E8E93" + rowFlags(f),
		"cmux workspace loading off --id chat",
		"cmux clear-status chat" + clearFlags(f),
		"cmux workspace loading off --id chat",
	})
}

func TestHanging(t *testing.T) {
	needSh(t)
	f := fakehost.NewCmux(t)
	b := newCmuxBackend(t, f)
	f.Hang()
	for _, r := range []host.Report{state(host.Working), {Kind: host.KindExit}} {
		start := time.Now()
		err := tryReport(b, r, 150*time.Millisecond)
		if !errors.Is(err, context.DeadlineExceeded) {
			t.Errorf("%v: %v, want DeadlineExceeded", r.Kind, err)
		}
		// The deadline, plus WaitDelay, plus scheduling slack under -race.
		if d := time.Since(start); d > 150*time.Millisecond+proc.WaitDelay+time.Second {
			t.Errorf("%v: Report returned %v after a 150ms deadline", r.Kind, d)
		}
	}
}

func TestSpew(t *testing.T) {
	needSh(t)
	f := fakehost.NewCmux(t)
	b := newCmuxBackend(t, f)
	f.Spew()
	var before, after runtime.MemStats
	runtime.GC()
	runtime.ReadMemStats(&before)
	mustReport(t, b, state(host.Working)) // two commands, 16 MiB of output
	runtime.ReadMemStats(&after)
	if grew := after.TotalAlloc - before.TotalAlloc; grew > 2<<20 {
		t.Errorf("allocated %d bytes for 16 MiB of output: not bounded", grew)
	}
	f.Fail(1)
	var xerr *hostio.ReplyError
	if err := report(b, state(host.Idle)); !errors.As(err, &xerr) || len(xerr.Message) > core.MaxMessage*4 {
		t.Errorf("Report: %v", err)
	}
}

func TestBinaryRemoved(t *testing.T) {
	needSh(t)
	f := fakehost.NewCmux(t)
	b := newCmuxBackend(t, f)
	os.Remove(f.Bin())
	err := report(b, state(host.Working))
	if err == nil || errors.Is(err, hostio.ErrRejected) || !strings.HasPrefix(err.Error(), "cmux: set-status: ") {
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
	if err := proctest.WriteScript(bin, script); err != nil {
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
	b := cmux.NewTest(cmux.TestConfig{Bin: bin, Agent: "chat"})
	start := time.Now()
	if err := report(b, state(host.Working)); err != nil {
		t.Errorf("Report: %v", err)
	}
	if d := time.Since(start); d > 2*time.Second {
		t.Errorf("Report took %v with a child holding the pipes", d)
	}
}

// A loader command that failed may still have reached cmux (a timeout
// after cmux acted): its state is unknown, so going back to the state the
// loader had before sends it again instead of trusting the old record.
// Both the refusal and the timeout after cmux acted are played.
func TestLoadingUnknownAfterAFailure(t *testing.T) {
	needSh(t)
	// run plays working, idle, working with the loader made to fail by
	// fail, then idle, on a backend that runs bin.
	run := func(t *testing.T, f *fakehost.Cmux, bin string, fail func(b *cmux.Backend)) {
		b := newCmuxBackend(t, f, func(c *cmux.TestConfig) { c.Workspace, c.Bin = "", bin })
		mustReport(t, b, state(host.Working), state(host.Idle))
		fail(b)
		mustReport(t, b, state(host.Idle))
		wantLines(t, f.Transcript(), []string{
			"cmux set-status chat Running --icon bolt.fill --color #4C8DFF" + rowFlags(f),
			"cmux workspace loading on --id chat",
			"cmux set-status chat Idle --icon pause.circle.fill --color #8E8E93" + rowFlags(f),
			"cmux workspace loading off --id chat",
			"cmux set-status chat Running --icon bolt.fill --color #4C8DFF" + rowFlags(f),
			"cmux workspace loading on --id chat",
			"cmux set-status chat Idle --icon pause.circle.fill --color #8E8E93" + rowFlags(f),
			"cmux workspace loading off --id chat",
		})
	}
	t.Run("refused", func(t *testing.T) {
		f := fakehost.NewCmux(t)
		run(t, f, f.Bin(), func(b *cmux.Backend) {
			f.Fail(1, "workspace")
			defer f.Normal()
			if err := report(b, state(host.Working)); err == nil {
				t.Fatal("a failed loader command was not reported")
			}
		})
	})
	t.Run("timeout", func(t *testing.T) {
		f := fakehost.NewCmux(t)
		// bin runs the fake, which records the call and acts; then, while
		// the file hang exists, a loader command sleeps for an hour: cmux
		// acted, the caller ran out of time.
		dir := t.TempDir()
		bin, hang := filepath.Join(dir, "cmux"), filepath.Join(dir, "hang")
		script := "#!/bin/sh\n'" + f.Bin() + "' \"$@\" || exit\n" +
			"[ \"$1\" = workspace ] && [ -e '" + hang + "' ] && exec sleep 3600\nexit 0\n"
		if err := proctest.WriteScript(bin, script); err != nil {
			t.Fatal(err)
		}
		run(t, f, bin, func(b *cmux.Backend) {
			if err := os.WriteFile(hang, nil, 0o600); err != nil {
				t.Fatal(err)
			}
			// Short, but long enough for set-status, which runs first
			// under the same deadline, under -race on a loaded machine.
			err := tryReport(b, state(host.Working), time.Second)
			if !errors.Is(err, context.DeadlineExceeded) || !strings.HasPrefix(err.Error(), "cmux: workspace loading: ") {
				t.Fatalf("a loader command out of time: %v, want its DeadlineExceeded", err)
			}
			if err := os.Remove(hang); err != nil {
				t.Fatal(err)
			}
		})
	})
}
