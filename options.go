package hostbridge

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"regexp"
	"time"

	"github.com/hostbridge/hostbridge/backends"
	"github.com/hostbridge/hostbridge/backends/terminal"
	"github.com/hostbridge/hostbridge/host"
)

// Defaults.
const (
	// DefaultTimeout bounds each report to a host.
	DefaultTimeout = host.DefaultTimeout
	// DefaultExitTimeout bounds everything that happens at exit: the last
	// reports (bar cleared, pane released, row removed) and stopping the
	// workers.
	DefaultExitTimeout = time.Second
)

// ErrOption is wrapped by every error a bad option value causes.
var ErrOption = errors.New("hostbridge: bad option")

// Option configures a Bridge (and so Wrap).
type Option func(*config)

type config struct {
	agent        string
	source       string
	quiet        bool
	quietUnknown bool
	timeout      time.Duration
	exitTimeout  time.Duration
	pingEvery    time.Duration
	logger       *slog.Logger
	output       io.Writer
	outputChosen bool
	progress     terminal.Support
	badProgress  []string
	env          backends.Env
	session      host.Session
	resume       func(string) string
	blockedMsg   bool
	sessionInAll bool
	metadata     bool
	subBlock     bool
	offVar       string
	noFocus      bool
	noSignals    bool
	backends     []host.Backend
	custom       bool
	everyReport  bool // set by the test kit only (internal/kithook)
	errs         []error
}

func (c *config) fail(format string, args ...any) {
	c.errs = append(c.errs, fmt.Errorf("%w: "+format, append([]any{ErrOption}, args...)...))
}

func defaultConfig() config {
	return config{
		agent:       defaultAgent(),
		timeout:     DefaultTimeout,
		exitTimeout: DefaultExitTimeout,
		pingEvery:   host.DefaultPingInterval,
		logger:      slog.New(slog.DiscardHandler),
		output:      os.Stdout,
	}
}

