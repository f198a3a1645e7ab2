package bgquery

import (
	"strings"
	"testing"

	"github.com/hostbridge/hostbridge/internal/hosts"
	"github.com/hostbridge/hostbridge/internal/settings"
)

func envOf(kv ...string) func(string) string {
	m := map[string]string{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return func(k string) string { return m[k] }
}

// hostOf is detection's host for the environment kv; herdr's and tuios's
// markers stand for a whole, valid set of their variables (sockets and all,
// which the root package's tests give for real).
func hostOf(kv ...string) hosts.Host {
	getenv := envOf(kv...)
	s := settings.Default()
	s.Getenv = getenv
	h := hosts.Detect(s).Host
	switch {
	case getenv("TUIOS_ENV") == "1":
		h.Kind = hosts.Tuios
	case getenv("HERDR_ENV") == "1":
		h.Kind = hosts.Herdr
	}
	return h
}

func TestDecide(t *testing.T) {
	const tty, notTTY, fg, bg = true, false, true, false
	tests := []struct {
		name     string
		env      []string
		goos     string
		tty, fg  bool
		plan     Plan
		answerer string
		why      string // a fragment the -doctor line must contain
	}{
		{"plain terminal: termenv asked", []string{"TERM", "xterm-256color"}, "linux", tty, fg,
			Reuse, "", "termenv asked the terminal at start-up (TERM=xterm-256color)"},
		{"herdr forces xterm-256color: termenv asked herdr", []string{"TERM", "xterm-256color", "HERDR_ENV", "1"}, "linux", tty, fg,
			Reuse, "herdr", "termenv asked herdr"},
		{"tuios with an xterm TERM", []string{"TERM", "xterm-256color", "TUIOS_ENV", "1", "TERM_PROGRAM", "ghostty"}, "darwin", tty, fg,
			Reuse, "tuios", "termenv asked tuios"},
		{"tmux 3.4", []string{"TERM", "tmux-256color", "TERM_PROGRAM", "tmux", "TERM_PROGRAM_VERSION", "3.4", "TMUX", "/tmp/t,1,0"}, "linux", tty, fg,
			Ask, "tmux 3.4", "TERM=tmux-256color; tmux 3.4 answers OSC 11"},
		{"tmux 3.5a, screen TERM", []string{"TERM", "screen-256color", "TERM_PROGRAM", "tmux", "TERM_PROGRAM_VERSION", "3.5a", "TMUX", "/tmp/t,1,0"}, "linux", tty, fg,
			Ask, "tmux 3.5a", "answers OSC 11"},
		{"tmux next-3.6", []string{"TERM", "tmux-256color", "TERM_PROGRAM", "tmux", "TERM_PROGRAM_VERSION", "next-3.6", "TMUX", "/tmp/t,1,0"}, "linux", tty, fg,
			Ask, "tmux next-3.6", "answers"},
		{"tmux 3.3a cannot answer", []string{"TERM", "tmux-256color", "TERM_PROGRAM", "tmux", "TERM_PROGRAM_VERSION", "3.3a", "TMUX", "/tmp/t,1,0"}, "linux", tty, fg,
			Fallback, "tmux 3.3a", "termenv skipped the query: TERM=tmux-256color; tmux 3.3a cannot answer OSC 11"},
		{"tmux 2.9", []string{"TERM", "screen", "TERM_PROGRAM", "tmux", "TERM_PROGRAM_VERSION", "2.9", "TMUX", "/tmp/t,1,0"}, "linux", tty, fg,
			Fallback, "tmux 2.9", "cannot answer"},
		{"tmux 10.0", []string{"TERM", "tmux", "TERM_PROGRAM", "tmux", "TERM_PROGRAM_VERSION", "10.0", "TMUX", "/tmp/t,1,0"}, "linux", tty, fg,
			Ask, "tmux 10.0", "answers"},
		{"tmux of unknown version is asked: it answers the CPR at once", []string{"TERM", "tmux-256color", "TMUX", "/tmp/t,1,0"}, "linux", tty, fg,
			Ask, "tmux", "version unknown"},
		{"tmux 3.10", []string{"TERM", "tmux", "TERM_PROGRAM", "tmux", "TERM_PROGRAM_VERSION", "3.10", "TMUX", "/tmp/t,1,0"}, "linux", tty, fg,
			Ask, "tmux 3.10", "answers"},
		{"tmux master build", []string{"TERM", "tmux", "TERM_PROGRAM", "tmux", "TERM_PROGRAM_VERSION", "master", "TMUX", "/tmp/t,1,0"}, "linux", tty, fg,
			Ask, "tmux master", "version unknown"},
		{"tmux openbsd build", []string{"TERM", "tmux-256color", "TERM_PROGRAM", "tmux", "TERM_PROGRAM_VERSION", "openbsd-7.5", "TMUX", "/tmp/t,1,0"}, "openbsd", tty, fg,
			Ask, "tmux openbsd-7.5", "version unknown"},
		// Detection takes herdr as the innermost host whatever TERM_PROGRAM
		// says. Checked against herdr's source (ogulcancelik/herdr@10974c82):
		// a pane gets TERM=xterm-256color and COLORTERM
		// (src/pane.rs apply_pane_terminal_env), HERDR_ENV=1 and its ids
		// (apply_pane_launch_env), HERDR_SOCKET_PATH and HERDR_BIN_PATH
		// (src/integration/env.rs apply_pane_base_env); TERM_PROGRAM and TMUX
		// it neither sets nor clears. So herdr inside tmux carries tmux's
		// TERM_PROGRAM and TMUX with its own TERM: termenv asks, herdr
		// answers (the next case). A screen or tmux TERM beside
		// HERDR_ENV=1 is either a user's TERM in a herdr pane (herdr
		// answers) or a tmux inside herdr's pane, whose server passed
		// herdr's variables on (tmux answers, from 3.4). Asking costs one
		// round trip either way and a 3.3a tmux answers the CPR at once, so
		// both are asked, and the answer is credited to herdr.
		{"herdr inside tmux, herdr's TERM: termenv asked herdr", []string{"TERM", "xterm-256color", "HERDR_ENV", "1", "TERM_PROGRAM", "tmux", "TERM_PROGRAM_VERSION", "3.3a", "TMUX", "/tmp/t,1,0"}, "linux", tty, fg,
			Reuse, "herdr", "termenv asked herdr"},
		{"herdr inside tmux 3.3a: herdr answers", []string{"TERM", "screen-256color", "HERDR_ENV", "1", "TERM_PROGRAM", "tmux", "TERM_PROGRAM_VERSION", "3.3a", "TMUX", "/tmp/t,1,0"}, "linux", tty, fg,
			Ask, "herdr", "herdr answers OSC 11"},
		// TERM_PROGRAM=tmux without TMUX is a leftover (terminal.Detect).
		{"TERM_PROGRAM=tmux without TMUX: not tmux", []string{"TERM", "tmux-256color", "TERM_PROGRAM", "tmux", "TERM_PROGRAM_VERSION", "3.4"}, "linux", tty, fg,
			Fallback, "", "no multiplexer known to answer"},
		{"tuios inside tmux keeps a tmux TERM", []string{"TERM", "tmux-256color", "TUIOS_ENV", "1", "TERM_PROGRAM", "ghostty", "TMUX", "/tmp/t,1,0"}, "linux", tty, fg,
			Ask, "tuios", "tuios answers OSC 11"},
		{"herdr with a screen TERM set by the user", []string{"TERM", "screen-256color", "HERDR_ENV", "1"}, "linux", tty, fg,
			Ask, "herdr", "herdr answers OSC 11"},
		{"GNU screen", []string{"TERM", "screen.xterm-256color", "STY", "123.pts-0"}, "linux", tty, fg,
			Fallback, "GNU screen", "GNU screen cannot answer OSC 11"},
		{"screen TERM, nobody known", []string{"TERM", "screen"}, "linux", tty, fg,
			Fallback, "GNU screen", "cannot answer"},
		{"dumb", []string{"TERM", "dumb", "HERDR_ENV", "1"}, "linux", tty, fg,
			Fallback, "herdr", "termenv skipped the query: TERM=dumb"},
		{"CI", []string{"TERM", "xterm-256color", "CI", "true"}, "linux", tty, fg,
			Fallback, "", "CI is set"},
		{"CI inside tmux: never ask", []string{"TERM", "tmux-256color", "TERM_PROGRAM", "tmux", "TERM_PROGRAM_VERSION", "3.4", "TMUX", "/tmp/t,1,0", "CI", "1"}, "linux", tty, fg,
			Fallback, "tmux 3.4", "CI is set"},
		{"stdout piped", []string{"TERM", "xterm-256color"}, "linux", notTTY, fg,
			Fallback, "", "stdout is not a terminal"},
		{"stdout piped in tmux 3.4: ask the tty", []string{"TERM", "tmux-256color", "TERM_PROGRAM", "tmux", "TERM_PROGRAM_VERSION", "3.4", "TMUX", "/tmp/t,1,0"}, "linux", notTTY, fg,
			Ask, "tmux 3.4", "TERM=tmux-256color"},
		{"background job", []string{"TERM", "xterm-256color"}, "linux", tty, bg,
			Fallback, "", "foreground process group"},
		{"windows", []string{"TERM", "xterm-256color"}, "windows", tty, fg,
			Fallback, "", "termenv does not query on windows"},
		{"windows in tmux-like env", []string{"TERM", "tmux-256color", "TERM_PROGRAM", "tmux", "TERM_PROGRAM_VERSION", "3.4", "TMUX", "/tmp/t,1,0"}, "windows", tty, fg,
			Fallback, "tmux 3.4", "windows"},
		{"no TERM", nil, "linux", tty, fg, Reuse, "", "(TERM=)"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			d := Decide(Env{Host: hostOf(tt.env...), GOOS: tt.goos, StdoutTTY: tt.tty, Foreground: tt.fg, CI: envOf(tt.env...)("CI") != ""})
			if d.Plan != tt.plan || d.Answerer != tt.answerer || !strings.Contains(d.Why, tt.why) {
				t.Errorf("Decide = %v %q %q; want %v %q, why containing %q", d.Plan, d.Answerer, d.Why, tt.plan, tt.answerer, tt.why)
			}
		})
	}
}

