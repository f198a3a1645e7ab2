package bridge

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"time"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/core"
	"github.com/hostbridge/hostbridge/internal/hosts"
	"github.com/hostbridge/hostbridge/internal/hosts/terminal"
)

// ErrOption is wrapped by every error a bad option value causes.
var ErrOption = errors.New("hostbridge: bad option")

// Option configures a Bridge. Each frontend (hostbridge, teav2) re-exports
// the constructors below under the same names; "Wrap" in their docs is the
// frontend's Wrap, which makes a Bridge with them.
type Option func(*config)

// config holds each setting once, in the struct of the part that takes
// it (build hands them on whole, filling in the hosts.Config fields that
// follow from others: NoPing, Off, SessionInAll, Logger); the rest is the
// Bridge's own.
type config struct {
	hosts        hosts.Config         // what Build takes: the names, the output, the bar, the reference behaviours
	machine      core.Config          // the ping's gates, sub-agents, resume
	reporter     core.ReporterOptions // the bounds, the ping interval, the logger
	getenv       func(string) string
	detect       hosts.Rules
	session      host.Session
	offVar       string
	focus        focusMode
	noSignals    bool
	backends     []host.Backend
	custom       bool
	tmuxLine     bool
	barByBackend bool
	errs         []error
}

func (c *config) fail(format string, args ...any) {
	c.errs = append(c.errs, fmt.Errorf("%w: "+format, append([]any{ErrOption}, args...)...))
}

// quoted is a bad value as an error quotes it: %q of at most its first
// 40 bytes, so a 10 KB agent name is not echoed whole into a log.
func quoted(v string) string {
	if len(v) <= 40 {
		return fmt.Sprintf("%q", v)
	}
	return fmt.Sprintf("%q… (%d bytes)", v[:40], len(v))
}

// check fails unless ok, and returns ok.
func (c *config) check(ok bool, format string, args ...any) bool {
	if !ok {
		c.fail(format, args...)
	}
	return ok
}

// parse applies opts over the defaults; a nil option is an error.
func parse(opts []Option) (config, error) {
	c := config{
		hosts: hosts.Config{Agent: defaultAgent(), Output: os.Stdout},
		reporter: core.ReporterOptions{
			Timeout:      core.DefaultTimeout,
			ExitTimeout:  core.DefaultExitTimeout,
			PingInterval: core.DefaultPingInterval,
			Logger:       slog.New(slog.DiscardHandler),
		},
		getenv: os.Getenv,
	}
	for i, o := range opts {
		if o == nil {
			c.fail("option %d is nil", i)
			continue
		}
		o(&c)
	}
	return c, errors.Join(c.errs...)
}