// agentName is what a host shows as the agent's name: short and plain.
var (
	agentName   = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$`)
	herdrSource = regexp.MustCompile(`^[A-Za-z0-9:._-]{1,80}$`)
)

func defaultAgent() string {
	name := filepath.Base(os.Args[0])
	if agentName.MatchString(name) {
		return name
	}
	return "chat"
}

// WithAgent sets the agent name hosts show (herdr's agent, cmux's status
// key, tuios's harness). Default: the program's file name. It must be 1–64
// characters of letters, digits, '.', '_' and '-', starting with a letter
// or digit.
func WithAgent(name string) Option {
	return func(c *config) {
		if !agentName.MatchString(name) {
			c.fail("agent name %q: want 1-64 of [A-Za-z0-9._-], starting with a letter or digit", name)
			return
		}
		c.agent = name
	}
}

// WithSource sets herdr's report source (default "custom:<agent>"). herdr
// accepts at most 80 characters of [A-Za-z0-9:._-].
func WithSource(source string) Option {
	return func(c *config) {
		if !herdrSource.MatchString(source) {
			c.fail("source %q: want 1-80 of [A-Za-z0-9:._-]", source)
			return
		}
		c.source = source
	}
}

// WithNotify turns the attention ping on (the default) or off. The
// progress indicator and every host's state are not affected.
func WithNotify(on bool) Option { return func(c *config) { c.quiet = !on } }

// WithQuietWhileFocusUnknown holds the ping back until the terminal has
// reported focus once. By default a terminal that never reports focus still
// gets pings: a missed ping costs more than an extra one.
func WithQuietWhileFocusUnknown() Option { return func(c *config) { c.quietUnknown = true } }

// WithPingInterval sets the least time between two attention pings
// (default 500 ms): a ping that comes sooner waits, and goes when the
// interval ends if the chat still is where it pinged from (it still needs
// you, the turn still failed, it is still your move). Zero sends every
// ping at once, for tests that check each one in real time. At most a
// minute.
func WithPingInterval(d time.Duration) Option {
	return func(c *config) {
		if d < 0 || d > time.Minute {
			c.fail("ping interval %v: want >= 0 and <= 1m", d)
			return
		}
		c.pingEvery = d
	}
}

// WithTimeout bounds each report to a host (default 500 ms). It must be
// positive and at most a minute.
func WithTimeout(d time.Duration) Option {
	return func(c *config) {
		if d <= 0 || d > time.Minute {
			c.fail("timeout %v: want > 0 and <= 1m", d)
			return
		}
		c.timeout = d
	}
}

// WithExitTimeout bounds the exit (default 1 s): the last reports and the
// workers' stop. It must be positive and at most a minute.
func WithExitTimeout(d time.Duration) Option {
	return func(c *config) {
		if d <= 0 || d > time.Minute {
			c.fail("exit timeout %v: want > 0 and <= 1m", d)
			return
		}
		c.exitTimeout = d
	}
}

// WithLogger receives hostbridge's debug lines: one per failed report.
// Nothing is ever logged above debug level. Default: discarded.
func WithLogger(l *slog.Logger) Option {
	return func(c *config) {
		if l != nil {
			c.logger = l
		}
	}
}

// WithOutput is where escape sequences for the terminal go: the same
// output the program renders to (default os.Stdout). Pass the writer given
// to tea.WithOutput, if any.
func WithOutput(w io.Writer) Option {
	return func(c *config) {
		if w == nil {
			c.fail("output is nil")
			return
		}
		c.output, c.outputChosen = w, true
	}
}

// WithProgress forces the terminal's progress bar (OSC 9;4) on
// (terminal.SupportOn) or off (terminal.SupportOff) whatever the known-bad
// list says (terminal.KnownBadProgress).
func WithProgress(s terminal.Support) Option {
	return func(c *config) {
		if s > terminal.SupportOff {
			c.fail("progress support %v: want auto, on or off", s)
			return
		}
		c.progress = s
	}
}

// WithKnownBadProgress replaces the list of terminals that get no progress
// bar (see terminal.Config.BadProgress for the entry format). An empty,
// non-nil list trusts every terminal.
func WithKnownBadProgress(list []string) Option {
	return func(c *config) {
		if list == nil {
			list = []string{}
		}
		if _, err := terminal.New(terminal.Config{Output: io.Discard, BadProgress: list}); err != nil {
			c.fail("known-bad progress list: %v", err)
			return
		}
		c.badProgress = list
	}
}

// WithEnv makes detection read env instead of the process environment:
// tests, and programs that run a chat for someone else's terminal.
func WithEnv(env backends.Env) Option { return func(c *config) { c.env = env } }

// WithSession names the session the chat starts with, reported to hosts
// that list sessions as soon as the chat is ready.
func WithSession(id, dir string) Option {
	return func(c *config) { c.session = host.Session{ID: id, Dir: dir} }
}

// WithResumeCommand reports, with every state, the session id and the
// command that resumes it (resume("42") might give "chat --session 42"),
// so a host can bring the session back after a restart. In herdr the id
// goes in the state report and the command in a metadata token, since
// herdr's state report has no field for a command.
func WithResumeCommand(resume func(sessionID string) string) Option {
	return func(c *config) {
		c.resume = resume
		c.sessionInAll = resume != nil
	}
}

// WithBlockedMessage sends what the chat waits on ("approve shell: git
// push") with the blocked state to hosts that take a message (herdr). By
// default herdr gets none: its pane shows the request itself.
func WithBlockedMessage() Option { return func(c *config) { c.blockedMsg = true } }

// WithMetadata sends the facts of MetaChanged (model, context, cost) to
// herdr as metadata tokens, beside tuios's rail, which always gets them.
func WithMetadata() Option { return func(c *config) { c.metadata = true } }

// HoldBlockedBySubAgents makes a sub-agent that waits on an approval or a
// question hold the chat blocked, with "<task>: <what it waits on>" as the
// message: hosts without sub-agent rows then still show it.
func HoldBlockedBySubAgents() Option { return func(c *config) { c.subBlock = true } }

// WithDisableEnv names an environment variable that, set to "0", turns
// host reporting off (every host but the plain terminal's ping and bar).
func WithDisableEnv(name string) Option {
	return func(c *config) {
		if name == "" {
			c.fail("disable variable name is empty")
			return
		}
		c.offVar = name
	}
}

// WithoutFocusReports stops Wrap from turning on the terminal's focus
// reports. Without them focus stays unknown and pings follow
// WithQuietWhileFocusUnknown.
func WithoutFocusReports() Option { return func(c *config) { c.noFocus = true } }

// WithoutSignalHandler stops hostbridge from watching SIGINT, SIGTERM and
// SIGHUP. Then the app must call Close on every exit path itself.
func WithoutSignalHandler() Option { return func(c *config) { c.noSignals = true } }

// WithBackends replaces detection with the given backends: a custom host,
// or a recorder in tests.
func WithBackends(b ...host.Backend) Option {
	return func(c *config) {
		c.backends = b
		c.custom = true
	}
}
