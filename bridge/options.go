package bridge

import (
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/hosts/terminal"
	"github.com/hostbridge/hostbridge/internal/settings"
)

// ErrOption is wrapped by every error a bad option value causes.
var ErrOption = errors.New("hostbridge: bad option")

// Option sets fields of a Config. Each frontend (hostbridge, teav2) has a
// With* constructor for each field, named in the field's comment; its doc
// is what a user reads.
type Option func(*Config)

// Config is what a frontend's options set; its zero value is every
// default, which is why its switches are named for what they turn off
// (NoPing). It is public because the two frontends, in two modules,
// build their options on it, and an app may write an Option of its own.
// Nothing in it is for tests only. New reads it once, in one function,
// into the settings every part of the Bridge reads: each field is
// checked, and an option that makes a value bad is an error wrapping
// ErrOption (Lenient leaves that option out and goes on).
type Config struct {
	Agent  string // WithAgent: 1–64 of [A-Za-z0-9._-], from a letter or digit; "": the program's name or "chat"
	Source string // WithSource: herdr's source, 1–80 of [A-Za-z0-9:._-]; "": "custom:<agent>"

	NoPing           bool  // WithNotify(false)
	NoApprovalPing   bool  // WithApprovalPing(false)
	NoFailurePing    bool  // WithFailurePing(false)
	NoFinishedPing   bool  // WithFinishedPing(false)
	NoPingUntilFocus bool  // WithNotifyWhileFocusUnknown(false)
	NoSignalHandler  bool  // WithSignalHandler(false)
	BlockedMessage   bool  // WithBlockedMessage(true)
	HerdrPaneVars    bool  // WithHerdrPaneVars(true)
	Metadata         bool  // WithMetadata(true)
	SubAgentsBlock   bool  // WithSubAgentsBlock(true)
	TmuxPaneLine     bool  // WithTmuxPaneLine(true)
	Progress         *bool // WithProgress; nil: on but for the known-bad terminals
	FocusReports     *bool // WithFocusReports; nil: where stdin is a terminal and TERM is not "dumb"

	Timeout     time.Duration // WithTimeout: 1 ns to 1 m; 0: 500 ms
	ExitTimeout time.Duration // WithExitTimeout: 1 ns to 1 m; 0: 1 s

	Logger *slog.Logger        // WithLogger; nil: discarded
	Output io.Writer           // WithOutput; nil: os.Stdout, used only if it is a terminal
	Env    func(string) string // WithEnv; nil: os.Getenv

	KnownBadProgress []string // WithKnownBadProgress; nil: the table decides, else the list (even empty) does

	SessionID, SessionDir string                 // WithSession; SessionDir absolute or ""
	ResumeCommand         func(id string) string // WithResumeCommand
	DisableEnv            string                 // WithDisableEnv: the variable whose "0" turns hosts off
	Backends              []host.Backend         // WithBackends, none nil; nil: detect, empty: no host

	kit settings.Kit // the test kits' (settings.KitOption); no frontend option sets it
}

func init() {
	settings.KitOption = func(edit func(*settings.Kit)) any { return Option(func(c *Config) { edit(&c.kit) }) }
}

// parse applies opts in turn. Each is tried on a copy and read as
// settings (Config.settings): one that is nil or makes a value bad is left
// out, and the error says why; the rest go on.
func parse(opts []Option) (settings.Settings, error) {
	var c Config
	var errs []error
	for i, opt := range opts {
		if opt == nil {
			errs = append(errs, fmt.Errorf("%w: option %d is nil", ErrOption, i))
			continue
		}
		next := c
		opt(&next)
		if _, err := next.settings(); err != nil {
			errs = append(errs, err)
			continue
		}
		c = next
	}
	s, _ := c.settings() // every option in c passed
	return s, errors.Join(errs...)
}

