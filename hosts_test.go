package hostbridge_test

import (
	"context"
	"errors"
	"io"
	"os"
	"strings"
	"testing"

	"github.com/charmbracelet/x/exp/golden"

	"github.com/hostbridge/hostbridge"
	"github.com/hostbridge/hostbridge/backends"
	"github.com/hostbridge/hostbridge/teatest"
)

// hostUnderTest is one host a Bridge can be detected into, with a way to
// read what it was told so far.
type hostUnderTest struct {
	opts  []hostbridge.Option
	lines func() []string
}

func tableEnv(t *testing.T, vars map[string]string, lookPath func(string) (string, error)) backends.Env {
	t.Helper()
	if lookPath == nil {
		lookPath = func(string) (string, error) { return "", errors.New("not found") }
	}
	vars["TERM"], vars["TERM_PROGRAM"] = "xterm-256color", "WezTerm"
	return backends.Env{Getenv: func(k string) string { return vars[k] }, Stat: os.Stat, LookPath: lookPath}
}

var hostsUnderTest = map[string]func(t *testing.T) hostUnderTest{
	"terminal": func(t *testing.T) hostUnderTest {
		term := &teatest.Terminal{}
		return hostUnderTest{
			opts:  []hostbridge.Option{hostbridge.WithOutput(term), hostbridge.WithEnv(tableEnv(t, map[string]string{}, nil))},
			lines: term.Transcript,
		}
	},
	"herdr": func(t *testing.T) hostUnderTest {
		h := teatest.NewHerdr(t)
		return hostUnderTest{
			opts:  []hostbridge.Option{hostbridge.WithOutput(io.Discard), hostbridge.WithEnv(tableEnv(t, h.Env(), nil))},
			lines: h.Transcript,
		}
	},
	"tuios": func(t *testing.T) hostUnderTest {
		f := teatest.NewTuios(t)
		return hostUnderTest{
			opts:  []hostbridge.Option{hostbridge.WithOutput(io.Discard), hostbridge.WithEnv(tableEnv(t, f.Env(), nil))},
			lines: f.Transcript,
		}
	},
	"cmux": func(t *testing.T) hostUnderTest {
		c := teatest.NewCmux(t, teatest.WithEnv("CMUX_SURFACE_ID", "surface-1"), teatest.WithEnv("CMUX_WORKSPACE_ID", "workspace-1"))
		find := func(name string) (string, error) {
			if name == "cmux" {
				return c.Bin(), nil
			}
			return "", errors.New("not found")
		}
		return hostUnderTest{
			opts:  []hostbridge.Option{hostbridge.WithOutput(io.Discard), hostbridge.WithEnv(tableEnv(t, c.Env(), find))},
			lines: c.Transcript,
		}
	},
}

// The chat states a table row starts from, and the messages that lead there.
var fromStates = []struct {
	name string
	msgs []any
}{
	{"ready", nil},
	{"working", []any{hostbridge.TurnStarted{}}},
	{"blocked", []any{hostbridge.TurnStarted{}, hostbridge.ApprovalNeeded{Tool: "shell", Action: "git push"}}},
	{"failed", []any{hostbridge.TurnStarted{}, hostbridge.TurnFailed{Headline: "Error: boom"}}},
	{"idle", []any{hostbridge.TurnStarted{}, hostbridge.Idle{Reply: "done"}}},
}

var tableEvents = []struct {
	name string
	msg  any // nil: exit
}{
	{"TurnStarted", hostbridge.TurnStarted{}},
	{"ApprovalNeeded", hostbridge.ApprovalNeeded{Tool: "shell", Action: "git push"}},
	{"TurnFailed", hostbridge.TurnFailed{Headline: "Error: scripted failure"}},
	{"Idle", hostbridge.Idle{Reply: "You said: hi"}},
	{"SessionSaved", hostbridge.SessionSaved{ID: "s2", Dir: "/tmp/sessions/s2"}},
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
			sb, err := hostbridge.New(append(start.opts, hostbridge.WithAgent("chat"),
				hostbridge.WithSession("s1", "/tmp/sessions/s1"), hostbridge.WithoutSignalHandler(), hostbridge.WithPingInterval(0))...)
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
					b, err := hostbridge.New(append(h.opts, hostbridge.WithAgent("chat"),
						hostbridge.WithSession("s1", "/tmp/sessions/s1"), hostbridge.WithoutSignalHandler(), hostbridge.WithPingInterval(0))...)
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

func flushHosts(t *testing.T, b *hostbridge.Bridge) {
	t.Helper()
	if err := b.Flush(context.Background()); err != nil {
		t.Fatal(err)
	}
}
