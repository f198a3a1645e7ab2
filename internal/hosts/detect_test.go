package hosts

import (
	"errors"
	"net"
	"os"
	"path/filepath"
	"slices"
	"strings"
	"testing"

	"github.com/hostbridge/hostbridge/internal/hosts/hostio"
)

// testEnv is a getenv for vars in which every path under /run/ names a
// real Unix socket, /tmp/file a regular file, and PATH a directory with a
// cmux executable (unless noCmux); other paths name nothing. The sockets
// live in a short temporary directory (a socket path has ~100 bytes).
func testEnv(t testing.TB, vars map[string]string, noCmux bool) func(string) string {
	t.Helper()
	return envIn(fixture(t, vars), vars, noCmux)
}

// fixture makes testEnv's directory: a socket for each /run/ path in vars.
func fixture(t testing.TB, vars map[string]string) string {
	t.Helper()
	dir, err := os.MkdirTemp("", "hb")
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { os.RemoveAll(dir) })
	for _, d := range []string{"run", "bin", "empty"} {
		if err := os.Mkdir(filepath.Join(dir, d), 0o700); err != nil {
			t.Fatal(err)
		}
	}
	for _, v := range vars {
		if name, ok := strings.CutPrefix(v, "/run/"); ok && !strings.ContainsAny(name, "/\x00") {
			if _, err := os.Stat(filepath.Join(dir, "run", name)); err == nil {
				continue
			}
			ln, err := net.Listen("unix", filepath.Join(dir, "run", name))
			if err != nil {
				continue // a name no socket can have
			}
			t.Cleanup(func() { ln.Close() })
		}
	}
	for _, f := range []struct {
		path string
		mode os.FileMode
	}{{"file", 0o600}, {"bin/cmux", 0o755}} {
		if err := os.WriteFile(filepath.Join(dir, f.path), []byte("#!/bin/sh\n"), f.mode); err != nil {
			t.Fatal(err)
		}
	}
	return dir
}

// envIn is testEnv's getenv over a fixture directory.
func envIn(dir string, vars map[string]string, noCmux bool) func(string) string {
	path := filepath.Join(dir, "bin")
	if noCmux {
		path = filepath.Join(dir, "empty")
	}
	return func(k string) string {
		v := vars[k]
		switch {
		case k == "PATH":
			return path
		case v == "/tmp/file":
			return filepath.Join(dir, "file")
		case strings.HasPrefix(v, "/run/"):
			return filepath.Join(dir, "run", v[len("/run/"):])
		}
		return v
	}
}

var (
	herdrVars = map[string]string{
		"HERDR_ENV": "1", "HERDR_SOCKET_PATH": "/run/herdr.sock", "HERDR_PANE_ID": "w1:p2",
		"HERDR_WORKSPACE_ID": "w1", "HERDR_TAB_ID": "w1:t1",
	}
	tuiosVars = map[string]string{
		"TUIOS_ENV": "1", "TUIOS_SOCKET": "/run/tuios.sock", "TUIOS_SESSION": "main",
		"TUIOS_PANE_ID": "6f0c", "TUIOS_WINDOW_ID": "6f0c",
	}
	cmuxVars = map[string]string{"CMUX_SURFACE_ID": "s-1", "CMUX_WORKSPACE_ID": "ws-1", "CMUX_SOCKET_PATH": "/run/cmux.sock"}
)

func merge(ms ...map[string]string) map[string]string {
	out := map[string]string{}
	for _, m := range ms {
		for k, v := range m {
			out[k] = v
		}
	}
	return out
}

func with(m map[string]string, kv ...string) map[string]string {
	out := merge(m)
	for i := 0; i < len(kv); i += 2 {
		out[kv[i]] = kv[i+1]
	}
	return out
}

