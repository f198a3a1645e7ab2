//go:build linux || darwin

package chattest

import (
	"strings"
	"testing"

	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// Doctor runs the chat binary with -doctor (and args) in env, and returns
// what it printed.
func (ch *Chat) Doctor(t *testing.T, env []string, args ...string) string {
	t.Helper()
	out, err := command(t, env, ch.Binary(t), append([]string{"-doctor"}, args...)...).Output()
	if err != nil {
		t.Fatalf("chat -doctor: %v\n%s", err, out)
	}
	return string(out)
}

func wantLines(t *testing.T, out string, want ...string) {
	t.Helper()
	for _, w := range want {
		if !strings.Contains(out, w+"\n") {
			t.Errorf("-doctor does not say %q; it said:\n%s", w, out)
		}
	}
}

func DoctorMalformedHerdr(t *testing.T, ch *Chat) {
	t.Parallel()
	h := fakehost.NewHerdr(t)
	out := ch.Doctor(t, TestEnv(t,
		"HERDR_ENV=1",
		"HERDR_SOCKET_PATH="+h.Env()["HERDR_SOCKET_PATH"],
		"HERDR_PANE_ID=w1:\np2",
	))
	wantLines(t, out,
		"host: terminal",
		"problems:",
		"  herdr: HERDR_PANE_ID contains a control character or white space; using the plain terminal",
		"environment lines: none (the plain terminal adds none)",
		"palette: dark",
		"agent: chat (profile iota, notify on)",
	)
	if strings.Contains(out, "host: herdr") {
		t.Errorf("the malformed pane id was used:\n%s", out)
	}
	if !strings.HasPrefix(out, "host: terminal\n") {
		t.Errorf("-doctor does not start with the host:\n%s", out)
	}
}

func DoctorHerdr(t *testing.T, ch *Chat) {
	t.Parallel()
	env := fakehost.NewHerdr(t).Env()
	out := ch.Doctor(t, fakeEnv(t, env))
	wantLines(t, out,
		"host: herdr",
		"problems: none",
		"channels:",
		"  herdr: state, session, exit via socket "+env["HERDR_SOCKET_PATH"]+", pane "+env["HERDR_PANE_ID"],
		"environment lines:",
		"  host: herdr",
		"  herdr pane: "+env["HERDR_PANE_ID"],
		"  herdr workspace: w1",
		"  herdr tab: w1:t1",
		"  | herdr pane: "+env["HERDR_PANE_ID"],
		"  | </environment>",
	)
	if !strings.Contains(out, "\n  herdr: ") {
		t.Errorf("-doctor lists no herdr channel:\n%s", out)
	}
	if !strings.Contains(out, "  | herdr tab: w1:t1\n  | </environment>\n") {
		t.Errorf("the system prompt's <environment> block does not end with the host's lines:\n%s", out)
	}
}

// DoctorHerdrWithoutEnv: herdr's variables without HERDR_ENV=1 (herdr
// v0.8.2 asks integrations to report only with it) leave herdr alone, and
// -doctor says why; the mendcode profile takes the two variables alone.
func DoctorHerdrWithoutEnv(t *testing.T, ch *Chat) {
	t.Parallel()
	for _, tc := range []struct{ herdrEnv, said string }{
		{"0", `HERDR_ENV is "0"`},
		{"", "HERDR_ENV is not set"},
	} {
		h := fakehost.NewHerdr(t)
		env := h.Env()
		delete(env, "HERDR_ENV")
		if tc.herdrEnv != "" {
			env["HERDR_ENV"] = tc.herdrEnv
		}
		wantLines(t, ch.Doctor(t, fakeEnv(t, env)),
			"host: terminal",
			"  herdr: "+tc.said+": herdr asks integrations to report only with HERDR_ENV=1; using the plain terminal",
			"environment lines: none (the plain terminal adds none)",
		)
		wantLines(t, ch.Doctor(t, fakeEnv(t, env), "-profile", "mendcode"),
			"host: herdr",
			"problems: none",
			"  herdr: state, session, exit, metadata via socket "+env["HERDR_SOCKET_PATH"]+", pane "+env["HERDR_PANE_ID"],
		)
		if n := h.Connections(); n != 0 {
			t.Errorf("-doctor made %d connections to herdr's socket", n)
		}
	}
}

func DoctorOptions(t *testing.T, ch *Chat) {
	t.Parallel()
	h := fakehost.NewHerdr(t)
	out := ch.Doctor(t, fakeEnv(t, h.Env(), map[string]string{"MENDCODE_HERDR": "0"}),
		"-background", "light", "-profile", "mendcode", "-agent", "mc", "-notify=false", "-session", "s7")
	wantLines(t, out,
		"host: herdr",
		"background: light (override): set by the program",
		"palette: light",
		"agent: mc (profile mendcode, notify off)",
		"session: s7",
	)
	if strings.Contains(out, "\n  herdr: ") {
		t.Errorf("MENDCODE_HERDR=0 left the herdr channel on:\n%s", out)
	}
}

// A tuios session may hold blanks (tuios new "my work"): the pane is
// tuios's, and the doctor and the system prompt show the name so its
// blanks can be seen, quoted where it would not read as it is.
func DoctorTuiosSessionWithBlanks(t *testing.T, ch *Chat) {
	t.Parallel()
	for _, tc := range []struct{ session, shown string }{
		{"my work", "my work"},
		{"my  work ", `"my  work "`},
	} {
		f := fakehost.NewTuios(t, fakehost.WithEnv("TUIOS_SESSION", tc.session))
		out := ch.Doctor(t, fakeEnv(t, f.Env()))
		wantLines(t, out,
			"host: tuios",
			"problems: none",
			"  tuios session: "+tc.shown,
			"  | tuios session: "+tc.shown,
		)
		if !strings.Contains(out, ", session "+tc.shown+", window ") {
			t.Errorf("the tuios channel does not name the session %s:\n%s", tc.shown, out)
		}
	}
}

// DoctorTerminal: -doctor on a terminal says which terminal the table
// recognised, from what, and the bar, ping and keep-alive chosen for it,
// with why where there is none (internal/hosts/terminal: terminals.go, plan.go).
func DoctorTerminal(t *testing.T, ch *Chat) {
	t.Parallel()
	onPty := func(env ...string) string {
		c := ch.StartProgram(t, TestEnv(t, env...), ch.Binary(t), "-doctor")
		c.Exit()
		return strings.ReplaceAll(string(c.Output()), "\r\n", "\n")
	}
	out := onPty("TERM=foot", "TERM_PROGRAM=")
	wantLines(t, out,
		"terminal:",
		"  recognised: foot (version unknown) from TERM=foot",
		"  ping: OSC 777",
		"  keep-alive: none",
	)
	if !strings.Contains(out, "\n  bar: none: foot: OSC 9;4 shown as a notification from 1.8, and its version is unknown (") {
		t.Errorf("-doctor does not say why foot gets no bar:\n%s", out)
	}
	wantLines(t, onPty("TERM_PROGRAM=", "VTE_VERSION=8002"),
		"  recognised: VTE (GNOME Terminal, Ptyxis, xfce4-terminal, Tilix) 0.80.2 from VTE_VERSION",
		"  bar: OSC 9;4 ST-terminated (it ignores a BEL-terminated one)",
		"  ping: BEL",
		"  keep-alive: none",
	)
	wantLines(t, onPty("TERM=xterm-ghostty", "TERM_PROGRAM=ghostty", "TERM_PROGRAM_VERSION=1.2.0"),
		"  recognised: Ghostty 1.2.0 from TERM=xterm-ghostty",
		"  bar: OSC 9;4 ST-terminated",
		"  ping: OSC 9",
	)
	// Without a terminal, the doctor says so.
	wantLines(t, ch.Doctor(t, TestEnv(t)), "terminal: not used")
}
