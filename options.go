package hostbridge

import (
	"io"
	"log/slog"
	"time"

	"github.com/hostbridge/hostbridge/bridge"
	"github.com/hostbridge/hostbridge/host"
)

// Option configures New and Wrap. A bad value, or a nil Option, is an
// error from New; Wrap leaves that option out and logs it (WithLogger,
// debug level).
type Option = bridge.Option

// ErrOption is wrapped by every error a bad option value causes.
var ErrOption = bridge.ErrOption

// WithAgent sets the agent name hosts show (herdr's agent, cmux's status
// key, tuios's harness): 1–64 of [A-Za-z0-9._-], starting with a letter or
// digit. Default (or ""): the program's file name, or "chat".
func WithAgent(name string) Option { return func(c *bridge.Config) { c.Agent = name } }

// WithSource sets herdr's report source: 1–80 of [A-Za-z0-9:._-].
// Default (or ""): "custom:<agent>".
func WithSource(source string) Option { return func(c *bridge.Config) { c.Source = source } }

// WithNotify turns the attention ping on or off; the bar and the hosts'
// states are not affected. Default: on.
func WithNotify(on bool) Option { return func(c *bridge.Config) { c.NoPing = !on } }

// WithApprovalPing(false) leaves the ping for "the model needs you" (an
// approval, a question, a waiting sub-agent) to an app that notifies for
// it itself; the others still go. Default: true.
func WithApprovalPing(on bool) Option { return func(c *bridge.Config) { c.NoApprovalPing = !on } }

// WithFailurePing(false) leaves the ping for a failed turn to the app.
// Default: true.
func WithFailurePing(on bool) Option { return func(c *bridge.Config) { c.NoFailurePing = !on } }

// WithFinishedPing(false) leaves the ping for a turn that ended (the
// reply's first words, or "<agent> finished") to the app. Default: true.
func WithFinishedPing(on bool) Option { return func(c *bridge.Config) { c.NoFinishedPing = !on } }

// WithNotifyWhileFocusUnknown(false) holds pings back until the terminal
// has reported focus once. Default: true, as a missed ping costs more than
// an extra one.
func WithNotifyWhileFocusUnknown(on bool) Option {
	return func(c *bridge.Config) { c.NoPingUntilFocus = !on }
}

// WithTimeout bounds each report to a host: 1 ns to 1 m. Default (or 0):
// 500 ms.
func WithTimeout(d time.Duration) Option { return func(c *bridge.Config) { c.Timeout = d } }

// WithExitTimeout bounds the exit, its last reports and the workers' stop:
// 1 ns to 1 m. Default (or 0): 1 s.
func WithExitTimeout(d time.Duration) Option { return func(c *bridge.Config) { c.ExitTimeout = d } }

// WithLogger receives a debug line per failed report; nothing is logged
// above debug. Default (or nil): discarded.
func WithLogger(l *slog.Logger) Option { return func(c *bridge.Config) { c.Logger = l } }

// WithOutput is where terminal sequences go: the writer given to
// tea.WithOutput, if any; one the app chooses is trusted to reach a
// terminal. Default (or nil): os.Stdout, used only if it is a terminal.
func WithOutput(w io.Writer) Option { return func(c *bridge.Config) { c.Output = w } }

// WithProgress forces the terminal's progress bar (OSC 9;4) on or off.
// Default: the table's verdict per terminal.
func WithProgress(on bool) Option { return func(c *bridge.Config) { c.Progress = &on } }

// WithKnownBadProgress overrides which terminals get no bar: "NAME" (a
// terminal of the README's table, or TERM_PROGRAM as spelt, any version),
// "NAME<VERSION" (below it, or no version known) or "TERM=VALUE"; a list,
// even empty, replaces the table's verdict on the bar. It does not lift
// the rules that are not a terminal's: no bar inside Zellij, nor for an
// unknown terminal behind GNU screen or over ssh (WithProgress(true) does).
// Default: the table (no bar where a terminal shows it as a notification
// or prints it).
func WithKnownBadProgress(list []string) Option {
	return func(c *bridge.Config) { c.KnownBadProgress = append([]string{}, list...) }
}

