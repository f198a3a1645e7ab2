package hosts

import (
	"log/slog"
	"time"

	"cmp"
	"github.com/hostbridge/hostbridge/internal/settings"
	"io"
)

// The backends, for the tests that drive them against teatest's fake
// hosts (package hosts_test: teatest imports this package).
type (
	HerdrBackend = herdrBackend
	TuiosBackend = tuiosBackend
	CmuxBackend  = cmuxBackend
)

var (
	AgentID   = agentID
	StatusKey = statusKey
)

// HerdrConfig is every knob of a herdr backend, the clock included.
type HerdrConfig struct {
	Socket, Pane, Bin, Agent, Source           string
	CLI                                        bool
	BlockedMessage, SessionInReports, Metadata bool
	Now                                        func() time.Time
	Logger                                     *slog.Logger
}

func NewHerdr(c HerdrConfig) (*HerdrBackend, error) {
	b, err := newHerdr(Config{Agent: c.Agent, Source: c.Source, BlockedMessage: c.BlockedMessage,
		SessionInAll: c.SessionInReports, Metadata: c.Metadata, Logger: c.Logger}.S(), c.Socket, c.Pane, c.Bin, c.CLI)
	if err == nil && c.Now != nil {
		b.now = c.Now
	}
	return b, err
}

type TuiosConfig struct {
	Socket, Session, Pane, Agent string
	Stall                        string // TUIOS_AGENT_STALL_SECONDS as detection read it
	NoStates                     bool
	Now                          func() time.Time
}

func NewTuios(c TuiosConfig) (*TuiosBackend, error) {
	b, err := newTuios(Config{Agent: c.Agent}.S(), c.Socket, c.Session, c.Pane, c.Stall, c.NoStates)
	if err == nil && c.Now != nil {
		b.now = c.Now
	}
	return b, err
}

type CmuxConfig struct{ Bin, Surface, Workspace, Agent string }

func NewCmux(c CmuxConfig) (*CmuxBackend, error) {
	return newCmux(Config{Agent: c.Agent}.S(), c.Bin, c.Workspace, c.Surface)
}

// FreshSequence gives b a seq counter of its own, as a new process would
// have, so one test can play a chat and its restarted successor.
func FreshSequence(b *HerdrBackend) { b.seq = new(sequence) }

func (b *herdrBackend) Source() string { return b.c.Source }
func (b *cmuxBackend) Bin() string     { return b.bin }
func (b *cmuxBackend) Key() string     { return b.key }

// Config is the options the tests set; S puts them on the default settings.
type Config struct {
	Agent, Source  string // Agent "" stays "": a backend refuses it
	Output         io.Writer
	OutputChosen   bool
	NoPing, Off    bool
	Progress       settings.Support
	BadProgress    []string
	BlockedMessage bool
	SessionInAll   bool // a resume command is set: herdr sends the session with every state
	Metadata       bool
	Logger         *slog.Logger
	HerdrPaneVars  bool
	GOOS           string
}

func (c Config) S() settings.Settings {
	s := settings.Default()
	s.Agent, s.Source, s.Ping, s.Progress, s.KnownBadProgress = c.Agent, c.Source, !c.NoPing, c.Progress, c.BadProgress
	s.BlockedMessage, s.Metadata, s.OutputChosen, s.HerdrPaneVars = c.BlockedMessage, c.Metadata, c.OutputChosen, c.HerdrPaneVars
	if c.Output != nil {
		s.Output = c.Output
	}
	if c.Logger != nil {
		s.Logger = c.Logger
	}
	if c.SessionInAll {
		s.ResumeCommand = func(string) string { return "" }
	}
	if c.Off {
		s.DisableEnv, s.Getenv = "HB_TEST_OFF", func(string) string { return "0" }
	}
	s.GOOS = cmp.Or(c.GOOS, s.GOOS)
	return s
}

// Rules are what detection reads beside the environment, for the tests.
type Rules struct {
	HerdrPaneVars bool
	GOOS          string
}

// DetectWith is Detect on getenv under r.
func DetectWith(getenv func(string) string, r Rules) Detection {
	s := Config{HerdrPaneVars: r.HerdrPaneVars, GOOS: r.GOOS}.S()
	s.Getenv = getenv
	return Detect(s)
}

// DetectEnv is Detect on getenv.
func DetectEnv(getenv func(string) string) Detection { return DetectWith(getenv, Rules{}) }
