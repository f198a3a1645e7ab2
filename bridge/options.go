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

// Option configures a Bridge. The frontends re-export the constructors
// below with their documentation.
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

func WithAgent(name string) Option {
	return func(c *config) {
		if c.check(agentName.MatchString(name),
			"agent name %s: want 1-64 of [A-Za-z0-9._-], starting with a letter or digit", quoted(name)) {
			c.hosts.Agent = name
		}
	}
}

func WithSource(source string) Option {
	return func(c *config) {
		if c.check(herdrSource.MatchString(source), "source %s: want 1-80 of [A-Za-z0-9:._-]", quoted(source)) {
			c.hosts.Source = source
		}
	}
}

func WithNotify(on bool) Option { return func(c *config) { c.machine.Quiet = !on } }

func WithApprovalPing(on bool) Option { return func(c *config) { c.machine.QuietBlocked = !on } }

func WithFailurePing(on bool) Option { return func(c *config) { c.machine.QuietFailed = !on } }

func WithFinishedPing(on bool) Option { return func(c *config) { c.machine.QuietDone = !on } }

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

func WithTimeout(d time.Duration) Option {
	return duration("timeout", d, 1, func(c *config) *time.Duration { return &c.reporter.Timeout })
}

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

func WithLogger(l *slog.Logger) Option {
	return func(c *config) {
		if c.check(l != nil, "logger is nil") {
			c.reporter.Logger = l
		}
	}
}

func WithOutput(w io.Writer) Option {
	return func(c *config) {
		if c.check(w != nil, "output is nil") {
			c.hosts.Output, c.hosts.OutputChosen = w, true
		}
	}
}

func WithProgress(on bool) Option {
	return func(c *config) {
		c.hosts.Progress = terminal.SupportOff
		if on {
			c.hosts.Progress = terminal.SupportOn
		}
	}
}

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

func WithEnv(getenv func(string) string) Option {
	return func(c *config) {
		if c.check(getenv != nil, "getenv is nil") {
			c.getenv = getenv
		}
	}
}

func WithSession(id, dir string) Option {
	return func(c *config) {
		if c.check(dir == "" || filepath.IsAbs(dir), "session directory %s: want an absolute path", quoted(dir)) {
			c.session = host.Session{ID: id, Dir: dir}
		}
	}
}

func WithResumeCommand(resume func(sessionID string) string) Option {
	return func(c *config) { c.machine.Resume = resume }
}

func WithBlockedMessage(on bool) Option { return func(c *config) { c.hosts.BlockedMessage = on } }

func WithMetadata(on bool) Option { return func(c *config) { c.hosts.Metadata = on } }

func WithSubAgentsBlock(on bool) Option { return func(c *config) { c.machine.SubAgentsBlock = on } }

func WithDisableEnv(name string) Option {
	return func(c *config) {
		if c.check(name != "", "disable variable name is empty") {
			c.offVar = name
		}
	}
}

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

func WithTmuxPaneLine(on bool) Option { return func(c *config) { c.tmuxLine = on } }

func WithSignalHandler(on bool) Option { return func(c *config) { c.noSignals = !on } }

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
