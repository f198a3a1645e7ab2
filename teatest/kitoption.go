package teatest

import (
	"time"

	"github.com/hostbridge/hostbridge"
)

// Option configures New.
type Option func(*kitConfig)

type kitConfig struct {
	herdr   *Herdr
	tuios   *Tuios
	cmux    *Cmux
	bridge  []hostbridge.Option
	env     map[string]string
	width   int
	height  int
	timeout time.Duration
	replace []string
}

// DefaultTimeout bounds each wait of a Kit: a Step, a WaitFor, the end of
// the program. Nothing waits that long unless something is wrong.
const DefaultTimeout = 10 * time.Second

func defaultKitConfig() kitConfig {
	return kitConfig{width: 80, height: 24, timeout: DefaultTimeout, env: map[string]string{}}
}

// WithHerdr runs the program in the fake herdr's pane: its variables are
// in the environment and its requests in the transcript.
func WithHerdr(h *Herdr) Option { return func(c *kitConfig) { c.herdr = h } }

// WithTuios runs the program in the fake tuios daemon's pane.
func WithTuios(f *Tuios) Option { return func(c *kitConfig) { c.tuios = f } }

// WithCmux runs the program in a cmux surface, with the fake cmux as the
// only cmux on PATH.
func WithCmux(f *Cmux) Option { return func(c *kitConfig) { c.cmux = f } }

// WithBridgeOptions passes the app's own hostbridge options to Wrap, after
// the Kit's (WithEnv, WithOutput, WithoutSignalHandler): WithAgent,
// WithBlockedMessage, WithSession... An app option that replaces one of the
// Kit's replaces what the Kit captures.
func WithBridgeOptions(opts ...hostbridge.Option) Option {
	return func(c *kitConfig) { c.bridge = append(c.bridge, opts...) }
}

// WithEnv sets an environment variable the program sees, over the Kit's
// and the fakes' (STY=1 to run inside GNU screen, TERM_PROGRAM to try a
// known-bad terminal). An empty value unsets it.
func WithEnv(name, value string) Option { return func(c *kitConfig) { c.env[name] = value } }

// WithSize sets the terminal size the program is told at start (default
// 80x24).
func WithSize(width, height int) Option {
	return func(c *kitConfig) { c.width, c.height = width, height }
}

// WithTimeout bounds each wait (default DefaultTimeout).
func WithTimeout(d time.Duration) Option {
	return func(c *kitConfig) {
		if d > 0 {
			c.timeout = d
		}
	}
}

// WithReplace replaces old with new in every transcript line: for values
// of the app's own that change between runs (a session directory under
// t.TempDir()). The fakes' ids and paths are replaced already.
func WithReplace(old, new string) Option {
	return func(c *kitConfig) {
		if old != "" {
			c.replace = append(c.replace, old, new)
		}
	}
}