// settings is the one place options become settings.Settings: it checks
// each field (a bad one stays at settings.Default's value, and the error
// says why) and makes the defaults that depend on the program (the agent
// from its file name).
func (c Config) settings() (settings.Settings, error) {
	s := settings.Default()
	var errs []error
	ok := func(good bool, format string, args ...any) bool {
		if !good {
			errs = append(errs, fmt.Errorf("%w: "+format, append([]any{ErrOption}, args...)...))
		}
		return good
	}
	if name := filepath.Base(os.Args[0]); settings.ValidAgent(name) {
		s.Agent = name
	}
	if c.Agent != "" && ok(settings.ValidAgent(c.Agent), "agent name %s: want "+settings.AgentRule, quoted(c.Agent)) {
		s.Agent = c.Agent
	}
	// herdr's convention for third parties; a valid agent is a valid source's tail.
	s.Source = "custom:" + s.Agent
	if c.Source != "" && ok(settings.ValidSource(c.Source), "source %s: want "+settings.SourceRule, quoted(c.Source)) {
		s.Source = c.Source
	}
	if c.Timeout != 0 && ok(c.Timeout > 0 && c.Timeout <= time.Minute, "timeout %v: want 1ns to 1m", c.Timeout) {
		s.Timeout = c.Timeout
	}
	if c.ExitTimeout != 0 && ok(c.ExitTimeout > 0 && c.ExitTimeout <= time.Minute, "exit timeout %v: want 1ns to 1m", c.ExitTimeout) {
		s.ExitTimeout = c.ExitTimeout
	}
	if c.KnownBadProgress != nil {
		err := terminal.CheckKnownBad(c.KnownBadProgress)
		if ok(err == nil, "known-bad progress list: %v", err) {
			s.KnownBadProgress = c.KnownBadProgress
		}
	}
	if c.SessionDir == "" || ok(filepath.IsAbs(c.SessionDir), "session directory %s: want an absolute path", quoted(c.SessionDir)) {
		s.Session = host.Session{ID: c.SessionID, Dir: c.SessionDir}
	}
	if c.Backends != nil && ok(!slices.Contains(c.Backends, nil), "a backend is nil") {
		s.Backends = c.Backends
	}
	s.Ping, s.ApprovalPing, s.FailurePing, s.FinishedPing = !c.NoPing, !c.NoApprovalPing, !c.NoFailurePing, !c.NoFinishedPing
	s.PingWhileFocusUnknown, s.SignalHandler = !c.NoPingUntilFocus, !c.NoSignalHandler
	s.BlockedMessage, s.HerdrPaneVars, s.Metadata = c.BlockedMessage, c.HerdrPaneVars, c.Metadata
	s.SubAgentsBlock, s.TmuxPaneLine = c.SubAgentsBlock, c.TmuxPaneLine
	s.Progress, s.FocusReports = support(c.Progress), support(c.FocusReports)
	s.ResumeCommand, s.DisableEnv = c.ResumeCommand, c.DisableEnv
	if c.Logger != nil {
		s.Logger = c.Logger
	}
	if c.Output != nil {
		s.Output, s.OutputChosen = c.Output, true
	}
	if c.Env != nil {
		s.Getenv = c.Env
	}
	s.EveryReport, s.BarByBackend = c.kit.EveryReport, c.kit.BarByBackend
	if c.kit.PingInterval != 0 && ok(c.kit.PingInterval <= time.Minute, "ping interval %v: want at most 1m", c.kit.PingInterval) {
		s.PingInterval = c.kit.PingInterval
	}
	return s, errors.Join(errs...)
}

// quoted is %q of v's first 40 bytes: a 10 KB name is not logged whole,
// and quoting shows the bad value as it is (a control character, a space
// at the end) without letting it act on the terminal the log goes to.
func quoted(v string) string {
	if len(v) <= 40 {
		return fmt.Sprintf("%q", v)
	}
	return fmt.Sprintf("%q… (%d bytes)", v[:40], len(v))
}

// support is an option left unset (Auto), true or false.
func support(on *bool) settings.Support {
	switch {
	case on == nil:
		return settings.Auto
	case *on:
		return settings.On
	}
	return settings.Off
}
