package hostbridge

import (
	"context"
	"errors"
	"fmt"
	"os"
	"runtime"
	"strings"
	"time"

	// Bubble Tea v1's init asks the terminal through lipgloss, once, before
	// main; DetectBackground reuses that answer.
	_ "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/hostbridge/hostbridge/bridge"
	"github.com/hostbridge/hostbridge/internal/bgcolor"
	"github.com/hostbridge/hostbridge/internal/bgquery"
	"github.com/hostbridge/hostbridge/internal/hosts"
	"github.com/hostbridge/hostbridge/internal/hosts/terminal"
	"github.com/hostbridge/hostbridge/internal/hosts/tmux"
	"github.com/hostbridge/hostbridge/internal/settings"
)

// Background is the terminal's background, as far as it can be known.
// Source is "override" (BackgroundOptions), "terminal" (Bubble Tea's init
// asked, reused), "query" (hostbridge asked the multiplexer), "COLORFGBG",
// or "default" (dark: nothing answered). String is the one-line -doctor
// form: "dark #1e1e1e (query): tmux 3.4 ...".
//
//	type Background struct {
//		Dark   bool   // selects the palette
//		Color  string // "#rrggbb" when a terminal answered, else empty
//		Source string // where the answer came from
//		Detail string // how, for -doctor
//	}
type Background = bridge.Background

// BackgroundOptions configures DetectBackground; the zero value detects.
type BackgroundOptions struct {
	// Override is "light" or "dark" to skip detection (for terminals that
	// answer wrongly), "" to detect; case and surrounding space are ignored.
	Override string
	// Getenv reads the environment, as WithEnv's does; nil means os.Getenv.
	Getenv func(string) string
	// Timeout bounds hostbridge's own query (zero: 150 ms); where the
	// start-up answer is reused nothing waits.
	Timeout time.Duration
	// TTY is the terminal to ask; nil opens /dev/tty, or else uses stdin or
	// stdout when they are terminals.
	TTY *os.File
	// Output is the file the UI is drawn on when it is not stdout, as given
	// to tea.WithOutput: with stdout not a terminal, termenv asked nothing,
	// so hostbridge asks the terminal the UI is on. Give the answer to the
	// app's own lipgloss renderer: renderer.SetHasDarkBackground(bg.Dark).
	Output *os.File
}

// DetectBackground learns whether the terminal's background is light or
// dark, asking at most once. Call it before tea.Program.Run: once Run has
// started, Bubble Tea's input reader would take the reply for key presses.
// An answer that comes after the bound (a slow tmux) still reaches Bubble
// Tea; a model made by Wrap drops it, so it is never typed into the prompt.
//
// In order: Override wins; where termenv asked at start-up (Bubble Tea v1's
// init, through lipgloss, on stdout, outside tmux and screen) its cached
// answer is reused; where TERM names a multiplexer that answers OSC 11
// itself (tmux 3.4 or later, tuios, herdr), hostbridge asks it, bounded by
// Timeout (tmux's version from TERM_PROGRAM_VERSION, else one
// display-message); then COLORFGBG; then dark.
//
// The error is only for a bad Override; every other failure falls back and
// says so in Background.Detail. Pass Dark to lipgloss.SetHasDarkBackground
// to make lipgloss's adaptive colours agree.
func DetectBackground(opts BackgroundOptions) (Background, error) {
	return detectBackground(opts, bgProbe{
		goos:       runtime.GOOS,
		stdoutTTY:  terminal.IsTerminal(os.Stdout),
		foreground: bgquery.Foreground(os.Stdout),
		uiTTY: opts.Output != nil && opts.Output != os.Stdout && terminal.IsTerminal(opts.Output) &&
			bgquery.Foreground(opts.Output),
		cachedDark:  lipgloss.HasDarkBackground,
		query:       bgquery.Query,
		tmuxVersion: tmux.Version,
	})
}

// bgProbe is what detectBackground learns from the process; tests replace it.
type bgProbe struct {
	goos                  string
	stdoutTTY, foreground bool
	uiTTY                 bool // BackgroundOptions.Output is a terminal, not stdout, in the foreground
	cachedDark            func() bool
	query                 func(*os.File, string, time.Duration) (string, *bgquery.Late, error)
	tmuxVersion           func(context.Context, func(string) string) string // asks tmux: one exec
}

func detectBackground(opts BackgroundOptions, p bgProbe) (Background, error) {
	switch o := strings.ToLower(strings.TrimSpace(opts.Override)); o {
	case "light", "dark":
		return Background{Dark: o == "dark", Source: "override", Detail: "set by the program"}, nil
	case "":
	default:
		return Background{}, fmt.Errorf(`%w: background override %q: want "light", "dark", or "" to detect`, ErrOption, opts.Override)
	}
	getenv := opts.Getenv
	if getenv == nil {
		getenv = os.Getenv
	}
	timeout := opts.Timeout
	if timeout <= 0 {
		timeout = bgquery.DefaultTimeout
	}
	var tmuxVersion func() string
	if p.tmuxVersion != nil {
		tmuxVersion = func() string {
			ctx, cancel := context.WithTimeout(context.Background(), timeout)
			defer cancel()
			return p.tmuxVersion(ctx, getenv)
		}
	}
	ds := settings.Default() // detection alone: no option but the environment
	ds.Getenv = getenv
	d := bgquery.Decide(bgquery.Env{Host: hosts.Detect(ds).Host, CI: getenv("CI") != "", GOOS: p.goos,
		StdoutTTY: p.stdoutTTY, Foreground: p.foreground, UITTY: p.uiTTY, TmuxVersion: tmuxVersion})
	why := d.Why
	switch d.Plan {
	case bgquery.Reuse:
		return Background{Dark: p.cachedDark(), Source: "terminal", Detail: d.Why}, nil
	case bgquery.Ask:
		color, owed, err := p.ask(opts.TTY, d.Answerer, timeout)
		if owed != nil {
			// The answer comes after the bound, to whoever reads the
			// terminal then: the wrapped model drops it (see lateFilter).
			lateAnswer.Store(owed)
		}
		if err == nil {
			return Background{
				Dark: bgcolor.IsDark(color), Color: color, Source: "query",
				Detail: d.Answerer + " answered OSC 11 (" + d.Skip + ")",
			}, nil
		}
		why += "; " + err.Error()
	}
	return bridge.FallbackBackground(getenv, why), nil
}

// ask queries tty, or the process's terminal when tty is nil.
func (p bgProbe) ask(tty *os.File, who string, timeout time.Duration) (string, *bgquery.Late, error) {
	if tty == nil {
		f, err := os.OpenFile("/dev/tty", os.O_RDWR, 0)
		switch {
		case err == nil:
			defer f.Close()
			tty = f
		case terminal.IsTerminal(os.Stdin):
			tty = os.Stdin
		case terminal.IsTerminal(os.Stdout):
			tty = os.Stdout
		default:
			return "", nil, errors.New("not asked: no terminal to ask")
		}
	}
	return p.query(tty, who, timeout)
}
