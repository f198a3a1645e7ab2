//go:build linux || darwin

package chattest

import (
	"slices"
	"strings"
	"testing"

	"github.com/hostbridge/hostbridge/internal/chatscript"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// The chat in a tuios pane, against the fake tuios daemon (TUIOS_* only,
// no herdr variables), with both profiles: the states (idle until the
// first turn, working, needs_input with its message, done after a turn,
// errored with the failure's headline, at exit none, or the turn's end
// left standing), the rail facts (model, context, cost: at start and when
// one changes, only the changes) and a delegated sub-agent reported with
// report-agent-activity.

func HostsTuios(t *testing.T, ch *Chat) {
	t.Parallel()
	for _, run := range profileRuns() {
		t.Run(run.p.String(), func(t *testing.T) {
			t.Parallel()
			f := fakehost.NewTuios(t)
			c := ch.Start(t, fakeEnv(t, f.Env()), append(run.args, "-session", "s1")...)
			metaIs := func(key, value string) {
				t.Helper()
				waitTuios(t, f, key+"="+value, func() bool { return f.Pane().Meta[key] == value })
			}
			// Ready: idle, then the facts.
			tuiosGot(t, f, 0, "idle")
			metaIs("model", chatscript.StartModel)
			if p := f.Pane(); p.Harness != run.agent {
				t.Errorf("harness %q, want %q", p.Harness, run.agent)
			}
			c.Write("hello\r")
			tuiosGot(t, f, 1, "working", "done")
			metaIs("cost", "$0.01")

			c.Write("approve this\r")
			tuiosGot(t, f, 3, "working", "needs_input")
			if p := f.Pane(); p.Message != "approve shell: git push" {
				t.Errorf("needs_input with the message %q, want the request", p.Message)
			}
			c.Write("y")
			tuiosGot(t, f, 5, "working", "done")
			metaIs("cost", "$0.02")

			c.Write("fail now\r")
			tuiosGot(t, f, 7, "working", "errored")
			if p := f.Pane(); p.Message != "Error: scripted failure" {
				t.Errorf("errored with the message %q, want the failure's headline", p.Message)
			}
			metaIs("cost", "$0.03")

			c.Write("/model opus-9\r")
			metaIs("model", "opus-9")

			c.Write("delegate the fix\r")
			waitTuios(t, f, "the sub-agent running shell", func() bool {
				s := f.Pane().Subagents
				return len(s) == 1 && s[0].Status == "running" && s[0].Tool == chatscript.ApproveTool
			})
			c.WaitText("needs you: sub-agent")
			if run.p == chatscript.ProfileMendcode {
				// The waiting sub-agent holds the pane, with what it waits on.
				waitTuios(t, f, "needs_input for the sub-agent", func() bool {
					p := f.Pane()
					return p.State == "needs_input" && p.Message == chatscript.SubTask+": "+chatscript.SubWaitsOn
				})
			}
			c.Write("y")
			c.WaitText("Fixed the flaky test.")
			tuiosGot(t, f, 9, "working", "done")
			waitTuios(t, f, "the sub-agent done", func() bool {
				s := f.Pane().Subagents
				return len(s) == 1 && s[0].Status == "done" && s[0].Result == chatscript.SubResult
			})
			metaIs("cost", "$0.04")

			c.Quit()

			want := []string{"idle", "working", "done", "working", "needs_input", "working", "done", "working", "errored", "working", "done"}
			if run.p == chatscript.ProfileMendcode {
				want = slices.Insert(want, 10, "needs_input", "working")
			}
			// The quit follows the last done at once, so the exit leaves it
			// standing for tuios's alert (its settle window is 2 s), facts
			// and the sub-agent cleared; one more than 2 s after it is none.
			states, acts := tuiosStates(f), tuiosActivities(f)
			standing := !slices.Equal(states, append(want, "none"))
			if standing && !slices.Equal(states, want) {
				t.Errorf("tuios states %q, want %q\n%s", states, want, strings.Join(f.Transcript(), "\n"))
			}
			wantMeta := []string{"context=0% cost=$0.00 model=scripted-1", "cost=$0.01", "cost=$0.02", "cost=$0.03", "model=opus-9", "context=1% cost=$0.04"}
			if standing {
				wantMeta = append(wantMeta, "clear")
				if n := len(acts); n > 0 && acts[n-1].event == "session_start" && acts[n-1].text == "exit" {
					acts = acts[:n-1]
				} else {
					t.Errorf("activity reports %v, want a session_start (exit) last, clearing the sub-agent", acts)
				}
			}
			if got := tuiosMetaCalls(f); !slices.Equal(got, wantMeta) {
				t.Errorf("tuios rail facts %q, want only the changes %q", got, wantMeta)
			}
			for _, r := range tuiosVerb(f.Requests(), "set-agent-meta") {
				if r.Params["source"] != run.agent {
					t.Errorf("set-agent-meta with source %v, want %s", r.Params["source"], run.agent)
				}
			}
			checkSubAgentActs(t, acts, run.agent, "s1", true, chatscript.SubResult)
			if p := f.Pane(); p.State != states[len(states)-1] || len(p.Meta) != 0 || len(p.Subagents) != 0 {
				t.Errorf("pane after exit %+v, want %s, no facts, no sub-agents", p, states[len(states)-1])
			}
			c.noBar("tuios")
			// tuios alerts for needs_input, errored and done itself and
			// forwards a pane's OSC 9 too, so a ping of ours would be a
			// second notification:
			// Gaurav-Gosain/tuios@6037a8a internal/config/agent_alerts.go, internal/app/notify.go
			if pings := c.Pings(0); len(pings) != 0 {
				t.Errorf("pings %q in tuios, want none: tuios raises its own alerts", pings)
			}
		})
	}
}

// checkSubAgentActs checks the sub-agent's activity reports: the startup
// session_start of the process's first report, then the start with its
// type and task, the tool it runs, and the stop: done with the first line
// of its answer (ok) or failed with its error. A start without the tool
// may have been replaced by the one with it (a snapshot superseded while
// tuios was busy); the one with it is always there.
func checkSubAgentActs(t *testing.T, acts []tuiosActivity, agent, session string, ok bool, text string) {
	t.Helper()
	var lines []string
	for _, a := range acts {
		lines = append(lines, a.String())
	}
	log := strings.Join(lines, "\n")
	if len(acts) < 3 || acts[0].event != "session_start" || acts[0].text != "startup" {
		t.Fatalf("activity reports:\n%s\nwant session_start (startup) first", log)
	}
	var sawTool bool
	for i, a := range acts {
		if a.harness != agent || a.session != session {
			t.Errorf("activity %d with harness %q and session %q, want %q and %q", i, a.harness, a.session, agent, session)
		}
		switch {
		case i == 0:
		case a.event == "subagent_start":
			if sawTool || a.id != chatscript.SubAgentID || a.typ != chatscript.SubType || a.task != chatscript.SubTask || (a.tool != "" && a.tool != chatscript.ApproveTool) {
				t.Errorf("activity %d: %s", i, a)
			}
			sawTool = a.tool == chatscript.ApproveTool
		case a.event == "subagent_stop" && i == len(acts)-1 && a.id == chatscript.SubAgentID:
			if !sawTool || a.ok == nil || *a.ok != ok || a.text != text {
				t.Errorf("the stop: %s; want ok=%v text=%q after a start with the tool", a, ok, text)
			}
		default:
			t.Errorf("activity %d: %s is out of place:\n%s", i, a, log)
		}
	}
	if last := acts[len(acts)-1]; last.event != "subagent_stop" {
		t.Errorf("activity reports end with %s, want the stop:\n%s", last, log)
	}
}

// HostsTuiosHeadless: -m in a tuios pane: working from the start, the
// end of the turn (done, or errored), left standing at the exit that
// follows it, so tuios's alert for it (held 2 s) is not dropped by a none;
// the facts once, cleared at exit; a delegated sub-agent, denied since
// nobody can answer, reported failed, then cleared.
func HostsTuiosHeadless(t *testing.T, ch *Chat) {
	t.Parallel()
	tests := []struct {
		prompt string
		code   int
		states []string
	}{
		{"hello", 0, []string{"working", "done"}},
		{"fail", 1, []string{"working", "errored"}},
		{"delegate", 0, []string{"working", "done"}},
	}
	for _, run := range profileRuns() {
		for _, tt := range tests {
			t.Run(run.p.String()+"/"+tt.prompt, func(t *testing.T) {
				t.Parallel()
				f := fakehost.NewTuios(t)
				c := ch.Start(t, fakeEnv(t, f.Env()), append(run.args, "-session", "s4", "-m", tt.prompt)...)
				c.exitCode(tt.code, "")
				if got := tuiosStates(f); !slices.Equal(got, tt.states) {
					t.Errorf("tuios states %q, want %q", got, tt.states)
				}
				if got, want := tuiosMetaCalls(f), []string{"context=0% cost=$0.00 model=scripted-1", "clear"}; !slices.Equal(got, want) {
					t.Errorf("tuios rail facts %q, want %q", got, want)
				}
				if p := f.Pane(); p.State != tt.states[1] || p.Harness != run.agent || len(p.Meta) != 0 || len(p.Subagents) != 0 {
					t.Errorf("pane after exit %+v, want %s by %s, no facts, no sub-agents", p, tt.states[1], run.agent)
				}
				if acts := tuiosActivities(f); tt.prompt == "delegate" {
					if n := len(acts); n < 4 || acts[n-1].event != "session_start" || acts[n-1].text != "exit" {
						t.Errorf("activity reports %v, want a session_start (exit) last, clearing the sub-agent", acts)
					} else {
						checkSubAgentActs(t, acts[:n-1], run.agent, "s4", false, chatscript.ApproveTool+" was denied")
					}
				} else if len(acts) != 1 || acts[0].event != "session_start" ||
					acts[0].text != "startup" || acts[0].harness != run.agent || acts[0].session != "s4" {
					// Only the first report's session_start, no sub-agent.
					t.Errorf("activity reports without a sub-agent: %v, want only the startup session_start", acts)
				}
			})
		}
	}
}