// What hosts take as an agent's name and as herdr's source.
var (
	agentName   = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$`)
	herdrSource = regexp.MustCompile(`^[A-Za-z0-9:._-]{1,80}$`)
)

func defaultAgent() string {
	if name := filepath.Base(os.Args[0]); agentName.MatchString(name) {
		return name
	}
	return "chat"
}

// WithAgent sets the agent name hosts show (herdr's agent, cmux's status
// key, tuios's harness): 1–64 of [A-Za-z0-9._-], starting with a letter or
// digit. Default: the program's file name, or "chat".
func WithAgent(name string) Option {
	return func(c *config) {
		if c.check(agentName.MatchString(name),
			"agent name %s: want 1-64 of [A-Za-z0-9._-], starting with a letter or digit", quoted(name)) {
			c.hosts.Agent = name
		}
	}
}

// WithSource sets herdr's report source: 1–80 of [A-Za-z0-9:._-].
// Default: "custom:<agent>".
func WithSource(source string) Option {
	return func(c *config) {
		if c.check(herdrSource.MatchString(source), "source %s: want 1-80 of [A-Za-z0-9:._-]", quoted(source)) {
			c.hosts.Source = source
		}
	}
}

// WithNotify turns the attention ping on or off; the bar and the hosts'
// states are not affected. Default: on.
func WithNotify(on bool) Option { return func(c *config) { c.machine.Quiet = !on } }

// WithApprovalPing(false) leaves the ping for "the model needs you" (an
// approval, a question, a waiting sub-agent) to an app that notifies for
// it itself; the others still go. Default: true.
func WithApprovalPing(on bool) Option { return func(c *config) { c.machine.QuietBlocked = !on } }

// WithFailurePing(false) leaves the ping for a failed turn to the app.
// Default: true.
func WithFailurePing(on bool) Option { return func(c *config) { c.machine.QuietFailed = !on } }

// WithFinishedPing(false) leaves the ping for a turn that ended (the
// reply's first words, or "<agent> finished") to the app. Default: true.
func WithFinishedPing(on bool) Option { return func(c *config) { c.machine.QuietDone = !on } }

// WithNotifyWhileFocusUnknown(false) holds pings back until the terminal
// has reported focus once. Default: true, as a missed ping costs more than
// an extra one.
func WithNotifyWhileFocusUnknown(on bool) Option {
	return func(c *config) { c.machine.QuietWhileUnknown = !on }
}

// WithPingInterval sets the least time between two pings (default 500
// ms; zero: no limit), for the test kit, whose steps come microseconds
// apart.
func WithPingInterval(d time.Duration) Option {
	return func(c *config) {
		if c.check(d >= 0 && d <= time.Minute, "ping interval %v: want 0 to 1m", d) {
			c.reporter.PingInterval = d
			if d == 0 {
				c.reporter.PingInterval = -1 // the Reporter's "no limit"; its 0 is the default
			}
		}
	}
}

// WithTimeout bounds each report to a host: 1 ns to 1 m. Default: 500 ms.
func WithTimeout(d time.Duration) Option {
	return duration("timeout", d, 1, func(c *config) *time.Duration { return &c.reporter.Timeout })
}

// WithExitTimeout bounds the exit, its last reports and the workers' stop:
// 1 ns to 1 m. Default: 1 s.
func WithExitTimeout(d time.Duration) Option {
	return duration("exit timeout", d, 1, func(c *config) *time.Duration { return &c.reporter.ExitTimeout })
}

// duration sets a duration of at least least and at most a minute.
func duration(what string, d, least time.Duration, field func(*config) *time.Duration) Option {
	return func(c *config) {
		if c.check(d >= least && d <= time.Minute, "%s %v: want %v to 1m", what, d, least) {
			*field(c) = d
		}
	}
}

// WithLogger receives a debug line per failed report; nothing is logged
// above debug. Not nil. Default: discarded.
func WithLogger(l *slog.Logger) Option {
	return func(c *config) {
		if c.check(l != nil, "logger is nil") {
			c.reporter.Logger = l
		}
	}
}

// WithOutput is where terminal sequences go: the writer given to
// tea.WithOutput, if any; one the app chooses is trusted to reach a
// terminal. Not nil. Default: os.Stdout.
func WithOutput(w io.Writer) Option {
	return func(c *config) {
		if c.check(w != nil, "output is nil") {
			c.hosts.Output, c.hosts.OutputChosen = w, true
		}
	}
}

// WithProgress forces the terminal's progress bar (OSC 9;4) on or off.
// Default: on but for the known-bad terminals.
func WithProgress(on bool) Option {
	return func(c *config) {
		c.hosts.Progress = terminal.SupportOff
		if on {
			c.hosts.Progress = terminal.SupportOn
		}
	}
}

// WithKnownBadProgress replaces the terminals that get no bar: "NAME"
// (TERM_PROGRAM, any version), "NAME<VERSION" (below it, or no version
// known) or "TERM=VALUE"; empty trusts every terminal. Default:
// iTerm.app<3.6.6, kitty<0.38, TERM=linux, TERM=dumb.
func WithKnownBadProgress(list []string) Option {
	return func(c *config) {
		if list == nil {
			list = []string{}
		}
		if _, err := terminal.New(terminal.Config{Output: io.Discard, BadProgress: list}); err != nil {
			c.fail("known-bad progress list: %v", err)
			return
		}
		c.hosts.BadProgress = list
	}
}

// WithEnv makes detection read the environment through getenv (tests, a
// chat served for someone else's terminal); executables are looked up on
// its PATH. Not nil. Default: os.Getenv.
func WithEnv(getenv func(string) string) Option {
	return func(c *config) {
		if c.check(getenv != nil, "getenv is nil") {
			c.getenv = getenv
		}
	}
}

// WithSession names the session the chat starts with, reported to hosts
// that list sessions once the chat is ready; dir is absolute or empty.
// Default: none.
func WithSession(id, dir string) Option {
	return func(c *config) {
		if c.check(dir == "" || filepath.IsAbs(dir), "session directory %s: want an absolute path", quoted(dir)) {
			c.session = host.Session{ID: id, Dir: dir}
		}
	}
}

// WithResumeCommand reports with every state the command that resumes a
// session (resume("42") might give "chat --session 42"); herdr gets it as
// a metadata token. Default: none.
func WithResumeCommand(resume func(sessionID string) string) Option {
	return func(c *config) { c.machine.Resume = resume }
}

// WithBlockedMessage(true) sends what the chat waits on to hosts that take
// a message with the blocked state (herdr). Default: false, as herdr's
// pane shows the request itself.
func WithBlockedMessage(on bool) Option { return func(c *config) { c.hosts.BlockedMessage = on } }

// WithHerdrPaneVars(true) takes a pane with HERDR_SOCKET_PATH and
// HERDR_PANE_ID for herdr's without HERDR_ENV=1 too. Default: false, as
// herdr asks its integrations to report only with HERDR_ENV=1.
func WithHerdrPaneVars(on bool) Option { return func(c *config) { c.detect.HerdrPaneVars = on } }

// WithMetadata(true) sends MetaChanged's facts to herdr as metadata tokens
// too (tuios always gets them). Default: false.
func WithMetadata(on bool) Option { return func(c *config) { c.hosts.Metadata = on } }

// WithSubAgentsBlock(true) makes a waiting sub-agent hold the chat blocked
// with "<task>: <what it waits on>", for hosts without sub-agent rows.
// Default: false.
func WithSubAgentsBlock(on bool) Option { return func(c *config) { c.machine.SubAgentsBlock = on } }

// WithDisableEnv names a variable that, set to "0", turns reporting off
// for every host but the plain terminal. Not empty. Default: none.
func WithDisableEnv(name string) Option {
	return func(c *config) {
		if c.check(name != "", "disable variable name is empty") {
			c.offVar = name
		}
	}
}

// WithFocusReports(false) stops Wrap from turning on the terminal's focus
// reports; focus then stays unknown. Wrap turns them on at the first key
// or mouse event the app gets, so never with tea.WithInput(nil). Default:
// where standard input is a terminal and TERM is not "dumb"; true turns
// them on whatever the input (tea.WithInputTTY with stdin a pipe).
func WithFocusReports(on bool) Option {
	return func(c *config) {
		c.focus = focusOff
		if on {
			c.focus = focusOn
		}
	}
}

// focusMode is WithFocusReports: unset (focusAuto), true or false.
type focusMode uint8

const (
	focusAuto focusMode = iota // where the terminal is the program's input and not TERM=dumb
	focusOn
	focusOff
)

// WithTmuxPaneLine(true) adds the chat's tmux pane to EnvironmentLines
// ("tmux pane: %3"), so the model can drive tmux from its shell tool.
// Default: off; the lines stay the host's alone.
func WithTmuxPaneLine(on bool) Option { return func(c *config) { c.tmuxLine = on } }

// WithSignalHandler(false) stops hostbridge from watching SIGINT, SIGTERM
// and SIGHUP; the app then calls Close on every way out. Default: true.
func WithSignalHandler(on bool) Option { return func(c *config) { c.noSignals = !on } }

// WithBackends replaces detection with the given backends, none nil: a
// custom host (see package host), or a host.Recorder in tests. Default:
// the detected hosts.
func WithBackends(b ...host.Backend) Option {
	return func(c *config) {
		for i, be := range b {
			if be == nil {
				c.fail("backend %d is nil", i)
				return
			}
		}
		c.backends, c.custom = b, true
	}
}

// WithEveryReport makes every change reach every host, none coalesced or
// refreshed, so the test kit's transcripts depend on the app's messages
// alone. No frontend exports it.
func WithEveryReport() Option { return func(c *config) { c.reporter.EveryReport = true } }

// WithBarByBackend keeps the terminal's bar with the terminal backend,
// one write per state, even under a renderer that could draw it
// (RendererBar then reports false): the v2 test kit's transcripts then do
// not depend on the renderer's frames. No frontend exports it.
func WithBarByBackend() Option { return func(c *config) { c.barByBackend = true } }
