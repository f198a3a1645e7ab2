//go:build unix

package terminal

import (
	"context"
	"errors"
	"io"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakepty"
)

// A turn as the chat reports it: two pings, one with a ';' and one that
// starts with a digit, and every bar state.
var profileTurn = []host.Report{
	state(host.Idle), state(host.Working), state(host.Blocked), ping("approve shell: git push; rm -rf build"),
	state(host.Working), state(host.Failed), ping("3 tests failed"), state(host.Idle), exit,
}

// The bars a terminal that draws them all draws for profileTurn.
var allBars = []string{"0", "3", "4;100", "3", "2;100", "0", "0"}

// profile is a terminal's environment and what its user must see.
type profile struct {
	name    string
	env     []string
	reader  string // readers' key
	version string // the terminal's real version (which the environment may not tell)
	bars    []string
	notes   int           // notifications (or BEL flags) for the two pings, none for a bar
	keep    time.Duration // the keep-alive for a running turn
}

var profiles = []profile{
	{"Ghostty 1.2", []string{"TERM", "xterm-ghostty", "TERM_PROGRAM", "ghostty", "TERM_PROGRAM_VERSION", "1.2.0"},
		"ghostty", "1.2.0", allBars, 2, 10 * time.Second},
	{"kitty 0.26 (Debian 12), no version in the environment", []string{"TERM", "xterm-kitty", "KITTY_WINDOW_ID", "1"},
		"kitty", "0.26.5", nil, 2, 0},
	{"kitty 0.32 with TERM overridden", []string{"TERM", "xterm-256color", "KITTY_PID", "7"}, "kitty", "0.32.2", nil, 2, 0},
	{"WezTerm 20240203 (release)", []string{"TERM_PROGRAM", "WezTerm", "TERM_PROGRAM_VERSION", "20240203-110809-5046fc22"},
		"WezTerm", "20240203", nil, 2, 0},
	{"WezTerm nightly", []string{"TERM_PROGRAM", "WezTerm", "TERM_PROGRAM_VERSION", "20250301-000000-abcdef12"},
		"WezTerm", "20250301", []string{"0", "0", "2;100", "0", "0"}, 2, 0},
	{"iTerm2 3.5", []string{"TERM_PROGRAM", "iTerm.app", "TERM_PROGRAM_VERSION", "3.5.10"}, "iTerm2", "3.5.10", nil, 2, 0},
	{"iTerm2 3.6.6 over ssh", []string{"LC_TERMINAL", "iTerm2", "LC_TERMINAL_VERSION", "3.6.6"}, "iTerm2", "3.6.6", allBars, 2, 0},
	{"foot 1.13 (Debian 12)", []string{"TERM", "foot"}, "foot", "1.13.1", nil, 2, 0},
	{"foot 1.20", []string{"TERM", "foot-direct"}, "foot", "1.20.0", nil, 2, 0},
	{"GNOME Terminal, VTE 0.70 (Debian 12)", []string{"TERM", "xterm-256color", "VTE_VERSION", "7006"}, "vte", "0.70.6", nil, 2, 0},
	{"Ptyxis, VTE 0.80", []string{"TERM", "xterm-256color", "VTE_VERSION", "8002"}, "vte", "0.80.2", allBars, 2, 0},
	{"Konsole 22.12 (Debian 12)", []string{"KONSOLE_VERSION", "221203"}, "konsole", "22.12.3", nil, 2, 0},
	{"Konsole 23.08", []string{"KONSOLE_VERSION", "230804"}, "konsole", "23.08.4", nil, 2, 0},
	{"Konsole 26.04", []string{"KONSOLE_VERSION", "260400"}, "konsole", "26.04.0", nil, 2, 0},
	{"Windows Terminal", []string{"WT_SESSION", "5f7f"}, "WindowsTerminal", "", allBars, 2, 0},
	{"Alacritty 0.11", []string{"TERM", "alacritty"}, "bell-only", "", nil, 2, 0},
	{"xterm", []string{"TERM", "xterm-256color", "XTERM_VERSION", "XTerm(379)"}, "bell-only", "", nil, 2, 0},
	{"rxvt-unicode", []string{"TERM", "rxvt-unicode-256color"}, "bell-only", "", nil, 2, 0},
	{"Apple Terminal", []string{"TERM_PROGRAM", "Apple_Terminal"}, "bell-only", "", nil, 2, 0},
	{"Rio", []string{"TERM_PROGRAM", "rio", "TERM_PROGRAM_VERSION", "0.3.1"}, "rio", "0.3.1", allBars, 2, 10 * time.Second},
	{"Contour 0.7", []string{"TERM", "contour", "TERM_PROGRAM", "contour", "TERM_PROGRAM_VERSION", "0.7.0"},
		"contour", "0.7.0", allBars, 2, 0},
	{"Contour 0.6.2, version unknown", []string{"TERM", "contour"}, "contour", "0.6.2", nil, 2, 0},
	{"Konsole 24.12", []string{"KONSOLE_VERSION", "241202"}, "konsole", "24.12.2", nil, 2, 0},
	{"Linux console", []string{"TERM", "linux"}, "linux", "", nil, 0, 0},
	// Over ssh with TERM overridden nothing names the terminal: no bar,
	// which kitty 0.26 and foot 1.13 would each show as a notification
	// (.ci/terminals --ssh xterm-256color runs the real ones).
	{"kitty 0.26 over ssh as xterm-256color", []string{"TERM", "xterm-256color", "SSH_CONNECTION", "10.0.0.2 50000 10.0.0.1 22"},
		"kitty", "0.26.5", nil, 2, 0},
	{"foot 1.13 over ssh as xterm-256color", []string{"TERM", "xterm-256color", "SSH_TTY", "/dev/pts/3"}, "foot", "1.13.1", nil, 2, 0},
	{"kitty inside Zellij 0.45", []string{"TERM", "xterm-kitty", "ZELLIJ", "0", "ZELLIJ_SESSION_NAME", "s"}, "zellij", "0.45", nil, 2, 0},
}