// WithEnv makes detection read the environment through getenv (tests, a
// chat served for someone else's terminal); executables are looked up on
// its PATH. Default (or nil): os.Getenv.
func WithEnv(getenv func(string) string) Option { return func(c *bridge.Config) { c.Env = getenv } }

// WithSession names the session the chat starts with, reported to hosts
// that list sessions once the chat is ready; dir is absolute or empty.
// Default: none.
func WithSession(id, dir string) Option {
	return func(c *bridge.Config) { c.SessionID, c.SessionDir = id, dir }
}

// WithResumeCommand reports with every state the command that resumes a
// session (resume("42") might give "chat --session 42"); herdr gets it as
// a metadata token. Default: none.
func WithResumeCommand(resume func(sessionID string) string) Option {
	return func(c *bridge.Config) { c.ResumeCommand = resume }
}

// WithBlockedMessage(true) sends what the chat waits on to hosts that take
// a message with the blocked state (herdr). Default: false, as herdr's
// pane shows the request itself.
func WithBlockedMessage(on bool) Option { return func(c *bridge.Config) { c.BlockedMessage = on } }

// WithHerdrPaneVars(true) takes a pane with HERDR_SOCKET_PATH and
// HERDR_PANE_ID for herdr's without HERDR_ENV=1 too. Default: false, as
// herdr asks its integrations to report only with HERDR_ENV=1.
func WithHerdrPaneVars(on bool) Option { return func(c *bridge.Config) { c.HerdrPaneVars = on } }

// WithMetadata(true) sends MetaChanged's facts to herdr as metadata tokens
// too (tuios always gets them). Default: false.
func WithMetadata(on bool) Option { return func(c *bridge.Config) { c.Metadata = on } }

// WithSubAgentsBlock(true) makes a waiting sub-agent hold the chat blocked
// with "<task>: <what it waits on>", for hosts without sub-agent rows.
// Default: false.
func WithSubAgentsBlock(on bool) Option { return func(c *bridge.Config) { c.SubAgentsBlock = on } }

// WithDisableEnv names a variable that, set to "0", turns reporting off
// for every host but the plain terminal. Default (or ""): none.
func WithDisableEnv(name string) Option { return func(c *bridge.Config) { c.DisableEnv = name } }

// WithFocusReports(false) stops Wrap from turning on the terminal's focus
// reports; focus then stays unknown unless the app turns them on itself
// (its tea.FocusMsg and tea.BlurMsg are read). Wrap turns them on at the first key
// or mouse event the app gets, so never with tea.WithInput(nil). Default:
// where standard input is a terminal and TERM is not "dumb"; true turns
// them on whatever the input (tea.WithInputTTY with stdin a pipe).
func WithFocusReports(on bool) Option { return func(c *bridge.Config) { c.FocusReports = &on } }

// WithSignalHandler(false) stops hostbridge from watching SIGINT, SIGTERM
// and SIGHUP; the app then calls Close on every way out. Default: true.
func WithSignalHandler(on bool) Option { return func(c *bridge.Config) { c.NoSignalHandler = !on } }

// WithBackends replaces detection with the given backends, none nil: a
// custom host (see package host), or a host.Recorder in tests. Default:
// the detected hosts.
func WithBackends(b ...host.Backend) Option {
	return func(c *bridge.Config) { c.Backends = append([]host.Backend{}, b...) }
}

// WithTmuxPaneLine(true) adds the chat's tmux pane to EnvironmentLines
// ("tmux pane: %3"), so the model can drive tmux from its shell tool.
// Default: off; the lines stay the host's alone.
func WithTmuxPaneLine(on bool) Option { return func(c *bridge.Config) { c.TmuxPaneLine = on } }
