//go:build linux || darwin

package chattest

import (
	"slices"
	"strings"
	"syscall"
	"testing"

	"github.com/hostbridge/hostbridge/internal/chatscript"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// A tuios pane beyond the plain case: one that also speaks herdr's API,
// and one whose previous chat was killed.

// HostsTuiosHerdrAPI: a tuios pane that also carries herdr's variables
// (HERDR_SOCKET_PATH and HERDR_PANE_ID, no HERDR_ENV: tuios answers
// herdr's API): the states go to herdr, the rail facts and the sub-agents
// to tuios, which is never told a state.
func HostsTuiosHerdrAPI(t *testing.T, ch *Chat) {
	t.Parallel()
	for _, run := range profileRuns() {
		t.Run(run.p.String(), func(t *testing.T) {
			t.Parallel()
			h := fakehost.NewHerdr(t)
			f := fakehost.NewTuios(t)
			env := fakeEnv(t, f.Env(), herdrAPIEnv(h))
			c := ch.Start(t, env, append(run.args, "-session", "s5")...)
			herdrGot(t, h, 0, "idle")
			waitTuios(t, f, "the facts", func() bool { return f.Pane().Meta["model"] == chatscript.StartModel })

			// The two fakes do not share a pane as tuios and its herdr API
			// do: the fake tuios's pane has no state (none) and so records
			// no child. What it was sent is checked instead.
			activity := func(what string, cond func(a tuiosActivity) bool) {
				t.Helper()
				waitTuios(t, f, what, func() bool { return slices.ContainsFunc(tuiosActivities(f), cond) })
			}
			c.Write("delegate the fix\r")
			activity("the sub-agent running shell", func(a tuiosActivity) bool {
				return a.event == "subagent_start" && a.tool == chatscript.ApproveTool
			})
			c.WaitText("needs you: sub-agent")
			if run.p == chatscript.ProfileMendcode {
				herdrGot(t, h, 1, "working", "blocked")
				if p := h.Pane(); p.Message != chatscript.SubTask+": "+chatscript.SubWaitsOn {
					t.Errorf("herdr blocked with %q, want the sub-agent's request", p.Message)
				}
			}
			c.Write("y")
			c.WaitText("Fixed the flaky test.")
			herdrGot(t, h, 1, "working", "idle")
			activity("the sub-agent done", func(a tuiosActivity) bool {
				return a.event == "subagent_stop" && a.ok != nil && *a.ok
			})
			waitTuios(t, f, "the facts after the turn", func() bool { return f.Pane().Meta["cost"] == "$0.01" })
			c.Write("/model opus-9\r")
			waitTuios(t, f, "the model", func() bool { return f.Pane().Meta["model"] == "opus-9" })

			c.Quit()
			want := []string{"idle", "working", "idle"}
			if run.p == chatscript.ProfileMendcode {
				want = []string{"idle", "working", "blocked", "working", "idle"}
			}
			if got := herdrStates(h.Requests()); !slices.Equal(got, want) {
				t.Errorf("herdr states %q, want %q\n%s", got, want, RequestLog(h))
			}
			if p := h.Pane(); !p.Released || p.Agent != run.agent {
				t.Errorf("herdr pane %+v, want released by %s", p, run.agent)
			}
			if n := len(tuiosVerb(f.Requests(), "set-agent-state")); n != 0 {
				t.Errorf("tuios was told %d states; herdr's API carries them:\n%s", n, strings.Join(f.Transcript(), "\n"))
			}
			meta := tuiosMetaCalls(f)
			wantMeta := []string{"context=0% cost=$0.00 model=scripted-1", "cost=$0.01", "model=opus-9", "clear"}
			if !slices.Equal(meta, wantMeta) {
				t.Errorf("tuios rail facts %q, want %q (the changes, then cleared at exit)", meta, wantMeta)
			}
			// The sub-agent as in a tuios pane, then a session_start that
			// makes tuios forget it at exit (no state none is sent here).
			acts := tuiosActivities(f)
			if n := len(acts); n < 4 || acts[n-1].event != "session_start" || acts[n-1].text != "exit" {
				t.Errorf("the sub-agents were not cleared at exit: %v", acts)
			} else {
				checkSubAgentActs(t, acts[:n-1], run.agent, "s5", true, chatscript.SubResult)
			}
			if p := f.Pane(); len(p.Meta) != 0 {
				t.Errorf("tuios pane after exit %+v, want no facts", p)
			}
		})
	}
}

// HostsTuiosRestart: a chat killed while its sub-agent runs leaves the
// child in tuios; the seed (002) says the first report of a new process
// starts with session_start, "so tuios forgets the children it had and
// none is left from ... a crash or a restart". The next chat in the pane
// must clear it, without starting a sub-agent of its own.
func HostsTuiosRestart(t *testing.T, ch *Chat) {
	t.Parallel()
	f := fakehost.NewTuios(t)
	env := fakeEnv(t, f.Env())
	first := ch.Start(t, env, "-profile", "mendcode", "-session", "s6")
	tuiosGot(t, f, 0, "idle")
	first.Write("delegate the fix\r")
	waitTuios(t, f, "the sub-agent running", func() bool { return running(f.Pane()) == 1 })
	first.Signal(syscall.SIGKILL)
	first.Exit()

	n, from := len(tuiosStates(f)), len(f.Requests())
	next := ch.Start(t, env, "-profile", "mendcode", "-session", "s6")
	tuiosGot(t, f, n, "idle")
	// Its first report starts the session over: the killed chat's child
	// is gone before the pane shows the new chat ready.
	if tr := f.Transcript()[from:]; len(tr) < 2 || tr[0] != `tuios report-agent-activity session_start text="startup"` ||
		tr[1] != "tuios set-agent-state idle" {
		t.Errorf("the new chat's first report does not start with session_start:\n%s", strings.Join(tr, "\n"))
	}
	if p := f.Pane(); len(p.Subagents) != 0 {
		t.Errorf("the new chat is ready and tuios still lists the killed chat's sub-agents: %+v", p.Subagents)
	}
	next.WaitText("● ready")
	next.Write("hello\r")
	tuiosGot(t, f, n+1, "working", "done")
	if p := f.Pane(); running(p) != 0 {
		t.Errorf("after a restart tuios still lists the killed chat's sub-agents: %+v\n%s", p.Subagents, strings.Join(f.Transcript(), "\n"))
	}
	next.Quit()
}
