package terminal

import (
	"strings"
	"testing"
)

// tmux's #{client_termtype} is the outer terminal's own XTVERSION answer:
// anything may be in it. A bare name, a cut answer or a longer name that
// starts like a row's must neither panic nor match the wrong row.
func TestRowByXTVersion(t *testing.T) {
	for _, tc := range []struct{ in, id, version string }{
		{"kitty(0.47.1)", "kitty", "0.47.1"},
		{"foot(1.20.0)", "foot", "1.20.0"},
		{"iTerm2 3.6.6", "iTerm2", "3.6.6"},
		{"XTerm(379)", "xterm", "379"},
		{"Zellij(4500)", "zellij", "4500"},
		{"kitty", "kitty", ""},
		{"WezTerm ", "WezTerm", ""},
		{"XTerm(", "xterm", ""},
		{"xterm.js(6.1.0)", "", ""}, // VS Code's: not xterm
		{"footclub(1.0)", "", ""},
		{"", "", ""},
	} {
		r, v := rowByXTVersion(tc.in)
		id := ""
		if r != nil {
			id = r.ID
		}
		if id != tc.id || v != tc.version {
			t.Errorf("rowByXTVersion(%q) = %q %q, want %q %q", tc.in, id, v, tc.id, tc.version)
		}
	}
}

func FuzzOuterTerminal(f *testing.F) {
	for _, s := range []string{"kitty(0.47.1)", "kitty", "XTerm(", "iTerm2 3.6.6", "Zellij(4500)", "VTE(7006)"} {
		f.Add(s, "xterm-256color")
	}
	f.Fuzz(func(t *testing.T, termType, termName string) {
		id, _, _ := outer(TmuxFacts{TermType: termType, TermName: termName})
		p := choose(Info{Program: id, Mux: MuxTmux})
		if s := p.String(); strings.ContainsAny(s, "\x1b\a\n") {
			t.Fatalf("plan line with a control: %q", s)
		}
	})
}

// Zellij as tmux's client (Ghostty → Zellij → tmux) turns each bar into
// a notification "4;3" (0.45): no bar, whatever the terminal outside it.
func TestZellijBehindTmuxGetsNoBar(t *testing.T) {
	id, v, _ := outer(TmuxFacts{TermName: "xterm-ghostty", TermType: "Zellij(4500)"})
	if p := choose(Info{Program: id, Version: v, Mux: MuxTmux}); p.Bar {
		t.Errorf("Zellij behind tmux: %s", p)
	}
}

// A known-bad list decides what a terminal does with the bar, not what a
// multiplexer or ssh hides: Zellij's, screen's and ssh's rules stand.
func TestKnownBadListKeepsTheMultiplexerRules(t *testing.T) {
	for _, e := range [][]string{
		{"TERM", "xterm-kitty", "ZELLIJ", "0"},
		{"TERM", "xterm-256color", "SSH_TTY", "/dev/pts/1"},
		{"TERM", "screen-256color", "STY", "1.x"},
	} {
		b, err := newTest(Config{Info: Detect(env(e...)), BadProgress: []string{"WezTerm"}})
		if err != nil {
			t.Fatal(err)
		}
		if p := b.Plan(); p.Bar {
			t.Errorf("%v: %s", e, p)
		}
	}
}
