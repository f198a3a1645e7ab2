package bridge

import (
	"io"
	"log/slog"
	"time"

	"github.com/hostbridge/hostbridge/host"
)

// The tests' shorthand for the frontends' options, each setting one
// Config field as hostbridge.With* does; exported so that package
// bridge_test has them too. Not part of the API.

func WithAgent(name string) Option           { return func(c *Config) { c.Agent = name } }
func WithSource(s string) Option             { return func(c *Config) { c.Source = s } }
func WithNotify(on bool) Option              { return func(c *Config) { c.NoPing = !on } }
func WithTimeout(d time.Duration) Option     { return func(c *Config) { c.Timeout = d } }
func WithExitTimeout(d time.Duration) Option { return func(c *Config) { c.ExitTimeout = d } }

// WithPingInterval(0) is no limit, as the kits' use.
func WithPingInterval(d time.Duration) Option {
	if d == 0 {
		d = -1
	}
	return func(c *Config) { c.kit.PingInterval = d }
}
func WithLogger(l *slog.Logger) Option          { return func(c *Config) { c.Logger = l } }
func WithOutput(w io.Writer) Option             { return func(c *Config) { c.Output = w } }
func WithEnv(getenv func(string) string) Option { return func(c *Config) { c.Env = getenv } }
func WithSession(id, dir string) Option {
	return func(c *Config) { c.SessionID, c.SessionDir = id, dir }
}
func WithResumeCommand(f func(string) string) Option { return func(c *Config) { c.ResumeCommand = f } }
func WithBlockedMessage(on bool) Option              { return func(c *Config) { c.BlockedMessage = on } }
func WithMetadata(on bool) Option                    { return func(c *Config) { c.Metadata = on } }
func WithSubAgentsBlock(on bool) Option              { return func(c *Config) { c.SubAgentsBlock = on } }
func WithFocusReports(on bool) Option                { return func(c *Config) { c.FocusReports = &on } }
func WithSignalHandler(on bool) Option               { return func(c *Config) { c.NoSignalHandler = !on } }
func WithEveryReport() Option                        { return func(c *Config) { c.kit.EveryReport = true } }
func WithBarByBackend() Option                       { return func(c *Config) { c.kit.BarByBackend = true } }
func WithBackends(b ...host.Backend) Option {
	return func(c *Config) { c.Backends = append([]host.Backend{}, b...) }
}

func WithHerdrPaneVars(on bool) Option { return func(c *Config) { c.HerdrPaneVars = on } }
