package herdr_test

import (
	"context"
	"errors"
	"os"
	"os/exec"
	"strings"
	"testing"
	"time"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/core"
	"github.com/hostbridge/hostbridge/internal/hosts/herdr"
	"github.com/hostbridge/hostbridge/internal/hosts/hostio"
	"github.com/hostbridge/hostbridge/internal/settings"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

func TestSocketFaults(t *testing.T) {
	tests := []struct {
		name    string
		fault   func(h *fakehost.Herdr)
		timeout time.Duration
		want    error
	}{
		{"never answers", (*fakehost.Herdr).Hang, 100 * time.Millisecond, context.DeadlineExceeded},
		{"answers too late", func(h *fakehost.Herdr) { h.Slow(5 * time.Second) }, 100 * time.Millisecond, context.DeadlineExceeded},
		{"garbage", (*fakehost.Herdr).Garbage, 5 * time.Second, hostio.ErrBadReply},
		{"closes early", (*fakehost.Herdr).CloseEarly, 5 * time.Second, hostio.ErrBadReply},
		{"error reply", func(h *fakehost.Herdr) { h.Error("pane_not_found") }, 5 * time.Second, hostio.ErrRejected},
		{"socket missing", (*fakehost.Herdr).Stop, 5 * time.Second, hostio.ErrUnavailable},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			h := newFake(t)
			b := newHerdrBackend(t, h, nil)
			tt.fault(h)
			ctx, cancel := context.WithTimeout(context.Background(), tt.timeout)
			defer cancel()
			start := time.Now()
			err := b.Report(ctx, state(host.Working))
			if !errors.Is(err, tt.want) {
				t.Fatalf("Report = %v, want %v", err, tt.want)
			}
			if !strings.HasPrefix(err.Error(), "herdr: ") {
				t.Errorf("error %q lacks the package prefix", err)
			}
			if took := time.Since(start); took > tt.timeout+time.Second {
				t.Errorf("Report took %v, deadline %v", took, tt.timeout)
			}
			h.Normal()
			if errors.Is(tt.want, hostio.ErrUnavailable) {
				h.Restart()
			}
			// Not delivered, so the same report goes out again.
			mustReport(t, b, state(host.Working))
			if p := h.Pane(); p.State != "working" {
				t.Errorf("after the fault: pane %+v", p)
			}
		})
	}
}

func TestSocketCancelWithoutDeadline(t *testing.T) {
	h := newFake(t)
	b := newHerdrBackend(t, h, nil)
	h.Hang()
	ctx, cancel := context.WithCancel(context.Background())
	reported := make(chan error, 1)
	go func() { reported <- b.Report(ctx, state(host.Working)) }()
	fakehost.WaitFor(t, func() bool { return len(h.Requests()) == 1 }) // the request is in, unanswered
	cancel()
	if err := <-reported; !errors.Is(err, context.Canceled) {
		t.Errorf("Report = %v, want canceled", err)
	}
}

// TestReporterConvergesAfterRestart drives the backend through the real
// Reporter: herdr goes away mid-session, the state report fails, herdr
// comes back, and the retry lands.
func TestReporterConvergesAfterRestart(t *testing.T) {
	h := newFake(t)
	b := newHerdrBackend(t, h, nil)
	s := settings.Default()
	s.RetryMin, s.RetryMax = 5*time.Millisecond, 20*time.Millisecond
	rep := core.NewReporter([]host.Backend{b}, s)
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	s.Session = host.Session{ID: "42", Dir: "/s/42"}
	m := core.NewMachine(s)
	rep.Send(m.Start()...)
	if err := rep.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	h.Stop()
	rep.Send(m.TurnStarted()...)
	if err := rep.Flush(ctx); err != nil {
		t.Fatal(err)
	}
	if s := rep.Stats()[0]; s.Failed == 0 {
		t.Fatalf("stats %+v: the report should have failed", s)
	}
	h.Restart()
	fakehost.WaitFor(t, func() bool { return h.Pane().State == "working" })
	rep.Send(m.NeedsYou("approve shell: ls")...)
	rep.Send(m.Idle("done")...)
	rep.Send(m.Exit()...)
	if err := rep.Close(ctx); err != nil {
		t.Fatal(err)
	}
	if p := h.Pane(); !p.Released || p.SessionID != "42" {
		t.Errorf("pane = %+v, want released with session 42", p)
	}
	wantTranscript(t, h, []string{
		"herdr pane.report_agent idle", "herdr pane.report_metadata state_labels=(clear)",
		"herdr pane.report_agent_session", "herdr pane.report_agent working",
		"herdr pane.report_agent blocked", "herdr pane.report_agent idle", "herdr pane.release_agent",
		`herdr notification.show "chat finished" "done" done`, // the ping held behind the exit (herdr_toast_test.go)
	})
}

// childEnv makes the test binary a chat that reports to the herdr named by
// its environment and exits (see runChild).
const childEnv = "HB_HERDR_TEST_CHILD"

// runChild is a chat process: idle, working, blocked, and then either a
// crash (no release) or a clean exit.
func runChild() int {
	b := herdr.NewTest(herdr.TestConfig{
		Socket: os.Getenv("HERDR_SOCKET_PATH"), Pane: os.Getenv("HERDR_PANE_ID"),
		Agent: "chat",
	})
	reports := []host.Report{state(host.Idle), state(host.Working), state(host.Blocked)}
	if os.Getenv(childEnv) == "exit" {
		reports = append(reports, host.Report{Kind: host.KindExit})
	}
	for _, r := range reports {
		if report(b, r) != nil {
			return 4
		}
	}
	return 0
}

// TestRestartedProcessContinuesAbove runs two real chat processes in one
// pane, the first crashing while blocked: herdr must take every report of
// the second.
func TestRestartedProcessContinuesAbove(t *testing.T) {
	if testing.Short() {
		t.Skip("starts processes")
	}
	h := newFake(t)
	run := func(mode string) {
		t.Helper()
		cmd := exec.Command(os.Args[0], "-test.run=^$")
		cmd.Env = append(append(os.Environ(), environ(h.Env())...), childEnv+"="+mode)
		if out, err := cmd.CombinedOutput(); err != nil {
			t.Fatalf("child %s: %v\n%s", mode, err, out)
		}
	}
	run("crash")
	if p := h.Pane(); p.State != "blocked" {
		t.Fatalf("after the crash: pane %+v", p)
	}
	first := len(h.Requests())
	run("exit")
	reqs := h.Requests()
	last, _ := reqs[first-1].Seq()
	for _, r := range reqs[first:] {
		if seq, _ := r.Seq(); seq <= last || !r.Applied {
			t.Errorf("restarted chat: %s seq %d (predecessor's last %d), applied %v", r.Method, seq, last, r.Applied)
		}
	}
	if p := h.Pane(); !p.Released {
		t.Errorf("pane = %+v, want released", p)
	}
}

// environ is env as "K=V" strings, for exec.Cmd.Env.
func environ(env map[string]string) []string {
	out := make([]string, 0, len(env))
	for k, v := range env {
		out = append(out, k+"="+v)
	}
	return out
}
