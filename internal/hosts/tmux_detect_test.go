package hosts

import (
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hostbridge/hostbridge/internal/hosts/tmux"

	"github.com/hostbridge/hostbridge/internal/hosts/hostio"
)

// tmuxEnv is a getenv for vars with PATH holding a tmux executable, unless
// noTmux.
func tmuxEnv(t *testing.T, vars map[string]string, noTmux bool) func(string) string {
	t.Helper()
	dir := t.TempDir()
	if !noTmux {
		if err := os.WriteFile(filepath.Join(dir, "tmux"), []byte("#!/bin/sh\n"), 0o755); err != nil {
			t.Fatal(err)
		}
	}
	return func(k string) string {
		if k == "PATH" {
			return dir
		}
		return vars[k]
	}
}

// Inside tmux the pane is an extra channel whatever the innermost host; a
// malformed value leaves out the tmux channel alone, with a Problem, and
// never changes the innermost host or its environment lines.
func TestDetectTmux(t *testing.T) {
	tmuxVars := map[string]string{"TMUX": "/tmp/tmux-1000/default,4242,0", "TMUX_PANE": "%3"}
	cases := []struct {
		name    string
		vars    map[string]string
		noTmux  bool
		kind    Kind
		socket  string
		problem string // the Problem's Var, "" for none
	}{
		{name: "outside tmux", vars: nil, kind: Terminal},
		{name: "plain tmux", vars: tmuxVars, kind: Terminal, socket: "/tmp/tmux-1000/default"},
		{name: "herdr in tmux", vars: merge(herdrVars, tmuxVars), kind: Herdr, socket: "/tmp/tmux-1000/default"},
		{name: "a socket path with a comma is cut as tmux cuts it", vars: with(tmuxVars, "TMUX", "/tmp/a,b/default,1,0"),
			kind: Terminal, socket: "/tmp/a"},
		{name: "no tmux on PATH", vars: tmuxVars, noTmux: true, kind: Terminal, problem: "PATH"},
		{name: "TMUX_PANE empty", vars: with(tmuxVars, "TMUX_PANE", ""), kind: Terminal, problem: "TMUX_PANE"},
		{name: "TMUX_PANE not a pane", vars: with(tmuxVars, "TMUX_PANE", "%3;rm"), kind: Terminal, problem: "TMUX_PANE"},
		{name: "TMUX_PANE a window", vars: with(tmuxVars, "TMUX_PANE", "@3"), kind: Terminal, problem: "TMUX_PANE"},
		{name: "TMUX relative", vars: with(tmuxVars, "TMUX", "default,1,0"), kind: Terminal, problem: "TMUX"},
		{name: "TMUX with a control", vars: with(tmuxVars, "TMUX", "/tmp/x\x1b,1,0"), kind: Terminal, problem: "TMUX"},
		{name: "herdr in a tmux with a bad pane", vars: merge(herdrVars, with(tmuxVars, "TMUX_PANE", "x")),
			kind: Herdr, problem: "TMUX_PANE"},
	}
	for _, tc := range cases {
		t.Run(tc.name, func(t *testing.T) {
			env := testEnv(t, tc.vars, false)
			tenv := tmuxEnv(t, tc.vars, tc.noTmux)
			d := DetectEnv(func(k string) string {
				if k == "PATH" {
					return tenv(k)
				}
				return env(k)
			})
			if d.Host.Kind != tc.kind {
				t.Errorf("kind %v, want %v", d.Host.Kind, tc.kind)
			}
			if d.Host.Tmux.Socket != tc.socket {
				t.Errorf("tmux socket %q, want %q", d.Host.Tmux.Socket, tc.socket)
			}
			var vars []string
			for _, p := range d.Problems {
				if p.Host == "tmux" {
					vars = append(vars, p.Var)
				}
			}
			if want := []string{tc.problem}; tc.problem == "" && len(vars) != 0 || tc.problem != "" && !slices.Equal(vars, want) {
				t.Errorf("tmux problems %q, want %q (%v)", vars, tc.problem, d.Problems)
			}
			if tc.socket != "" && (d.Host.Tmux.ID != "%3" || d.Host.TmuxLine() != "tmux pane: %3") {
				t.Errorf("pane %q, line %q", d.Host.Tmux.ID, d.Host.TmuxLine())
			}
			for _, l := range d.Host.EnvironmentLines() {
				if l == d.Host.TmuxLine() {
					t.Errorf("the tmux line is among the default environment lines: %q", d.Host.EnvironmentLines())
				}
			}
		})
	}
}

func TestTmuxProblemSays(t *testing.T) {
	p := &hostio.Problem{Host: "tmux", Var: "TMUX_PANE", Reason: "is not a tmux pane id", Ignored: true}
	if got, want := p.Error(), "tmux: TMUX_PANE is not a tmux pane id; no tmux pane options"; got != want {
		t.Errorf("Error() = %q, want %q", got, want)
	}
}

// Build adds the tmux channel beside the host that carries the state; the
// terminal still carries the bar in a plain tmux, the ping alone in herdr.
func TestBuildTmuxChannel(t *testing.T) {
	d := Detection{Host: Host{Tmux: tmux.Pane{Socket: "/tmp/tmux-1/default", ID: "%3", Bin: "sh"}}}
	d.Host.Terminal.Mux = 1 // tmux
	list, chans := Build(d, Config{Output: os.Stderr, OutputChosen: true}.S())
	var names []string
	for _, b := range list {
		names = append(names, b.Name())
	}
	if want := []string{"tmux", "terminal"}; !slices.Equal(names, want) {
		t.Errorf("backends %q, want %q", names, want)
	}
	if len(chans) != 2 || chans[0].Host != "tmux" || !strings.HasPrefix(chans[1].String(), "terminal: progress (OSC 9;4), ping (OSC 9), tmux's bell (BEL) for needs you and failed via") {
		t.Errorf("channels %v", chans)
	}
	if _, chans := Build(d, Config{Output: os.Stderr, OutputChosen: true, Off: true}.S()); len(chans) != 1 {
		t.Errorf("with the hosts off: channels %v, want the terminal alone", chans)
	}
}