// TestDetectNesting is the nesting table: the innermost host only, the
// plain terminal behind it, and malformed values falling back to the plain
// terminal with a reason.
func TestDetectNesting(t *testing.T) {
	cases := []struct {
		name     string
		vars     map[string]string
		noCmux   bool
		rules    Rules
		want     Kind
		herdrAPI bool
		problems []string // "<VAR> <reason prefix>"
		lines    []string
	}{
		{name: "none", vars: nil, want: Terminal},
		{name: "herdr alone", vars: herdrVars, want: Herdr,
			lines: []string{"host: herdr", "herdr pane: w1:p2", "herdr workspace: w1", "herdr tab: w1:t1"}},
		{name: "herdr in cmux", vars: merge(cmuxVars, herdrVars), want: Herdr,
			lines: []string{"host: herdr", "herdr pane: w1:p2", "herdr workspace: w1", "herdr tab: w1:t1"}},
		{name: "herdr without workspace or tab", vars: with(herdrVars, "HERDR_WORKSPACE_ID", "", "HERDR_TAB_ID", ""),
			want: Herdr, lines: []string{"host: herdr", "herdr pane: w1:p2"}},
		// herdr's integrations report only with HERDR_ENV=1 (herdr v0.8.2,
		// docs integrations.mdx; its hooks check it); the MendCode rule is
		// the two variables alone.
		{name: "herdr vars without HERDR_ENV", vars: with(herdrVars, "HERDR_ENV", ""), want: Terminal,
			problems: []string{"HERDR_ENV is not set: herdr asks integrations to report only with HERDR_ENV=1"}},
		{name: "herdr vars with HERDR_ENV=0", vars: with(herdrVars, "HERDR_ENV", "0"), want: Terminal,
			problems: []string{`HERDR_ENV is "0": herdr asks`}},
		{name: "herdr vars with HERDR_ENV=0 inside cmux: the terminal, not cmux",
			vars: merge(cmuxVars, with(herdrVars, "HERDR_ENV", "0")), want: Terminal, problems: []string{`HERDR_ENV is "0"`}},
		{name: "herdr vars without HERDR_ENV, by the pane variables", vars: with(herdrVars, "HERDR_ENV", ""),
			rules: Rules{HerdrPaneVars: true}, want: Herdr,
			lines: []string{"host: herdr", "herdr pane: w1:p2", "herdr workspace: w1", "herdr tab: w1:t1"}},
		{name: "herdr vars with HERDR_ENV=0, by the pane variables", vars: with(herdrVars, "HERDR_ENV", "0"),
			rules: Rules{HerdrPaneVars: true}, want: Herdr,
			lines: []string{"host: herdr", "herdr pane: w1:p2", "herdr workspace: w1", "herdr tab: w1:t1"}},
		// On Windows herdr listens on a named pipe and leaves a regular
		// marker file at HERDR_SOCKET_PATH (ogulcancelik/herdr@10974c82 src/ipc.rs bind_local_listener).
		{name: "herdr on Windows: the socket path is a marker file", vars: with(herdrVars, "HERDR_SOCKET_PATH", "/tmp/file"),
			rules: Rules{GOOS: "windows"}, want: Herdr,
			lines: []string{"host: herdr", "herdr pane: w1:p2", "herdr workspace: w1", "herdr tab: w1:t1"}},
		{name: "herdr on Windows: no marker file", vars: with(herdrVars, "HERDR_SOCKET_PATH", "/gone/herdr.sock"),
			rules: Rules{GOOS: "windows"}, want: Terminal, problems: []string{"HERDR_SOCKET_PATH names no socket"}},
		{name: "tuios on Windows: its socket is no marker file", vars: with(tuiosVars, "TUIOS_SOCKET", "/tmp/file"),
			rules: Rules{GOOS: "windows"}, want: Terminal, problems: []string{"TUIOS_SOCKET is not a socket"}},
		{name: "tuios alone", vars: tuiosVars, want: Tuios,
			lines: []string{"host: tuios", "tuios pane: 6f0c", "tuios session: main"}},
		{name: "tuios in cmux", vars: merge(cmuxVars, tuiosVars), want: Tuios,
			lines: []string{"host: tuios", "tuios pane: 6f0c", "tuios session: main"}},
		{name: "tuios with herdr's variables (tuios answers herdr's API)",
			vars: merge(tuiosVars, map[string]string{"HERDR_SOCKET_PATH": "/run/tuios.sock", "HERDR_PANE_ID": "6f0c"}),
			want: Tuios, herdrAPI: true, lines: []string{"host: tuios", "tuios pane: 6f0c", "tuios session: main"}},
		{name: "tuios with HERDR_ENV=1 on its own socket",
			vars: merge(tuiosVars, map[string]string{"HERDR_ENV": "1", "HERDR_SOCKET_PATH": "/run/tuios.sock", "HERDR_PANE_ID": "6f0c"}),
			want: Tuios, herdrAPI: true, lines: []string{"host: tuios", "tuios pane: 6f0c", "tuios session: main"}},
		{name: "herdr inside tuios", vars: merge(tuiosVars, herdrVars), want: Herdr,
			lines: []string{"host: herdr", "herdr pane: w1:p2", "herdr workspace: w1", "herdr tab: w1:t1"}},
		{name: "cmux alone", vars: cmuxVars, want: Cmux, lines: []string{"host: cmux", "cmux surface: s-1", "cmux workspace: ws-1"}},

		{name: "herdr pane id empty", vars: with(herdrVars, "HERDR_PANE_ID", ""), want: Terminal,
			problems: []string{"HERDR_PANE_ID is empty"}},
		{name: "herdr pane id with newline", vars: with(herdrVars, "HERDR_PANE_ID", "w1:p2\nrm -rf"), want: Terminal,
			problems: []string{"HERDR_PANE_ID contains a control"}},
		{name: "herdr pane id with escape", vars: with(herdrVars, "HERDR_PANE_ID", "w1\x1b]0;x\x07"), want: Terminal,
			problems: []string{"HERDR_PANE_ID contains a control"}},
		{name: "herdr pane id too long", vars: with(herdrVars, "HERDR_PANE_ID", strings.Repeat("p", 300)), want: Terminal,
			problems: []string{"HERDR_PANE_ID is longer"}},
		{name: "herdr tab with space", vars: with(herdrVars, "HERDR_TAB_ID", "w1 t1"), want: Terminal,
			problems: []string{"HERDR_TAB_ID contains a control"}},
		{name: "herdr socket relative", vars: with(herdrVars, "HERDR_SOCKET_PATH", "herdr.sock"), want: Terminal,
			problems: []string{"HERDR_SOCKET_PATH is not an absolute path"}},
		{name: "herdr socket missing", vars: with(herdrVars, "HERDR_SOCKET_PATH", "/gone/herdr.sock"), want: Terminal,
			problems: []string{"HERDR_SOCKET_PATH names no socket"}},
		{name: "herdr socket is a file", vars: with(herdrVars, "HERDR_SOCKET_PATH", "/tmp/file"), want: Terminal,
			problems: []string{"HERDR_SOCKET_PATH is not a socket"}},
		{name: "herdr socket empty", vars: with(herdrVars, "HERDR_SOCKET_PATH", ""), want: Terminal,
			problems: []string{"HERDR_SOCKET_PATH is empty"}},
		{name: "herdr malformed inside cmux falls back to the terminal, not cmux",
			vars: merge(cmuxVars, with(herdrVars, "HERDR_PANE_ID", "")), want: Terminal,
			problems: []string{"HERDR_PANE_ID is empty"}},
		{name: "herdr bin relative is reported, herdr kept", vars: with(herdrVars, "HERDR_BIN_PATH", "herdr"), want: Herdr,
			problems: []string{"HERDR_BIN_PATH is not an absolute path"},
			lines:    []string{"host: herdr", "herdr pane: w1:p2", "herdr workspace: w1", "herdr tab: w1:t1"}},
		{name: "tuios session empty", vars: with(tuiosVars, "TUIOS_SESSION", ""), want: Terminal,
			problems: []string{"TUIOS_SESSION is empty"}},
		// tuios lets a session name hold blanks (tuios new "my work"): such a
		// pane is tuios's, and the name is shown quoted where it would not
		// read as it is.
		{name: "tuios session with a blank", vars: with(tuiosVars, "TUIOS_SESSION", "my work"), want: Tuios,
			lines: []string{"host: tuios", "tuios pane: 6f0c", "tuios session: my work"}},
		{name: "tuios session with blanks that do not show", vars: with(tuiosVars, "TUIOS_SESSION", "my  work "), want: Tuios,
			lines: []string{"host: tuios", "tuios pane: 6f0c", `tuios session: "my  work "`}},
		{name: "tuios session with an invisible character", vars: with(tuiosVars, "TUIOS_SESSION", "my\u200bwork"), want: Tuios,
			lines: []string{"host: tuios", "tuios pane: 6f0c", `tuios session: "my\u200bwork"`}},
		{name: "tuios session with a tab", vars: with(tuiosVars, "TUIOS_SESSION", "my\twork"), want: Terminal,
			problems: []string{"TUIOS_SESSION contains a control"}},
		{name: "tuios session with a C1 control", vars: with(tuiosVars, "TUIOS_SESSION", "my\u009bwork"), want: Terminal,
			problems: []string{"TUIOS_SESSION contains a control"}},
		{name: "tuios session not UTF-8", vars: with(tuiosVars, "TUIOS_SESSION", "my\xffwork"), want: Terminal,
			problems: []string{"TUIOS_SESSION contains a control"}},
		{name: "tuios session too long", vars: with(tuiosVars, "TUIOS_SESSION", strings.Repeat("s", 300)), want: Terminal,
			problems: []string{"TUIOS_SESSION is longer"}},
		{name: "tuios pane with control", vars: with(tuiosVars, "TUIOS_PANE_ID", "a\tb"), want: Terminal,
			problems: []string{"TUIOS_PANE_ID contains a control"}},
		{name: "tuios socket missing", vars: with(tuiosVars, "TUIOS_SOCKET", "/nope"), want: Terminal,
			problems: []string{"TUIOS_SOCKET names no socket"}},
		{name: "tuios with malformed herdr variables",
			vars: merge(tuiosVars, map[string]string{"HERDR_SOCKET_PATH": "rel", "HERDR_PANE_ID": "6f0c"}),
			want: Terminal, problems: []string{"HERDR_SOCKET_PATH is not an absolute path"}},
		{name: "cmux without the executable", vars: cmuxVars, noCmux: true, want: Terminal,
			problems: []string{"PATH has no cmux"}},
		{name: "cmux surface with newline", vars: with(cmuxVars, "CMUX_SURFACE_ID", "s\n1"), want: Terminal,
			problems: []string{"CMUX_SURFACE_ID contains a control"}},
		{name: "cmux workspace with invalid utf-8", vars: with(cmuxVars, "CMUX_WORKSPACE_ID", "w\xff"), want: Terminal,
			problems: []string{"CMUX_WORKSPACE_ID contains a control"}},
		// In the order the variables are read: the ids, then PATH.
		{name: "cmux with every problem", vars: with(with(cmuxVars, "CMUX_SURFACE_ID", "-s"), "CMUX_WORKSPACE_ID", "w 1"),
			noCmux: true, want: Terminal,
			problems: []string{"CMUX_SURFACE_ID starts with '-'", "CMUX_WORKSPACE_ID contains a control", "PATH has no cmux"}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			d := DetectWith(testEnv(t, c.vars, c.noCmux), c.rules)
			if d.Host.Kind != c.want {
				t.Errorf("host = %s, want %s", d.Host.Kind, c.want)
			}
			if cli := c.want == Herdr && c.rules.GOOS == "windows"; d.Host.Herdr.CLI != cli {
				t.Errorf("HerdrCLI = %v, want %v", d.Host.Herdr.CLI, cli)
			}
			if d.Host.Tuios.HerdrAPI != c.herdrAPI {
				t.Errorf("HerdrAPI = %v, want %v", d.Host.Tuios.HerdrAPI, c.herdrAPI)
			}
			var got []string
			for _, p := range d.Problems {
				got = append(got, p.Var+" "+p.Reason)
				if !errors.Is(p, hostio.ErrMalformed) {
					t.Errorf("problem %v does not wrap ErrMalformed", p)
				}
				if strings.ContainsAny(p.Error(), "\n\x1b") {
					t.Errorf("problem text carries the bad value raw: %q", p.Error())
				}
			}
			if len(got) != len(c.problems) {
				t.Fatalf("problems = %q, want %q", got, c.problems)
			}
			for i := range got {
				if !strings.HasPrefix(got[i], c.problems[i]) {
					t.Errorf("problem %d = %q, want prefix %q", i, got[i], c.problems[i])
				}
			}
			if lines := d.Host.EnvironmentLines(); !slices.Equal(lines, c.lines) {
				t.Errorf("lines = %q, want %q", lines, c.lines)
			}
		})
	}
}

