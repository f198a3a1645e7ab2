//go:build linux || darwin

package chattest

import (
	"fmt"
	"maps"
	"slices"
	"strconv"
	"strings"
	"testing"

	"github.com/hostbridge/hostbridge/internal/chatscript"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// Helpers for the end-to-end runs under the fake hosts (hosts_*.go):
// the environment tuios gives a pane for herdr's API, waits on what a fake
// received, and readers of the recorded traffic. A fake's own variables
// come from its Env (environ), appended to TestEnv's (a PATH there wins).
// Every wait is fakehost.WaitFor, bounded by Wait; nothing sleeps.

// profileRun is a profile's command line and what differs with it: the
// agent the hosts are told.
type profileRun struct {
	p     chatscript.Profile
	agent string
	args  []string
}

// profileRuns are the runs of a test that runs once per profile.
func profileRuns() []profileRun {
	return []profileRun{
		{chatscript.ProfileIota, "chat", []string{"-profile", "iota"}},
		{chatscript.ProfileMendcode, "mc", []string{"-profile", "mendcode", "-agent", "mc"}},
	}
}

// environ is fakes' Envs as sorted "K=V" strings, one Env after the
// other, for TestEnv.
func environ(envs ...map[string]string) []string {
	var out []string
	for _, env := range envs {
		for _, k := range slices.Sorted(maps.Keys(env)) {
			out = append(out, k+"="+env[k])
		}
	}
	return out
}

// fakeEnv is TestEnv with the fakes' Envs over it: the pane they make.
func fakeEnv(t *testing.T, envs ...map[string]string) []string {
	return TestEnv(t, environ(envs...)...)
}

// herdrAPIEnv is what tuios puts in each of its panes so that herdr's
// clients find its herdr API: the socket and the pane, without HERDR_ENV.
func herdrAPIEnv(h *fakehost.Herdr) map[string]string {
	env := h.Env()
	return map[string]string{"HERDR_SOCKET_PATH": env["HERDR_SOCKET_PATH"], "HERDR_PANE_ID": env["HERDR_PANE_ID"]}
}

// waitOr waits until cond holds (fakehost.WaitFor, bounded by wait) and,
// if it never does, logs what explain says before the test stops.
func waitOr(t *testing.T, cond func() bool, explain func() string) {
	t.Helper()
	defer func() {
		if !cond() { // runs as the failed wait ends the test, too
			t.Log(explain())
		}
	}()
	fakehost.WaitFor(t, cond, fakehost.WithTimeout(Wait))
}

// waitHerdr waits until cond holds for the requests the fake herdr got.
func waitHerdr(t *testing.T, h *fakehost.Herdr, what string, cond func([]fakehost.Request) bool) {
	t.Helper()
	waitOr(t, func() bool { return cond(h.Requests()) }, func() string {
		return "herdr never got " + what + ":\n" + RequestLog(h)
	})
}

// waitPane waits until cond holds for the fake herdr's pane.
func waitPane(t *testing.T, h *fakehost.Herdr, what string, cond func(fakehost.HerdrPane) bool) {
	t.Helper()
	waitOr(t, func() bool { return cond(h.Pane()) }, func() string {
		return "pane never " + what + ":\n" + strings.Join(h.Transcript(), "\n")
	})
}

// releasedLast checks that the last request herdr got is the release,
// applied, but for the toast of a chat that ends right after a turn, which
// comes after it (internal/hosts/herdr/backend.go); after says what ended the
// chat, for the failure message.
func releasedLast(t *testing.T, h *fakehost.Herdr, after string) {
	t.Helper()
	reqs := h.Requests()
	if n := len(reqs); n > 1 && reqs[n-1].Method == "notification.show" {
		reqs = reqs[:n-1]
	}
	if len(reqs) == 0 {
		t.Errorf("herdr got no request%s, want the release last", after)
		return
	}
	if last := reqs[len(reqs)-1]; last.Method != "pane.release_agent" || !last.Applied {
		t.Errorf("last request%s %s (applied %v), want the release\n%s", after, last.Method, last.Applied, RequestLog(h))
	}
}

// isLabels reports whether r sets or clears the state labels that show a
// failed turn in herdr (backends/herdr/failure.go).
func isLabels(r fakehost.Request) bool {
	return r.Method == "pane.report_metadata" && (r.Params["state_labels"] != nil || r.Params["clear_state_labels"] == true)
}

// herdrStates lists the states of the state reports herdr applied.
func herdrStates(reqs []fakehost.Request) []string {
	var out []string
	for _, r := range Applied(reqs, "pane.report_agent") {
		out = append(out, r.Str("state"))
	}
	return out
}

// herdrSessions lists the sessions of the session reports herdr applied,
// and checks that each came with its directory, root/<id>.
func herdrSessions(t *testing.T, reqs []fakehost.Request, root string) []string {
	t.Helper()
	var ids []string
	for _, r := range Applied(reqs, "pane.report_agent_session") {
		id := r.Str("agent_session_id")
		ids = append(ids, id)
		if p := r.Str("agent_session_path"); !strings.HasSuffix(p, root+"/"+id) {
			t.Errorf("session %s reported with the path %q", id, p)
		}
	}
	return ids
}

// herdrGot waits until the states herdr applied after the first from of
// them include want in order.
func herdrGot(t *testing.T, h *fakehost.Herdr, from int, want ...string) {
	t.Helper()
	waitHerdr(t, h, "the states "+strings.Join(want, ", "), func(reqs []fakehost.Request) bool {
		s := herdrStates(reqs)
		return hasInOrder(s[min(from, len(s)):], want)
	})
}

// hasInOrder reports whether want is a subsequence of got.
func hasInOrder(got, want []string) bool {
	return matchEnd(got, want, func(s string) (string, bool) { return s, true }) >= 0
}

// waitTuios waits until cond holds for the fake tuios.
func waitTuios(t *testing.T, f *fakehost.Tuios, what string, cond func() bool) {
	t.Helper()
	waitOr(t, cond, func() string {
		return fmt.Sprintf("tuios never got %s; it got:\n%s\npane %+v", what, strings.Join(f.Transcript(), "\n"), f.Pane())
	})
}

// tuiosVerb returns the requests of verb the fake tuios answered with a
// result.
func tuiosVerb(reqs []fakehost.Request, verb string) []fakehost.Request {
	var out []fakehost.Request
	for _, r := range reqs {
		if r.Method == verb && r.Answer == "" {
			out = append(out, r)
		}
	}
	return out
}

// tuiosStates lists the states set on the fake tuios.
func tuiosStates(f *fakehost.Tuios) []string {
	var out []string
	for _, r := range tuiosVerb(f.Requests(), "set-agent-state") {
		s, _ := r.Params["state"].(string)
		out = append(out, s)
	}
	return out
}

// tuiosGot waits until the states set on the fake tuios after the first
// from of them include want in order.
func tuiosGot(t *testing.T, f *fakehost.Tuios, from int, want ...string) {
	t.Helper()
	waitTuios(t, f, "the states "+strings.Join(want, ", "), func() bool {
		s := tuiosStates(f)
		return hasInOrder(s[min(from, len(s)):], want)
	})
}

// tuiosMetaCalls renders each set-agent-meta call as its tokens, sorted:
// "context=1% cost=$0.01", a removed key as "key=null", "clear".
func tuiosMetaCalls(f *fakehost.Tuios) []string {
	var out []string
	for _, r := range tuiosVerb(f.Requests(), "set-agent-meta") {
		var parts []string
		tokens, _ := r.Params["tokens"].(map[string]any)
		for _, k := range slices.Sorted(maps.Keys(tokens)) {
			v, ok := tokens[k].(string)
			if !ok {
				v = "null"
			}
			parts = append(parts, k+"="+v)
		}
		if c, _ := r.Params["clear"].(bool); c {
			parts = append(parts, "clear")
		}
		out = append(out, strings.Join(parts, " "))
	}
	return out
}

// tuiosActivity is one report-agent-activity request, read.
type tuiosActivity struct {
	event, id, typ, task, tool, text string
	ok                               *bool
	harness, session                 string
}

func (a tuiosActivity) String() string {
	s := fmt.Sprintf("%s %s type=%q task=%q tool=%q text=%q", a.event, a.id, a.typ, a.task, a.tool, a.text)
	if a.ok != nil {
		s += fmt.Sprintf(" ok=%v", *a.ok)
	}
	return s
}

func tuiosActivities(f *fakehost.Tuios) []tuiosActivity {
	var out []tuiosActivity
	for _, r := range tuiosVerb(f.Requests(), "report-agent-activity") {
		act, _ := r.Params["activity"].(map[string]any)
		s := func(m map[string]any, k string) string { v, _ := m[k].(string); return v }
		a := tuiosActivity{
			event: s(act, "event"), id: s(act, "agent_id"), typ: s(act, "agent_type"),
			task: s(act, "target"), tool: s(act, "tool"), text: s(act, "text"),
			harness: s(r.Params, "harness"), session: s(r.Params, "agent_session_id"),
		}
		if ok, has := act["ok"].(bool); has {
			a.ok = &ok
		}
		out = append(out, a)
	}
	return out
}

// waitCmux waits until cond holds for the fake cmux's calls.
func waitCmux(t *testing.T, c *fakehost.Cmux, what string, cond func(calls [][]string) bool) {
	t.Helper()
	waitOr(t, func() bool { return cond(c.Calls()) }, func() string {
		return fmt.Sprintf("cmux never got %s; it got:\n%s", what, strings.Join(c.Transcript(), "\n"))
	})
}

// cmuxRows reads the fake cmux's calls as what the sidebar shows, one
// event per call: the status row's label ("Idle", "Running", "Needs
// input", "Failed"), "loading on", "loading off" or "cleared". Each call's
// whole argv is checked against what cmux's CLI takes for agent's row in
// workspace ws (the design table: Running blue with a bolt, Needs input
// with a bell, Failed red with a triangle, Idle grey with a pause; Needs
// input and Failed on top, priority 100, as cmux's own agent hooks), the
// row named for the chat's surface and, on set-status, the chat's pid; a
// call that is not one of them is an error.
func cmuxRows(t *testing.T, calls [][]string, agent, ws, surface string, pid int) []string {
	t.Helper()
	rows := map[string][3]string{ // label: icon, colour, priority
		"Idle":        {"pause.circle.fill", "#8E8E93"},
		"Running":     {"bolt.fill", "#4C8DFF"},
		"Needs input": {"bell.fill", "#4C8DFF", "100"},
		"Failed":      {"exclamationmark.triangle.fill", "#FF453A", "100"},
	}
	var out []string
	for _, argv := range calls {
		switch {
		case len(argv) >= 9 && argv[0] == "set-status":
			style, ok := rows[argv[2]]
			want := []string{"set-status", agent, argv[2], "--icon", style[0], "--color", style[1]}
			if style[2] != "" {
				want = append(want, "--priority", style[2])
			}
			want = append(want, "--panel="+surface, "--pid="+strconv.Itoa(pid), "--workspace", ws)
			if !ok || !slices.Equal(argv, want) {
				t.Errorf("cmux call %q, want %q", argv, want)
			}
			out = append(out, argv[2])
		case len(argv) == 7 && argv[0] == "workspace" && argv[1] == "loading":
			want := []string{"workspace", "loading", argv[2], "--id", agent, "--workspace", ws}
			if (argv[2] != "on" && argv[2] != "off") || !slices.Equal(argv, want) {
				t.Errorf("cmux call %q, want %q", argv, want)
			}
			out = append(out, "loading "+argv[2])
		case len(argv) == 5 && argv[0] == "clear-status":
			if want := []string{"clear-status", agent, "--panel=" + surface, "--workspace", ws}; !slices.Equal(argv, want) {
				t.Errorf("cmux call %q, want %q", argv, want)
			}
			out = append(out, "cleared")
		default:
			t.Errorf("unexpected cmux call %q", argv)
		}
	}
	return out
}

// cmuxShows reports whether the sidebar's calls since from include want
// in order (without checking the calls: cmuxRows does, once, at the end).
func cmuxShows(calls [][]string, from int, want ...string) bool {
	var got []string
	for _, argv := range calls[min(from, len(calls)):] {
		switch {
		case len(argv) > 2 && argv[0] == "set-status":
			got = append(got, argv[2])
		case len(argv) > 2 && argv[0] == "workspace" && argv[1] == "loading":
			got = append(got, "loading "+argv[2])
		case len(argv) > 0 && argv[0] == "clear-status":
			got = append(got, "cleared")
		}
	}
	return hasInOrder(got, want)
}

// running counts the sub-agents the fake tuios shows running.
func running(p fakehost.TuiosPane) int {
	n := 0
	for _, s := range p.Subagents {
		if s.Status == "running" {
			n++
		}
	}
	return n
}
