package hostbridge

import (
	"errors"
	"fmt"
	"net"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"

	"github.com/charmbracelet/lipgloss"
	"github.com/charmbracelet/x/term"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakepty"
	"go.uber.org/goleak"

	"github.com/hostbridge/hostbridge/internal/bgquery"
	"github.com/hostbridge/hostbridge/internal/hosts/terminal"
)

func envMap(kv ...string) func(string) string {
	m := map[string]string{}
	for i := 0; i+1 < len(kv); i += 2 {
		m[kv[i]] = kv[i+1]
	}
	return func(k string) string { return m[k] }
}

var tmux34 = []string{"TERM", "tmux-256color", "TERM_PROGRAM", "tmux", "TERM_PROGRAM_VERSION", "3.4", "TMUX", "/tmp/tmux-0/default,1,0"}

func TestBackgroundString(t *testing.T) {
	tests := []struct {
		bg   Background
		want string
	}{
		{Background{Dark: true, Color: "#1e1e1e", Source: "query", Detail: "tmux 3.4 answered OSC 11"},
			"dark #1e1e1e (query): tmux 3.4 answered OSC 11"},
		{Background{Source: "override"}, "light (override)"},
		{Background{}, "light"},
	}
	for _, tt := range tests {
		if got := tt.bg.String(); got != tt.want {
			t.Errorf("String() = %q, want %q", got, tt.want)
		}
	}
}

func TestDetectBackgroundOverride(t *testing.T) {
	tests := []struct {
		in   string
		dark bool
		err  bool
	}{
		{"light", false, false}, {"dark", true, false}, {" Dark ", true, false}, {"LIGHT", false, false},
		{"blue", false, true}, {"auto", false, true}, {"1", false, true},
	}
	for _, tt := range tests {
		bg, err := DetectBackground(BackgroundOptions{Override: tt.in, Getenv: envMap()})
		if tt.err {
			if !errors.Is(err, ErrOption) || !strings.Contains(err.Error(), `"light", "dark", or ""`) {
				t.Errorf("Override %q: err %v, want ErrOption listing the values", tt.in, err)
			}
			continue
		}
		if err != nil || bg.Dark != tt.dark || bg.Source != "override" {
			t.Errorf("Override %q = %v, %v", tt.in, bg, err)
		}
	}
}

