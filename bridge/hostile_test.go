//go:build unix

package bridge_test

import (
	"io"
	"strings"
	"testing"
	"time"

	"github.com/hostbridge/hostbridge/bridge"
	"github.com/hostbridge/hostbridge/internal/hosts"
	"github.com/hostbridge/hostbridge/internal/settings"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// Text from models and tools is hostile (the design's fifth principle).
// These tests put hostile text in every field of every message that can
// reach a host, run a chat life with it through each host (the plain
// terminal, herdr, tuios, cmux: detection uses only the innermost host, so
// one Bridge per host kind, all at once), and read back what each host
// received, parsed here rather than with the code that wrote it.

// hostile are the values tried in every field. bug names a known library
// bug the value shows (see checkTerminal).
var hostile = []struct{ name, s, bug string }{
	{name: "osc52-clipboard", s: "\x1b]52;c;cm0gLXJmIH4=\x07"},
	{name: "osc52-st", s: "x\x1b]52;c;cm0gLXJmIH4=\x1b\\y"},
	{name: "csi", s: "\x1b[2J\x1b[H\x1b[31mred\x1b[0m"},
	{name: "dcs", s: "\x1bP+q544e\x1b\\"},
	{name: "tmux-passthrough", s: "\x1bPtmux;\x1b\x1b]52;c;eA==\x07\x1b\\"},
	{name: "bel", s: "ding\x07dong"},
	{name: "st", s: "end\x1b\\after"},
	{name: "c1-st", s: "end\xc2\x9cafter"},
	{name: "raw-st-byte", s: "end\x9cafter"},
	{name: "c1-csi-osc", s: "\xc2\x9b2J\xc2\x9d52;c;eA==\xc2\x9c"},
	{name: "crlf", s: "line one\r\nline two\rover\n"},
	{name: "nul", s: "a\x00b"},
	{name: "del", s: "a\x7fb"},
	{name: "invalid-utf8", s: "\xff\xfe\xc3(\xe2\x82"},
	{name: "rtl", s: "\u202egnp.exe\u202c \u2067x\u2069 \u200f\u061c"},
	{name: "dash", s: "-rf"},
	{name: "double-dash", s: "--help"},
	{name: "flag-value", s: "--workspace=evil"},
	{name: "flag", s: "--icon"},
	{name: "progress-prefix", s: "4;3"},
	{name: "osc-prefix", s: "52;c;eA=="},
	{name: "digits", s: "4"},
	{name: "digits-9", s: "9"},
	{name: "reply-5", s: "5 tests passed"},
	{name: "reply-12", s: "12 files changed"},
	{name: "megabyte", s: strings.Repeat("A", 1<<20)},
	{name: "megabyte-escapes", s: strings.Repeat("\x1b]9;4;3\x07", 1<<17)},
	{name: "megabyte-words", s: strings.Repeat("word ", 1<<18)},
}

// hostileLife is a chat life with s in every text field: session id and
// directory, model, context, cost, sub-agent id, type, task, tool, what it
// waits on, result and error, tool, action, question, headline and reply.
func hostileLife(s string) []any {
	return []any{
		bridge.SessionSaved{ID: s, Dir: s},
		bridge.MetaChanged{Model: s, Context: s, Cost: s},
		bridge.TurnStarted{},
		bridge.SubAgentStarted{ID: s, Type: s, Task: s},
		bridge.SubAgentProgressed{ID: s, Tool: s},
		bridge.SubAgentWaiting{ID: s, On: s},
		bridge.SubAgentStarted{ID: s + "2", Type: s, Task: s},
		bridge.ApprovalNeeded{Tool: s, Action: s},
		bridge.ApprovalNeeded{Tool: s},
		bridge.ApprovalNeeded{Action: s},
		bridge.SubAgentEnded{ID: s, Result: s},
		bridge.SubAgentEnded{ID: s + "2", Err: s},
		bridge.ApprovalNeeded{Question: s},
		bridge.TurnFailed{Headline: s},
		bridge.TurnStarted{},
		bridge.Idle{Reply: s},
		bridge.SessionSaved{ID: s, Dir: "/tmp/" + s},
		bridge.SessionSaved{ID: s + "x", Dir: "/" + s, Switched: true},
		bridge.MetaChanged{Model: s},
		bridge.TurnStarted{},
		bridge.SubAgentStarted{ID: "a1", Type: s, Task: s},
		bridge.SubAgentEnded{ID: "a1", Stopped: true},
		bridge.Idle{Reply: s},
	}
}

// hostileOptions turn on everything that carries text to a host: the
// blocked message, the session and its resume command in every report,
// metadata, sub-agents holding the chat blocked, and pings.
func hostileOptions(s string) []bridge.Option {
	return []bridge.Option{
		bridge.WithBlockedMessage(true), bridge.WithMetadata(true), bridge.WithSubAgentsBlock(true),
		bridge.WithResumeCommand(func(id string) string { return "chat --resume " + id }),
		bridge.WithSession(s, "/tmp/"+s), bridge.WithTimeout(5 * time.Second),
	}
}

// hostileDeadline bounds a hostile life. Cleaning a megabyte takes tens
// of milliseconds per field on the Update goroutine (far more under
// -race, with four lives at once): CPU, not a host, so the bound is
// loose; BenchmarkSendHugeText measures it.
const hostileDeadline = time.Minute

// hostileRun runs the hostile life for s through a Bridge on env and
// returns what the terminal received.
func hostileRun(t *testing.T, env func(string) string, kind hosts.Kind, s string) []byte {
	t.Helper()
	var term capture
	b := newBridge(t, env, &term, hostileOptions(s)...)
	wantHost(t, b, kind)
	b.SetFocus(false) // pings go out
	slowest := liveWithin(t, b, hostileDeadline, true, hostileLife(s)...)
	t.Logf("slowest call: %v", slowest)
	flush(t, b, 20*time.Second)
	if err := closeWithin(t, b, settings.DefaultExitTimeout+closeSlack); err != nil {
		t.Errorf("Close: %v", err)
	}
	// A refusal shows in the host's own record (checkHerdr, checkTuios);
	// a failure here is a report that ran out of time on a busy machine.
	t.Logf("stats: %+v", b.Stats())
	return term.Bytes()
}

// checkTerminal reads what a terminal received: no control byte outside
// an OSC, and every OSC a progress report or a clean, bounded ping. A ping
// that can read as a ConEmu command is an error, unless bug names it as a
// known bug: then the test is skipped with that name once every other
// check has passed (and fails if the bug no longer shows).
func checkTerminal(t *testing.T, raw []byte, bug string) {
	t.Helper()
	s := readStream(raw)
	problems, conEmu := oscProblems(s.OSC)
	for _, p := range append(s.Bad, problems...) {
		t.Errorf("terminal: %s", p)
	}
	switch {
	case bug == "":
		for _, p := range conEmu {
			t.Errorf("terminal: %s", p)
		}
	case len(conEmu) == 0:
		t.Errorf("known bug %q no longer shows: remove its mark", bug)
	case !t.Failed():
		t.Skipf("bug: %s: %s", bug, conEmu[0])
	}
}

func TestHostileText(t *testing.T) {
	if testing.Short() {
		t.Skip("runs every hostile value through every host")
	}
	h := fakehost.NewHerdr(t)
	tu := fakehost.NewTuios(t)
	cm := fakehost.NewCmux(t)
	for _, hv := range hostile {
		// One Bridge per host kind (detection uses the innermost host
		// only), all four at once; each checks its terminal and its host.
		t.Run(hv.name, func(t *testing.T) {
			// A megabyte costs tens of milliseconds of cleaning per field
			// on the chat's goroutine (far more under -race): those lives
			// run one after the other.
			parallel := func(t *testing.T) {
				if len(hv.s) < 1<<16 {
					t.Parallel()
				}
			}
			t.Run("terminal", func(t *testing.T) {
				parallel(t)
				checkTerminal(t, hostileRun(t, terminalEnv(), hosts.Terminal, hv.s), hv.bug)
			})
			t.Run("herdr", func(t *testing.T) {
				parallel(t)
				from := len(h.Requests())
				raw := hostileRun(t, herdrEnv(h), hosts.Herdr, hv.s)
				checkHerdr(t, h.Requests()[from:])
				checkTerminal(t, raw, hv.bug)
			})
			t.Run("tuios", func(t *testing.T) {
				parallel(t)
				from := len(tu.Requests())
				raw := hostileRun(t, tuiosEnv(tu, ""), hosts.Tuios, hv.s)
				checkTuios(t, tu.Requests()[from:])
				checkTerminal(t, raw, hv.bug)
			})
			t.Run("cmux", func(t *testing.T) {
				parallel(t)
				from := len(cm.Calls())
				raw := hostileRun(t, cmuxEnv(cm), hosts.Cmux, hv.s)
				checkCmux(t, cm.Calls()[from:])
				checkTerminal(t, raw, hv.bug)
			})
		})
	}
}

// Hostile ids in the host's own variables: detection refuses what would
// corrupt a request, and a value that looks like an option never becomes
// one on cmux's command line.
func TestHostileHostIDs(t *testing.T) {
	for _, id := range []string{"--help", "-rf", "--workspace=x", "4;3", "w1:p2\x1b]52;c;eA==\x07", "a b", strings.Repeat("w", 300)} {
		cm := fakehost.NewCmux(t, fakehost.WithEnv("CMUX_WORKSPACE_ID", id), fakehost.WithEnv("CMUX_SURFACE_ID", id))
		var term capture
		b := newBridge(t, cmuxEnv(cm), &term)
		live(t, b, true, chatLife...)
		flush(t, b, 10*time.Second)
		_ = closeWithin(t, b, settings.DefaultExitTimeout+closeSlack)
		checkCmux(t, cm.Calls())
		checkTerminal(t, term.Bytes(), "")

		h := fakehost.NewHerdr(t)
		vars := h.Env()
		vars["HERDR_WORKSPACE_ID"], vars["HERDR_TAB_ID"] = id, id
		b = newBridge(t, envOf(vars), io.Discard)
		live(t, b, true, chatLife...)
		flush(t, b, 10*time.Second)
		_ = closeWithin(t, b, settings.DefaultExitTimeout+closeSlack)
		checkHerdr(t, h.Requests())
		for _, line := range b.EnvironmentLines() {
			if d := dirty(line); d != "" || len(line) > 300 {
				t.Errorf("environment line %.80q: %s", line, d)
			}
		}
	}
}
