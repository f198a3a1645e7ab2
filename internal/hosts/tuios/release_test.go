package tuios_test

import (
	"testing"
	"time"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/hosts/tuios"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// tuios holds a done or errored alert for settle_seconds (2 by default)
// and drops it if the pane leaves the state first (internal/app/
// agent_alert.go, considerAgentAlert and flushDueAgentAlerts;
// internal/config/agent_alerts.go; main 6037a8a). A one-shot run exits
// milliseconds after its turn ends: a none then would drop the alert, so
// the exit leaves the end standing and clears only the facts and the
// sub-agents. Once the alert had its 2 s, the exit hands the pane back.
func TestTuiosExitLeavesAFreshEndStanding(t *testing.T) {
	for _, tc := range []struct {
		name  string
		end   host.Report
		after time.Duration
		state string // the pane's after the exit
	}{
		{"done at once", stateMsg(host.Idle, ""), 0, "done"},
		{"errored at once", stateMsg(host.Failed, "Error: boom"), 0, "errored"},
		{"done just inside the settle", stateMsg(host.Idle, ""), 2*time.Second - time.Millisecond, "done"},
		{"done after the settle", stateMsg(host.Idle, ""), 2 * time.Second, "none"},
		{"errored long ago", stateMsg(host.Failed, "Error: boom"), time.Minute, "none"},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := fakehost.NewTuios(t)
			now := time.Date(2026, 12, 2, 12, 0, 0, 0, time.UTC)
			b := newTuiosBackend(t, f, func(c *tuios.TestConfig) { c.Now = func() time.Time { return now } })
			mustReport(t, b, stateMsg(host.Working, ""))
			mustReport(t, b, host.Report{Kind: host.KindMeta, Meta: []host.Fact{{Name: "model", Value: "opus"}}})
			mustReport(t, b, host.Report{Kind: host.KindAgents, Agents: []host.SubAgent{{ID: "a1", Type: "explore", Task: "look"}}})
			mustReport(t, b, tc.end)
			n := len(f.Requests())
			now = now.Add(tc.after)
			mustReport(t, b, host.Report{Kind: host.KindExit, State: tc.end.State})
			p := f.Pane()
			if p.State != tc.state || len(p.Meta) != 0 || len(p.Subagents) != 0 {
				t.Errorf("after exit: pane %+v, want %s with no facts or children", p, tc.state)
			}
			want := []string{"tuios set-agent-state none"}
			if tc.state != "none" {
				want = []string{"tuios set-agent-meta clear", `tuios report-agent-activity session_start text="exit"`}
				if p.Harness != "chat" || p.Message != tc.end.Message {
					t.Errorf("the end left standing: pane %+v, want the harness and the message kept", p)
				}
			}
			wantLines(t, transcriptFrom(f, n), want)
		})
	}
}

// Only the turn's end tuios took and still shows is left standing: a
// newer state, or one tuios did not take, is released with none.
func TestTuiosExitReleasesWhatIsNotAnEnd(t *testing.T) {
	for _, tc := range []struct {
		name string
		seq  []host.Report
	}{
		{"working after done", []host.Report{stateMsg(host.Working, ""), stateMsg(host.Idle, ""), stateMsg(host.Working, "")}},
		{"needs_input", []host.Report{stateMsg(host.Working, ""), stateMsg(host.Blocked, "approve")}},
		{"idle before any turn", []host.Report{stateMsg(host.Idle, "")}},
	} {
		t.Run(tc.name, func(t *testing.T) {
			f := fakehost.NewTuios(t)
			b := newTuiosBackend(t, f)
			mustReport(t, b, tc.seq...)
			mustReport(t, b, host.Report{Kind: host.KindExit})
			if p := f.Pane(); p.State != "none" {
				t.Errorf("after exit: pane %+v, want none", p)
			}
		})
	}
	// A done the daemon did not take is no end it shows.
	f := fakehost.NewTuios(t)
	b := newTuiosBackend(t, f)
	mustReport(t, b, stateMsg(host.Working, ""))
	f.Stop()
	if err := tryReport(b, stateMsg(host.Idle, ""), time.Second); err == nil {
		t.Fatal("Report to a stopped daemon succeeded")
	}
	f.Restart()
	mustReport(t, b, host.Report{Kind: host.KindExit})
	if p := f.Pane(); p.State != "none" {
		t.Errorf("after a lost done and the exit: pane %+v, want none", p)
	}
}