func TestDecideShowsHostileEnvCleaned(t *testing.T) {
	d := Decide(Env{Host: hostOf("TERM", "tmux\x1b]9;pwned\a", "TERM_PROGRAM", "tmux", "TERM_PROGRAM_VERSION", "3.4\x07", "TMUX", "/tmp/t,1,0"), GOOS: "linux"})
	if strings.ContainsAny(d.Why, "\x1b\x07") || strings.ContainsAny(d.Answerer, "\x1b\x07") {
		t.Errorf("control bytes reached the diagnostic: %q / %q", d.Why, d.Answerer)
	}
}

// TERM_PROGRAM unset (or another's) inside tmux: the version the server
// gives decides, asked only where the plan depends on it.
func TestDecideTmuxVersionFromServer(t *testing.T) {
	h := hostOf("TERM", "tmux-256color", "TMUX", "/tmp/t,1,0")
	for ver, want := range map[string]struct {
		plan Plan
		why  string
	}{
		"3.3a": {Fallback, "tmux 3.3a cannot answer OSC 11"},
		"3.4":  {Ask, "tmux 3.4 answers OSC 11"},
		"":     {Ask, "tmux (version unknown) may answer"},
	} {
		asked := 0
		d := Decide(Env{Host: h, GOOS: "linux", StdoutTTY: true, Foreground: true, TmuxVersion: func() string { asked++; return ver }})
		if d.Plan != want.plan || !strings.Contains(d.Why, want.why) || asked != 1 {
			t.Errorf("server says %q: %v %q, asked %d; want %v %q, asked once", ver, d.Plan, d.Why, asked, want.plan, want.why)
		}
	}
	asked := 0
	d := Decide(Env{Host: hostOf("TERM", "xterm-256color", "TMUX", "/tmp/t,1,0"), GOOS: "linux", StdoutTTY: true, Foreground: true,
		TmuxVersion: func() string { asked++; return "3.3a" }})
	if d.Plan != Reuse || asked != 0 {
		t.Errorf("termenv asked: %v, tmux asked %d times, want reuse and none", d.Plan, asked)
	}
}
