package hostbridge

import (
	"io"
	"log/slog"
	"time"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/bridge"
)

// Option configures New and Wrap. Every option is a With function taking
// its value; a bad value (or a nil Option) is an error from New, and Wrap
// leaves it out and keeps the error in Model.Err.
type Option = bridge.Option

// ErrOption is wrapped by every error a bad option value causes.
var ErrOption = bridge.ErrOption

// WithAgent sets the agent name hosts show (herdr's agent, cmux's status
// key, tuios's harness): 1–64 of [A-Za-z0-9._-], starting with a letter or
// digit. Default: the program's file name.
func WithAgent(name string) Option { return bridge.WithAgent(name) }

// WithSource sets herdr's report source, at most 80 of [A-Za-z0-9:._-]
// (default "custom:<agent>").
func WithSource(source string) Option { return bridge.WithSource(source) }

// WithNotify turns the attention ping on (the default) or off. The bar and
// every host's state are not affected.
func WithNotify(on bool) Option { return bridge.WithNotify(on) }

// WithNotifyWhileFocusUnknown(false) holds pings back until the terminal
// has reported focus once. By default (true) a terminal that never reports
// focus still gets them: a missed ping costs more than an extra one.
func WithNotifyWhileFocusUnknown(on bool) Option { return bridge.WithNotifyWhileFocusUnknown(on) }

// WithTimeout bounds each report to a host (default 500 ms, at most 1 m).
func WithTimeout(d time.Duration) Option { return bridge.WithTimeout(d) }

// WithExitTimeout bounds the whole exit (default 1 s, at most 1 m): the
// last reports and the workers' stop.
func WithExitTimeout(d time.Duration) Option { return bridge.WithExitTimeout(d) }

// WithLogger receives hostbridge's debug lines, one per failed report.
// Nothing is logged above debug level. Default: discarded.
func WithLogger(l *slog.Logger) Option { return bridge.WithLogger(l) }

// WithOutput is where terminal sequences go (default os.Stdout): the
// writer given to tea.WithOutput, if any. An output the app chooses is
// trusted to reach a terminal even when it is not a TTY.
func WithOutput(w io.Writer) Option { return bridge.WithOutput(w) }

// WithProgress forces the terminal's progress bar (OSC 9;4) on or off,
// whatever the known-bad list says.
func WithProgress(on bool) Option { return bridge.WithProgress(on) }

// WithKnownBadProgress replaces the list of terminals that get no bar.
// Entries are "NAME" (TERM_PROGRAM, any version), "NAME<VERSION" (below
// VERSION, or no version known) and "TERM=VALUE". The default list is
// iTerm.app<3.6.6, kitty<0.38, TERM=linux, TERM=dumb; an empty list trusts
// every terminal.
func WithKnownBadProgress(list []string) Option { return bridge.WithKnownBadProgress(list) }

// WithEnv makes detection read the environment through getenv instead of
// os.Getenv: tests, and programs that run a chat for someone else's
// terminal (an ssh server). Executables are looked up on its PATH.
func WithEnv(getenv func(string) string) Option { return bridge.WithEnv(getenv) }

// WithSession names the session the chat starts with (dir absolute, or
// empty), reported to hosts that list sessions as soon as the chat is
// ready.
func WithSession(id, dir string) Option { return bridge.WithSession(id, dir) }

// WithResumeCommand reports, with every state, the session id and the
// command that resumes it (resume("42") might give "chat --session 42").
// In herdr the command goes in a metadata token.
func WithResumeCommand(resume func(sessionID string) string) Option {
	return bridge.WithResumeCommand(resume)
}

// WithBlockedMessage(true) sends what the chat waits on with the blocked
// state to hosts that take a message (herdr). By default herdr gets none:
// its pane shows the request itself.
func WithBlockedMessage(on bool) Option { return bridge.WithBlockedMessage(on) }

// WithMetadata(true) sends MetaChanged's facts to herdr as metadata tokens
// too; tuios's rail always gets them.
func WithMetadata(on bool) Option { return bridge.WithMetadata(on) }

// WithSubAgentsBlock(true) makes a sub-agent that waits hold the chat
// blocked, with "<task>: <what it waits on>": hosts without sub-agent rows
// then still show it.
func WithSubAgentsBlock(on bool) Option { return bridge.WithSubAgentsBlock(on) }

// WithDisableEnv names a variable that, set to "0", turns host reporting
// off (all but the plain terminal's bar and ping).
func WithDisableEnv(name string) Option { return bridge.WithDisableEnv(name) }

// WithFocusReports(false) stops Wrap from turning on the terminal's focus
// reports; focus then stays unknown.
func WithFocusReports(on bool) Option { return bridge.WithFocusReports(on) }

// WithSignalHandler(false) stops hostbridge from watching SIGINT, SIGTERM
// and SIGHUP; the app then calls Close on every exit path itself.
func WithSignalHandler(on bool) Option { return bridge.WithSignalHandler(on) }

// WithBackends replaces detection with the given backends: a custom host
// (see package host), or a host.Recorder in tests.
func WithBackends(b ...host.Backend) Option { return bridge.WithBackends(b...) }