// TestDetectBackgroundPaths drives the whole decision with the process's
// facts, lipgloss's cache and the query replaced.
func TestDetectBackgroundPaths(t *testing.T) {
	queryErr := func(format string) func(*os.File, string, time.Duration) (string, *bgquery.Late, error) {
		return func(_ *os.File, who string, _ time.Duration) (string, *bgquery.Late, error) {
			return "", nil, fmt.Errorf(format, who)
		}
	}
	// herdr's pane, as detection takes it: its socket must exist.
	ln, err := net.Listen("unix", filepath.Join(t.TempDir(), "herdr.sock"))
	if err != nil {
		t.Fatal(err)
	}
	defer ln.Close()
	herdr := []string{"HERDR_ENV", "1", "HERDR_SOCKET_PATH", ln.Addr().String(), "HERDR_PANE_ID", "w1:p2"}
	tests := []struct {
		name       string
		env        []string
		tty        bool
		uiTTY      bool // BackgroundOptions.Output is a terminal other than stdout
		cachedDark bool
		query      func(*os.File, string, time.Duration) (string, *bgquery.Late, error)
		want       Background
		asked      bool
	}{
		{name: "plain terminal: reuse termenv's answer", env: []string{"TERM", "xterm-256color"}, tty: true,
			want: Background{Dark: false, Source: "terminal", Detail: "termenv asked the terminal at start-up (TERM=xterm-256color)"}},
		{name: "herdr: termenv asked herdr", env: append([]string{"TERM", "xterm-256color"}, herdr...), tty: true, cachedDark: true,
			want: Background{Dark: true, Source: "terminal", Detail: "termenv asked herdr at start-up (TERM=xterm-256color)"}},
		{name: "tmux 3.4 answers light", env: tmux34, tty: true, asked: true,
			query: func(*os.File, string, time.Duration) (string, *bgquery.Late, error) { return "#fdf6e3", nil, nil },
			want: Background{Dark: false, Color: "#fdf6e3", Source: "query",
				Detail: "tmux 3.4 answered OSC 11 (termenv skipped the query: TERM=tmux-256color)"}},
		{name: "tmux 3.4 silent: COLORFGBG", env: append([]string{"COLORFGBG", "0;15"}, tmux34...), tty: true, asked: true,
			query: queryErr("%s did not answer OSC 11 within 150ms"),
			want: Background{Dark: false, Source: "COLORFGBG",
				Detail: `termenv skipped the query: TERM=tmux-256color; tmux 3.4 answers OSC 11; tmux 3.4 did not answer OSC 11 within 150ms; COLORFGBG="0;15": background is colour 15`}},
		{name: "tmux 3.4 says only CPR: default", env: tmux34, tty: true, asked: true, query: queryErr("%s answered the cursor report but not OSC 11"),
			want: Background{Dark: true, Source: "default",
				Detail: "termenv skipped the query: TERM=tmux-256color; tmux 3.4 answers OSC 11; tmux 3.4 answered the cursor report but not OSC 11; COLORFGBG unset; assuming dark"}},
		{name: "background job", env: append([]string{"COLORFGBG", "15;0"}, tmux34...), tty: true, asked: true, query: queryErr("not asked: not in the terminal's foreground process group%.0s"),
			want: Background{Dark: true, Source: "COLORFGBG",
				Detail: `termenv skipped the query: TERM=tmux-256color; tmux 3.4 answers OSC 11; not asked: not in the terminal's foreground process group; COLORFGBG="15;0": background is colour 0`}},
		{name: "tmux 3.3a: not asked", env: []string{"TERM", "tmux-256color", "TERM_PROGRAM", "tmux", "TERM_PROGRAM_VERSION", "3.3a", "TMUX", "/tmp/tmux-0/default,1,0", "COLORFGBG", "15;default;0"}, tty: true,
			want: Background{Dark: true, Source: "COLORFGBG",
				Detail: `termenv skipped the query: TERM=tmux-256color; tmux 3.3a cannot answer OSC 11 (tmux 3.4 can); COLORFGBG="15;default;0": background is colour 0`}},
		// Detection's order: herdr inside tmux carries tmux's TERM_PROGRAM
		// (herdr sets TERM and HERDR_ENV, not TERM_PROGRAM:
		// ogulcancelik/herdr@10974c82 src/pane.rs apply_pane_terminal_env)
		// and is the innermost host: it is asked, not
		// tmux 3.3a (which bgquery named before, from TERM_PROGRAM).
		{name: "herdr inside tmux 3.3a, screen TERM: herdr asked", asked: true, tty: true,
			env:   append([]string{"TERM", "screen-256color", "TERM_PROGRAM", "tmux", "TERM_PROGRAM_VERSION", "3.3a", "TMUX", "/tmp/tmux-0/default,1,0"}, herdr...),
			query: func(*os.File, string, time.Duration) (string, *bgquery.Late, error) { return "#fdf6e3", nil, nil },
			want: Background{Color: "#fdf6e3", Source: "query",
				Detail: "herdr answered OSC 11 (termenv skipped the query: TERM=screen-256color)"}},
		{name: "CI", env: []string{"TERM", "xterm-256color", "CI", "true", "COLORFGBG", "default;default"}, tty: true,
			want: Background{Dark: true, Source: "default",
				Detail: `termenv skipped the query: CI is set; COLORFGBG="default;default" names no background; assuming dark`}},
		{name: "piped stdout", env: []string{"TERM", "xterm-256color"}, tty: false,
			want: Background{Dark: true, Source: "default", Detail: "termenv skipped the query: stdout is not a terminal; COLORFGBG unset; assuming dark"}},
		{name: "piped stdout, UI on a terminal (Output): asked", env: []string{"TERM", "xterm-256color"}, uiTTY: true, asked: true,
			query: func(*os.File, string, time.Duration) (string, *bgquery.Late, error) { return "#fdf6e3", nil, nil },
			want: Background{Dark: false, Color: "#fdf6e3", Source: "query",
				Detail: "the terminal answered OSC 11 (termenv skipped the query: stdout is not a terminal)"}},
		{name: "UI on a terminal, stdout too: termenv's answer", env: []string{"TERM", "xterm-256color"}, tty: true, uiTTY: true,
			want: Background{Dark: false, Source: "terminal", Detail: "termenv asked the terminal at start-up (TERM=xterm-256color)"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			tty, _ := os.Open(os.DevNull) // a stand-in: the query is replaced
			defer tty.Close()
			cacheRead, asked := false, false
			p := bgProbe{
				goos: "linux", stdoutTTY: tt.tty, foreground: true, uiTTY: tt.uiTTY,
				cachedDark: func() bool { cacheRead = true; return tt.cachedDark },
				query: func(f *os.File, who string, d time.Duration) (string, *bgquery.Late, error) {
					asked = true
					if f != tty || d != 150*time.Millisecond {
						t.Errorf("query(%v, %v): want the given TTY and the default bound", f, d)
					}
					return tt.query(f, who, d)
				},
			}
			got, err := detectBackground(BackgroundOptions{Getenv: envMap(tt.env...), TTY: tty}, p)
			if err != nil || got != tt.want {
				t.Errorf("got  %#v, %v\nwant %#v", got, err, tt.want)
			}
			if asked != tt.asked {
				t.Errorf("asked = %v, want %v", asked, tt.asked)
			}
			if cacheRead != (tt.want.Source == "terminal") {
				t.Errorf("lipgloss cache read = %v on the %v path", cacheRead, tt.want.Source)
			}
		})
	}
}

