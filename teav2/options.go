package hostbridge

import (
	"io"
	"log/slog"
	"time"

	"github.com/hostbridge/hostbridge/bridge"
	"github.com/hostbridge/hostbridge/host"
)

// Option configures New and Wrap: the same options as the Bubble Tea v1
// frontend's. A bad value, or a nil Option, is left out by Wrap, which
// logs it at debug level; New returns it as an error.
type Option = bridge.Option

// ErrOption is wrapped by every error a bad option value causes.
var ErrOption = bridge.ErrOption

// WithAgent sets the agent name hosts show (herdr's agent, cmux's status
// key, tuios's harness): 1–64 of [A-Za-z0-9._-], starting with a letter or
// digit. Default: the program's file name, or "chat".
func WithAgent(name string) Option { return bridge.WithAgent(name) }

// WithSource sets herdr's report source: 1–80 of [A-Za-z0-9:._-].
// Default: "custom:<agent>".
func WithSource(source string) Option { return bridge.WithSource(source) }

// WithNotify turns the attention ping on or off; the bar and the hosts'
// states are not affected. Default: on.
func WithNotify(on bool) Option { return bridge.WithNotify(on) }

// WithApprovalPing(false) leaves the ping for "the model needs you" (an
// approval, a question, a waiting sub-agent) to an app that notifies for
// it itself; the others still go. Default: true.
func WithApprovalPing(on bool) Option { return bridge.WithApprovalPing(on) }

// WithFailurePing(false) leaves the ping for a failed turn to the app.
// Default: true.
func WithFailurePing(on bool) Option { return bridge.WithFailurePing(on) }

// WithFinishedPing(false) leaves the ping for a turn that ended (the
// reply's first words, or "<agent> finished") to the app. Default: true.
func WithFinishedPing(on bool) Option { return bridge.WithFinishedPing(on) }

// WithNotifyWhileFocusUnknown(false) holds pings back until the terminal
// has reported focus once. Default: true, as a missed ping costs more than
// an extra one.
func WithNotifyWhileFocusUnknown(on bool) Option { return bridge.WithNotifyWhileFocusUnknown(on) }

// WithTimeout bounds each report to a host: 1 ns to 1 m. Default: 500 ms.
func WithTimeout(d time.Duration) Option { return bridge.WithTimeout(d) }

// WithExitTimeout bounds the exit, its last reports and the workers' stop:
// 1 ns to 1 m. Default: 1 s.
func WithExitTimeout(d time.Duration) Option { return bridge.WithExitTimeout(d) }

// WithLogger receives a debug line per failed report; nothing is logged
// above debug. Not nil. Default: discarded.
func WithLogger(l *slog.Logger) Option { return bridge.WithLogger(l) }

// WithOutput is where terminal sequences go: the writer given to
// tea.WithOutput, if any; one the app chooses is trusted to reach a
// terminal. Not nil. Default: os.Stdout.
func WithOutput(w io.Writer) Option { return bridge.WithOutput(w) }

// WithProgress forces the terminal's progress bar (OSC 9;4) on or off,
// whoever draws it (View.ProgressBar, or hostbridge inside tmux and
// screen). Default: on but for the known-bad terminals.
func WithProgress(on bool) Option { return bridge.WithProgress(on) }

// WithKnownBadProgress replaces the terminals that get no bar: "NAME"
// (TERM_PROGRAM, any version), "NAME<VERSION" (below it, or no version
// known) or "TERM=VALUE"; empty trusts every terminal. Default:
// iTerm.app<3.6.6, kitty<0.38, TERM=linux, TERM=dumb.
func WithKnownBadProgress(list []string) Option { return bridge.WithKnownBadProgress(list) }

// WithEnv makes detection read the environment through getenv (tests, a
// chat served for someone else's terminal); executables are looked up on
// its PATH. Not nil. Default: os.Getenv.
func WithEnv(getenv func(string) string) Option { return bridge.WithEnv(getenv) }

// WithSession names the session the chat starts with, reported to hosts
// that list sessions once the chat is ready; dir is absolute or empty.
// Default: none.
func WithSession(id, dir string) Option { return bridge.WithSession(id, dir) }

// WithResumeCommand reports with every state the command that resumes a
// session (resume("42") might give "chat --session 42"); herdr gets it as
// a metadata token. Default: none.
func WithResumeCommand(resume func(sessionID string) string) Option {
	return bridge.WithResumeCommand(resume)
}

// WithBlockedMessage(true) sends what the chat waits on to hosts that take
// a message with the blocked state (herdr). Default: false, as herdr's
// pane shows the request itself.
func WithBlockedMessage(on bool) Option { return bridge.WithBlockedMessage(on) }

// WithHerdrPaneVars(true) takes a pane with HERDR_SOCKET_PATH and
// HERDR_PANE_ID for herdr's without HERDR_ENV=1 too. Default: false, as
// herdr asks its integrations to report only with HERDR_ENV=1.
func WithHerdrPaneVars(on bool) Option { return bridge.WithHerdrPaneVars(on) }

// WithMetadata(true) sends MetaChanged's facts to herdr as metadata tokens
// too (tuios always gets them). Default: false.
func WithMetadata(on bool) Option { return bridge.WithMetadata(on) }

// WithSubAgentsBlock(true) makes a waiting sub-agent hold the chat blocked
// with "<task>: <what it waits on>", for hosts without sub-agent rows.
// Default: false.
func WithSubAgentsBlock(on bool) Option { return bridge.WithSubAgentsBlock(on) }

// WithDisableEnv names a variable that, set to "0", turns reporting off
// for every host but the plain terminal. Not empty. Default: none.
func WithDisableEnv(name string) Option { return bridge.WithDisableEnv(name) }

// WithFocusReports(false) stops Wrap from setting View.ReportFocus;
// focus then stays unknown unless the app sets it. Wrap sets it once the
// app got a key or mouse event, so never with tea.WithInput(nil).
// Default: where standard input is a terminal and TERM is not "dumb"; true
// sets it whatever the input (tea.WithInputTTY with stdin a pipe).
func WithFocusReports(on bool) Option { return bridge.WithFocusReports(on) }

// WithSignalHandler(false) stops hostbridge from watching SIGINT, SIGTERM
// and SIGHUP; the app then calls Close on every way out. Default: true.
func WithSignalHandler(on bool) Option { return bridge.WithSignalHandler(on) }

// WithBackends replaces detection with the given backends, none nil: a
// custom host (see package host), or a host.Recorder in tests. Default:
// the detected hosts.
func WithBackends(b ...host.Backend) Option { return bridge.WithBackends(b...) }

// WithTmuxPaneLine(true) adds the chat's tmux pane to EnvironmentLines
// ("tmux pane: %3"), so the model can drive tmux from its shell tool.
// Default: off; the lines stay the host's alone.
func WithTmuxPaneLine(on bool) Option { return bridge.WithTmuxPaneLine(on) }
