package bridge

import (
	"cmp"
	"errors"
	"fmt"
	"io"
	"log/slog"
	"os"
	"path/filepath"
	"slices"
	"time"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/core"
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
// default. New checks each field: a bad value is an error wrapping
// ErrOption, and Lenient leaves that field at its default.
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

	// For test kits; no frontend exports them.
	PingInterval time.Duration // least time between pings, to 1 m; 0: 500 ms, negative: no limit
	EveryReport  bool          // every change reaches every host, none coalesced or refreshed
	BarByBackend bool          // the terminal backend keeps the bar even under a renderer that could draw it
}

// config holds each setting once, in the struct of the part that takes it;
// build fills the hosts' settings that follow from others.
type config struct {
	hosts        settings.Settings    // what Detect and Build read: the names, the output, the bar, the reference behaviours
	machine      core.Config          // the ping's gates, sub-agents, resume
	reporter     core.ReporterOptions // the bounds, the ping interval, the logger
	getenv       func(string) string
	session      host.Session
	offVar       string
	focus        settings.Support // WithFocusReports
	noSignals    bool
	backends     []host.Backend
	custom       bool
	tmuxLine     bool
	barByBackend bool
}

// parse applies opts in turn; one that is nil or leaves a field bad is
// left out, and the error says why.
func parse(opts []Option) (config, error) {
	var o Config
	var errs []error
	for i, opt := range opts {
		if opt == nil {
			errs = append(errs, fmt.Errorf("%w: option %d is nil", ErrOption, i))
			continue
		}
		next := o
		opt(&next)
		if err := next.check(); err != nil {
			errs = append(errs, err)
			continue
		}
		o = next
	}
	return o.config(), errors.Join(errs...)
}

func (o *Config) check() error {
	var errs []error
	bad := func(ok bool, format string, args ...any) {
		if !ok {
			errs = append(errs, fmt.Errorf("%w: "+format, append([]any{ErrOption}, args...)...))
		}
	}
	bad(o.Agent == "" || settings.ValidAgent(o.Agent), "agent name %s: want "+settings.AgentRule, quoted(o.Agent))
	bad(o.Source == "" || settings.ValidSource(o.Source), "source %s: want "+settings.SourceRule, quoted(o.Source))
	bad(o.Timeout >= 0 && o.Timeout <= time.Minute, "timeout %v: want 1ns to 1m", o.Timeout)
	bad(o.ExitTimeout >= 0 && o.ExitTimeout <= time.Minute, "exit timeout %v: want 1ns to 1m", o.ExitTimeout)
	bad(o.PingInterval <= time.Minute, "ping interval %v: want at most 1m", o.PingInterval)
	if o.KnownBadProgress != nil {
		err := terminal.CheckKnownBad(o.KnownBadProgress)
		bad(err == nil, "known-bad progress list: %v", err)
	}
	bad(o.SessionDir == "" || filepath.IsAbs(o.SessionDir), "session directory %s: want an absolute path", quoted(o.SessionDir))
	bad(!slices.Contains(o.Backends, nil), "a backend is nil")
	return errors.Join(errs...)
}

// quoted is %q of v's first 40 bytes: a 10 KB name is not logged whole.
func quoted(v string) string {
	if len(v) <= 40 {
		return fmt.Sprintf("%q", v)
	}
	return fmt.Sprintf("%q… (%d bytes)", v[:40], len(v))
}

func (o Config) config() config {
	hs := settings.Default()
	hs.Agent, hs.Source, hs.Output, hs.OutputChosen = o.Agent, o.Source, cmp.Or[io.Writer](o.Output, os.Stdout), o.Output != nil
	hs.Progress, hs.KnownBadProgress, hs.BlockedMessage, hs.Metadata = support(o.Progress), o.KnownBadProgress, o.BlockedMessage, o.Metadata
	hs.HerdrPaneVars = o.HerdrPaneVars
	c := config{
		hosts: hs,
		machine: core.Config{Quiet: o.NoPing, QuietBlocked: o.NoApprovalPing, QuietFailed: o.NoFailurePing,
			QuietDone: o.NoFinishedPing, QuietWhileUnknown: o.NoPingUntilFocus,
			SubAgentsBlock: o.SubAgentsBlock, Resume: o.ResumeCommand},
		reporter: core.ReporterOptions{Timeout: o.Timeout, ExitTimeout: o.ExitTimeout,
			PingInterval: o.PingInterval, Logger: o.Logger, EveryReport: o.EveryReport}.Filled(),
		getenv: o.Env, session: host.Session{ID: o.SessionID, Dir: o.SessionDir}, offVar: o.DisableEnv,
		focus: support(o.FocusReports), noSignals: o.NoSignalHandler, backends: o.Backends,
		custom: o.Backends != nil, tmuxLine: o.TmuxPaneLine, barByBackend: o.BarByBackend,
	}
	if c.hosts.Agent == "" {
		c.hosts.Agent = "chat"
		if name := filepath.Base(os.Args[0]); settings.ValidAgent(name) {
			c.hosts.Agent = name
		}
	}
	if c.getenv == nil {
		c.getenv = os.Getenv
	}
	return c
}

// support is an option left unset (SupportAuto), true or false.
func support(on *bool) settings.Support {
	switch {
	case on == nil:
		return settings.Auto
	case *on:
		return settings.On
	}
	return settings.Off
}