func FuzzDetect(f *testing.F) {
	f.Add("1", "/run/h.sock", "w1:p2", "w1", "1", "/run/t.sock", "s-1")
	f.Add("", "rel", "a\nb", "\x1b", "0", "", "")
	// The sockets the seeds name are made once: made per input, as testEnv
	// does, they held the fuzzer at a few hundred inputs a second, its time
	// in the file system rather than in Detect. Other /run/ paths name nothing.
	dir := fixture(f, map[string]string{"h": "/run/h.sock", "t": "/run/t.sock"})
	f.Fuzz(func(t *testing.T, herdrEnv, sock, pane, ws, tuiosEnv, tsock, surface string) {
		vars := map[string]string{
			"HERDR_ENV": herdrEnv, "HERDR_SOCKET_PATH": sock, "HERDR_PANE_ID": pane, "HERDR_WORKSPACE_ID": ws,
			"TUIOS_ENV": tuiosEnv, "TUIOS_SOCKET": tsock, "TUIOS_PANE_ID": pane, "TUIOS_SESSION": ws,
			"CMUX_SURFACE_ID": surface,
		}
		d := DetectEnv(envIn(dir, vars, false))
		for _, line := range d.Host.EnvironmentLines() {
			if strings.ContainsFunc(line, func(r rune) bool { return r < 0x20 || r == 0x7f }) {
				t.Fatalf("environment line with a control: %q", line)
			}
		}
		if d.Host.Kind != Terminal && len(d.Problems) > 0 {
			t.Fatalf("host %s chosen despite problems %v", d.Host.Kind, d.Problems)
		}
	})
}

// An id with an invisible format character (a zero-width joiner) reads
// the same as a clean one but is not: detection refuses it rather than
// hand a host something it may refuse.
func TestDetectRefusesInvisibleCharacters(t *testing.T) {
	d := DetectEnv(testEnv(t, with(herdrVars, "HERDR_PANE_ID", "w1:\u200dp2"), false))
	if d.Host.Kind != Terminal || len(d.Problems) != 1 || d.Problems[0].Var != "HERDR_PANE_ID" {
		t.Errorf("host %s, problems %v", d.Host.Kind, d.Problems)
	}
}

// tuios's stall window is read with the rest of the environment, through
// the getenv detection was given (WithEnv), never from the process's own.
func TestDetectReadsTuiosStallThroughGetenv(t *testing.T) {
	t.Setenv("TUIOS_AGENT_STALL_SECONDS", "100")
	d := DetectEnv(testEnv(t, with(tuiosVars, "TUIOS_AGENT_STALL_SECONDS", "8"), false))
	if d.Host.Kind != Tuios || d.Host.Tuios.Stall != "8" {
		t.Errorf("host %s, stall %q; want tuios, \"8\"", d.Host.Kind, d.Host.Tuios.Stall)
	}
}