// TestTerminalProfiles runs the turn through a real pty for each
// terminal's environment and reads the bytes as that terminal does: the
// bar where the table says it is drawn, exactly one notification per
// ping, none per state change, no text on the screen.
func TestTerminalProfiles(t *testing.T) {
	for _, pf := range profiles {
		t.Run(pf.name, func(t *testing.T) {
			in := Detect(env(pf.env...))
			got := throughPty(t, Config{Info: in, Title: "chat"})
			s := readers[pf.reader](pf.version).read(got)
			checkSeen(t, s, pf.bars, pf.notes)
			b, _ := newTest(Config{Output: io.Discard, Info: in})
			if k := b.Refresh(host.Working); k != pf.keep {
				t.Errorf("keep-alive %v, want %v", k, pf.keep)
			}
			if t.Failed() {
				t.Logf("bytes %q\nplan: %s", got, b.Plan())
			}
		})
	}
}

// The unknown terminal gets what every terminal got before the table
// (the kits' goldens show it): OSC 9;4 and OSC 9, BEL-terminated; only a
// ping's ';' became a ',' (plan.go).
func TestUnknownTerminalUnchanged(t *testing.T) {
	got := throughPty(t, Config{Info: Detect(env("TERM", "xterm-256color"))})
	want := "\x1b]9;4;0\a\x1b]9;4;3\a\x1b]9;4;4;100\a\x1b]9;approve shell: git push, rm -rf build\a" +
		"\x1b]9;4;3\a\x1b]9;4;2;100\a\x1b]9; 3 tests failed\a\x1b]9;4;0\a\x1b]9;4;0\a"
	if got != want {
		t.Errorf("got  %q\nwant %q", got, want)
	}
}

func checkSeen(t *testing.T, s seen, bars []string, notes int) {
	t.Helper()
	if !slices.Equal(s.bars, bars) {
		t.Errorf("bars drawn %q, want %q", s.bars, bars)
	}
	if len(s.notes) != notes {
		t.Errorf("notifications %q, want %d (one per ping, none per state)", s.notes, notes)
	}
	for i, n := range s.notes {
		// The whole text, a ';' in it kept or made a ',' (see the table's text rules).
		if want := []string{"git push", "3 tests failed"}[min(i, 1)]; n != "BEL" && (!strings.Contains(n, want) || i == 0 && !strings.Contains(n, "rm -rf build")) {
			t.Errorf("notification %d %q, want it to say %q", i, n, want)
		}
	}
	if s.shown != "" || len(s.stray) > 0 {
		t.Errorf("on the screen %q, misread %q", s.shown, s.stray)
	}
}

// throughPty sends profileTurn to a backend writing to a real pty and
// returns what the terminal's side reads.
func throughPty(t *testing.T, cfg Config) string {
	t.Helper()
	master, slave := fakepty.Open(t)
	read := make(chan string, 1)
	go func() {
		var all []byte
		buf := make([]byte, 4096)
		for {
			n, err := master.Read(buf)
			all = append(all, buf[:n]...)
			if err != nil {
				break
			}
		}
		read <- string(all)
	}()
	cfg.Output = slave
	b, err := newTest(cfg)
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range profileTurn {
		if err := b.Report(context.Background(), r); err != nil && !errors.Is(err, host.ErrDropped) {
			t.Fatalf("Report(%v): %v", r.Kind, err)
		}
	}
	slave.Close() // the master reads what is left, then EIO
	return <-read
}

