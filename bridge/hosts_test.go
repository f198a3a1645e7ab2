package bridge_test

import (
	"context"
	"errors"
	"io"
	"os"
	"strconv"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/hostbridge/hostbridge/bridge"
	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// hostUnderTest is one host a Bridge can be detected into, with a way to
// read what it was told so far.
type hostUnderTest struct {
	opts  []bridge.Option
	lines func() []string
}

// tableEnv is vars in WezTerm; a fake cmux's variables put it on PATH.
func tableEnv(vars map[string]string) func(string) string {
	vars["TERM"], vars["TERM_PROGRAM"] = "xterm-256color", "WezTerm"
	return func(k string) string { return vars[k] }
}

var hostsUnderTest = map[string]func(t *testing.T) hostUnderTest{
	"terminal": func(t *testing.T) hostUnderTest {
		term := &fakehost.Terminal{}
		return hostUnderTest{
			opts:  []bridge.Option{bridge.WithOutput(term), bridge.WithEnv(tableEnv(map[string]string{}))},
			lines: term.Transcript,
		}
	},
	"herdr": func(t *testing.T) hostUnderTest {
		h := fakehost.NewHerdr(t)
		return hostUnderTest{
			opts:  []bridge.Option{bridge.WithOutput(io.Discard), bridge.WithEnv(tableEnv(h.Env()))},
			lines: h.Transcript,
		}
	},
	"tuios": func(t *testing.T) hostUnderTest {
		f := fakehost.NewTuios(t)
		return hostUnderTest{
			opts:  []bridge.Option{bridge.WithOutput(io.Discard), bridge.WithEnv(tableEnv(f.Env()))},
			lines: f.Transcript,
		}
	},
	"cmux": func(t *testing.T) hostUnderTest {
		c := fakehost.NewCmux(t, fakehost.WithEnv("CMUX_SURFACE_ID", "surface-1"), fakehost.WithEnv("CMUX_WORKSPACE_ID", "workspace-1"))
		return hostUnderTest{
			opts: []bridge.Option{bridge.WithOutput(io.Discard), bridge.WithEnv(tableEnv(c.Env()))},
			lines: func() []string { // the chat's pid, which set-status names, changes every run
				lines := c.Transcript()
				for i, l := range lines {
					lines[i] = strings.ReplaceAll(l, "--pid="+strconv.Itoa(os.Getpid())+" ", "--pid=<pid> ")
				}
				return lines
			},
		}
	},
}

// The chat states a table row starts from, and the messages that lead there.
var fromStates = []struct {
	name string
	msgs []any
}{
	{"ready", nil},
	{"working", []any{bridge.TurnStarted{}}},
	{"blocked", []any{bridge.TurnStarted{}, bridge.ApprovalNeeded{Tool: "shell", Action: "git push"}}},
	{"failed", []any{bridge.TurnStarted{}, bridge.TurnFailed{Headline: "Error: boom"}}},
	{"idle", []any{bridge.TurnStarted{}, bridge.Idle{Reply: "done"}}},
}

var tableEvents = []struct {
	name string
	msg  any // nil: exit
}{
	{"TurnStarted", bridge.TurnStarted{}},
	{"ApprovalNeeded", bridge.ApprovalNeeded{Tool: "shell", Action: "git push"}},
	{"TurnFailed", bridge.TurnFailed{Headline: "Error: scripted failure"}},
	{"Idle", bridge.Idle{Reply: "You said: hi"}},
	{"SessionSaved", bridge.SessionSaved{ID: "s2", Dir: "/tmp/sessions/s2"}},
	{"exit", nil},
}

// TestWhatEachHostIsTold is the design's table, measured: for every host,
// every message from every state, the lines the host received (the
// terminal unfocused, so pings show; each event's own ping, without the
// rate limit, which TestBridgePingRateLimit covers). One golden file per host, under
// testdata/TestWhatEachHostIsTold/; go test -update rewrites them.
func TestWhatEachHostIsTold(t *testing.T) {
	for _, name := range []string{"terminal", "herdr", "tuios", "cmux"} {
		t.Run(name, func(t *testing.T) {
			var out strings.Builder
			start := hostsUnderTest[name](t)
			sb, err := bridge.New(append(start.opts, bridge.WithAgent("chat"),
				bridge.WithSession("s1", "/tmp/sessions/s1"), bridge.WithSignalHandler(false), bridge.WithPingInterval(0))...)
			if err != nil {
				t.Fatal(err)
			}
			sb.Ready()
			flushHosts(t, sb)
			out.WriteString("start + Ready:\n")
			for _, l := range start.lines() {
				out.WriteString("    " + l + "\n")
			}
			_ = sb.Close()
			for _, from := range fromStates {
				for _, ev := range tableEvents {
					h := hostsUnderTest[name](t)
					b, err := bridge.New(append(h.opts, bridge.WithAgent("chat"),
						bridge.WithSession("s1", "/tmp/sessions/s1"), bridge.WithSignalHandler(false), bridge.WithPingInterval(0))...)
					if err != nil {
						t.Fatal(err)
					}
					b.SetFocus(false)
					b.Ready()
					flushHosts(t, b)
					for _, m := range from.msgs {
						b.Send(m)
						flushHosts(t, b)
					}
					before := len(h.lines())
					if ev.msg == nil {
						if err := b.Close(); err != nil {
							t.Fatal(err)
						}
					} else {
						b.Send(ev.msg)
						flushHosts(t, b)
					}
					out.WriteString(from.name + " + " + ev.name + ":\n")
					for _, l := range h.lines()[before:] {
						out.WriteString("    " + l + "\n")
					}
					_ = b.Close()
				}
			}
			golden.RequireEqual(t, []byte(out.String()))
		})
	}
}

func flushHosts(t *testing.T, b *bridge.Bridge) {
	t.Helper()
	if err := b.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
}

// A bad value is quoted in its error cut to a few dozen bytes: a 10 KB
// agent name is not echoed whole.
func TestBadOptionQuotesLittle(t *testing.T) {
	long := strings.Repeat("x", 10<<10) + " bad"
	for _, opt := range []bridge.Option{bridge.WithAgent(long), bridge.WithSource(long), bridge.WithSession("s", "rel/"+long)} {
		_, err := bridge.New(opt, bridge.WithBackends(&host.Recorder{}), bridge.WithSignalHandler(false))
		if !errors.Is(err, bridge.ErrOption) || len(err.Error()) > 200 || !strings.Contains(err.Error(), "bytes)") {
			t.Errorf("error %.300q: want ErrOption, under 200 bytes, naming the length", err)
		}
	}
}
