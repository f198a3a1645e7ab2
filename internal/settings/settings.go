// Package settings is every option of a Bridge, read once. bridge's one
// resolving function (Config.settings in bridge/options.go) validates the
// frontend's options and fills a Settings from Default; from then on the
// machine, the reporter, detection and every backend read the same value
// and none applies a default of its own. Names are positive (Ping, not
// NoPing) so that a field says what happens when it is true.
package settings

import (
	"io"
	"log/slog"
	"os"
	"runtime"
	"time"

	"github.com/hostbridge/hostbridge/host"
)

// Support is a three-way option (the bar, focus reports): Auto lets the
// table or the environment decide; On and Off override it.
type Support uint8

const (
	Auto Support = iota
	On
	Off
)

// The defaults, named once; the frontends' option docs state the same values.
const (
	DefaultAgent       = "chat"
	DefaultTimeout     = 500 * time.Millisecond
	DefaultExitTimeout = time.Second
	// DefaultPingInterval: a burst of turns is not a burst of notifications
	// (tuios holds a pane's OSC 9 to one per 500 ms alike).
	DefaultPingInterval = 500 * time.Millisecond
	DefaultRetryMin     = 100 * time.Millisecond
	DefaultRetryMax     = 5 * time.Second
	DefaultQueueLimit   = 1024
)

// Settings is every option, defaulted and checked. Only bridge makes one
// from options; tests start from Default and change what they test.
type Settings struct {
	Agent  string // the name hosts show; never ""
	Source string // herdr's report source; bridge makes "" "custom:<Agent>"

	// The attention ping and its gates (WithNotify, WithApprovalPing, ...).
	Ping, ApprovalPing, FailurePing, FinishedPing bool
	PingWhileFocusUnknown                         bool          // before the terminal first reports focus
	PingInterval                                  time.Duration // the least time between two pings; negative: no limit (the kits)

	SubAgentsBlock bool                   // a waiting sub-agent holds the chat Blocked
	ResumeCommand  func(id string) string // the command that resumes a session; nil: none
	Session        host.Session           // the session at start (WithSession)

	// What the hosts are told beyond the state (the reference behaviours).
	BlockedMessage, Metadata, TmuxPaneLine bool

	// Detection: the environment is read once, through Getenv, at New.
	Getenv        func(string) string // never nil
	GOOS          string              // runtime.GOOS; on windows herdr's socket path names a marker file
	HerdrPaneVars bool                // herdr's pane by HERDR_SOCKET_PATH and HERDR_PANE_ID alone, HERDR_ENV or not
	DisableEnv    string              // the variable whose "0" turns every host but the terminal off
	// Backends replaces detection when not nil (WithBackends; even empty).
	Backends []host.Backend

	// The terminal.
	Output           io.Writer // never nil: os.Stdout unless WithOutput
	OutputChosen     bool      // WithOutput: trusted to reach the terminal even if it is not one
	Progress         Support   // the bar: Auto is the terminal table's verdict
	KnownBadProgress []string  // nil: the table decides the bar; else the list (even empty) does
	FocusReports     Support   // Auto: where stdin is a terminal and TERM is not "dumb"
	SignalHandler    bool      // an exit signal runs Close, then is delivered again

	// Bounds, and the reporter's own (not options: constants tests shrink).
	Timeout, ExitTimeout time.Duration
	RetryMin, RetryMax   time.Duration
	QueueLimit           int
	Logger               *slog.Logger // never nil: discarded by default

	// The test kits' (no frontend option sets them; see bridge's kit hook).
	// EveryReport: every change reaches every host, none coalesced or
	// refreshed, so a kit's transcript does not depend on timing.
	// BarByBackend: the terminal backend keeps the bar even under a
	// renderer that could draw it.
	EveryReport, BarByBackend bool
}

// Default is every option at its constant default. Two defaults depend on
// other values and are made where options are read (bridge's
// Config.settings): the agent, from the program's file name, and herdr's
// Source, "custom:<agent>". A test that builds a herdr backend from
// Default sets Source itself.
func Default() Settings {
	return Settings{
		Agent: DefaultAgent, Ping: true, ApprovalPing: true, FailurePing: true, FinishedPing: true,
		PingWhileFocusUnknown: true, PingInterval: DefaultPingInterval, SignalHandler: true,
		Getenv: os.Getenv, GOOS: runtime.GOOS, Output: os.Stdout,
		Timeout: DefaultTimeout, ExitTimeout: DefaultExitTimeout,
		RetryMin: DefaultRetryMin, RetryMax: DefaultRetryMax, QueueLimit: DefaultQueueLimit,
		Logger: slog.New(slog.DiscardHandler),
	}
}

// Off reports whether the app's disable variable turned the hosts off.
func (s Settings) Off() bool { return s.DisableEnv != "" && s.Getenv(s.DisableEnv) == "0" }