func TestDetectBackgroundTimeoutOption(t *testing.T) {
	var got time.Duration
	p := bgProbe{goos: "linux", query: func(_ *os.File, _ string, d time.Duration) (string, *bgquery.Late, error) {
		got = d
		return "#000000", nil, nil
	}}
	tty, _ := os.Open(os.DevNull)
	defer tty.Close()
	if _, err := detectBackground(BackgroundOptions{Getenv: envMap(tmux34...), TTY: tty, Timeout: 40 * time.Millisecond}, p); err != nil || got != 40*time.Millisecond {
		t.Errorf("query bound = %v, %v; want 40ms", got, err)
	}
}

func openPTY(t testing.TB) (master, slave *os.File) { return fakepty.Open(t) }

func ttyState(t *testing.T, f *os.File) *term.State {
	t.Helper()
	rc, err := f.SyscallConn()
	if err != nil {
		t.Fatal(err)
	}
	var st *term.State
	if err := rc.Control(func(fd uintptr) { st, err = term.GetState(fd) }); err != nil || st == nil {
		t.Fatalf("tty state: %v", err)
	}
	return st
}

// TestDetectBackgroundPTY asks a real pseudo-terminal through the public
// API, with the test playing tmux 3.4 on the master side.
func TestDetectBackgroundPTY(t *testing.T) {
	defer goleak.VerifyNone(t, goleak.IgnoreCurrent())
	defer lateAnswer.Store(nil) // the silent terminal's answer stays owed
	tests := []struct {
		name   string
		answer string
		dark   bool
		color  string
		source string
		detail string
	}{
		{"light", "\x1b]11;rgb:fdfd/f6f6/e3e3\x1b\\\x1b[24;80R", false, "#fdf6e3", "query", "tmux 3.4 answered OSC 11"},
		{"dark", "\x1b]11;rgb:1e1e/1e1e/1e1e\a\x1b[24;80R", true, "#1e1e1e", "query", "tmux 3.4 answered OSC 11"},
		{"8-bit", "\x1b]11;rgb:ee/ee/ee\a\x1b[1;1R", false, "#eeeeee", "query", "tmux 3.4 answered OSC 11"},
		{"only a CPR", "\x1b[1;1R", true, "", "default", "answered the cursor report but not OSC 11"},
		{"silent", "", true, "", "default", "did not answer OSC 11 within 150ms"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			master, slave := openPTY(t)
			before := ttyState(t, slave)
			played := fakepty.Play(master, tt.answer)
			start := time.Now()
			bg, err := DetectBackground(BackgroundOptions{Getenv: envMap(tmux34...), TTY: slave, Timeout: 150 * time.Millisecond})
			if took := time.Since(start); took > 2*time.Second {
				t.Errorf("DetectBackground took %v", took)
			}
			if err != nil || bg.Dark != tt.dark || bg.Color != tt.color || bg.Source != tt.source || !strings.Contains(bg.Detail, tt.detail) {
				t.Errorf("DetectBackground = %v, %v; want dark=%v %q %v containing %q", bg, err, tt.dark, tt.color, tt.source, tt.detail)
			}
			if q := string(<-played); q != "\x1b]11;?\x07\x1b[6n" {
				t.Errorf("terminal got %q", q)
			}
			if after := ttyState(t, slave); !reflect.DeepEqual(before, after) {
				t.Errorf("terminal mode not restored:\nbefore %+v\nafter  %+v", before, after)
			}
		})
	}
}

func BenchmarkDetectBackground(b *testing.B) {
	b.Run("reuse", func(b *testing.B) {
		// What DetectBackground costs where termenv already asked: the
		// stdout checks, the decision and lipgloss's cached answer.
		opts := BackgroundOptions{Getenv: envMap("TERM", "xterm-256color")}
		for b.Loop() {
			// The stdout checks run as in DetectBackground; their answer is
			// replaced, as go test's stdout is not a terminal.
			_, _ = terminal.IsTerminal(os.Stdout), bgquery.Foreground(os.Stdout)
			p := bgProbe{
				goos: "linux", stdoutTTY: true, foreground: true,
				cachedDark: lipgloss.HasDarkBackground,
				query:      bgquery.Query,
			}
			if bg, _ := detectBackground(opts, p); bg.Source != "terminal" {
				b.Fatal(bg)
			}
		}
	})
	for _, c := range []struct{ name, answer string }{
		{"answering-pty", "\x1b]11;rgb:1e1e/1e1e/1e1e\a\x1b[1;1R"},
		{"cpr-only-pty", "\x1b[1;1R"},
		{"silent-pty", ""},
	} {
		b.Run(c.name, func(b *testing.B) {
			defer lateAnswer.Store(nil)
			master, slave := openPTY(b)
			opts := BackgroundOptions{Getenv: envMap(tmux34...), TTY: slave}
			for b.Loop() {
				played := fakepty.Play(master, c.answer)
				if _, err := DetectBackground(opts); err != nil {
					b.Fatal(err)
				}
				<-played
			}
		})
	}
}
