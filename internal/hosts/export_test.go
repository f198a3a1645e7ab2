package hosts

import (
	"cmp"
	"io"
	"log/slog"

	"github.com/hostbridge/hostbridge/internal/settings"
)

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
	s.Source = cmp.Or(s.Source, "custom:"+s.Agent) // as bridge's Config.settings makes it
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