// Behind tmux: the outer terminal named by the probe's client_termtype
// (its XTVERSION answer) or client_termname, served from the same table,
// through passthrough; what would turn the bar into notifications gets
// none, raw to a tmux 3.7 that forwards bars either.
func TestTmuxOuterProfiles(t *testing.T) {
	tests := []struct {
		name, answer, reader, version string
		bars                          []string
		notes                         int
		keep                          time.Duration
	}{
		{"iTerm2 3.5 through passthrough", "on\n3.3a\n%1\n\n\nxterm-256color\niTerm2 3.5.10\nchat\n",
			"iTerm2", "3.5.10", nil, 2, 0},
		{"iTerm2 3.5 behind tmux 3.7's progressbar", "off\n3.7\n%1\n\nprogressbar\nxterm-256color\niTerm2 3.5.10\nchat\n",
			"iTerm2", "3.5.10", nil, 0, 0},
		{"kitty 0.47 through passthrough all", "all\n3.4\n%1\n\n\nxterm-kitty\nkitty(0.47.1)\nchat\n",
			"kitty", "0.47.1", allBars, 2, 10 * time.Second},
		{"foot 1.13 through passthrough", "all\n3.4\n%1\n\n\nfoot\nfoot(1.13.1)\nchat\n", "foot", "1.13.1", nil, 2, 0},
		{"foot by client_termname alone", "all\n3.3a\n%1\n\n\nfoot\n\nchat\n", "foot", "1.15.0", nil, 2, 0},
		{"Ghostty through passthrough all", "all\n3.5a\n%1\n\n\nxterm-ghostty\nghostty 1.2.3\nchat\n",
			"ghostty", "1.2.3", allBars, 2, 10 * time.Second},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fp := &fakeProbe{answer: tt.answer}
			rec := &recorder{}
			b, err := newTest(Config{Output: rec, Info: Info{Term: "tmux-256color", Mux: MuxTmux, MuxPane: "%1"}, Probe: fp.run})
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range profileTurn {
				if err := b.Report(context.Background(), r); err != nil && !errors.Is(err, host.ErrDropped) {
					t.Fatal(err)
				}
			}
			raw := strings.Join(rec.writes, "")
			inner, err := viaTmux(raw)
			if err != nil {
				t.Fatal(err)
			}
			s := readers[tt.reader](tt.version).read(inner)
			s.notes = slices.DeleteFunc(s.notes, func(n string) bool { return n == "BEL" }) // tmux's own bell
			checkSeen(t, s, tt.bars, tt.notes)
			if k := b.Refresh(host.Working); k != tt.keep {
				t.Errorf("keep-alive %v, want %v", k, tt.keep)
			}
			if t.Failed() {
				t.Logf("bytes %q\nplan: %s", raw, b.Plan())
			}
		})
	}
}

// GNU screen: every sequence BEL-terminated inside its DCS (an inner ST
// would end the DCS early and print the rest); a terminal that takes the
// bar only ST-terminated (VTE 0.80+) gets none there.
func TestScreenProfiles(t *testing.T) {
	for _, tt := range []struct {
		name, reader, version string
		env                   []string
		bars                  []string
		notes                 int
	}{
		// screen sets TERM, and foot drops every other terminal's marker:
		// foot 1.13 behind screen is unknown, and gets no bar to misread.
		{"unknown terminal (foot 1.13)", "foot", "1.13.1", []string{"TERM", "screen-256color", "STY", "1.x"}, nil, 2},
		{"Windows Terminal", "WindowsTerminal", "", []string{"TERM", "screen-256color", "STY", "1.x", "WT_SESSION", "5f7f"}, allBars, 2},
		{"Ptyxis, VTE 0.80", "vte", "0.80.2", []string{"TERM", "screen", "STY", "1.x", "VTE_VERSION", "8002"}, nil, 2},
		{"iTerm2 3.6.6", "iTerm2", "3.6.6", []string{"TERM", "screen", "STY", "1.x", "TERM_PROGRAM", "iTerm.app",
			"TERM_PROGRAM_VERSION", "3.6.6"}, allBars, 2},
	} {
		t.Run(tt.name, func(t *testing.T) {
			rec := &recorder{}
			b, err := newTest(Config{Output: rec, Info: Detect(env(tt.env...))})
			if err != nil {
				t.Fatal(err)
			}
			for _, r := range profileTurn {
				if err := b.Report(context.Background(), r); err != nil {
					t.Fatal(err)
				}
			}
			inner, err := viaScreen(strings.Join(rec.writes, ""))
			if err != nil {
				t.Fatal(err)
			}
			s := readers[tt.reader](tt.version).read(inner)
			checkSeen(t, s, tt.bars, tt.notes)
		})
	}
}
