package teatest

import (
	"time"

	"github.com/hostbridge/hostbridge"
)

// TB is the part of testing.TB the kit uses; *testing.T, *testing.B and
// *testing.F have it. It is this narrow so that an Example, which has no
// *testing.T, can run a Kit as well.
type TB interface {
	Helper()
	Name() string
	Cleanup(func())
	Errorf(format string, args ...any)
	Fatalf(format string, args ...any)
}

// Option configures New, the fakes (NewHerdr, NewTuios, NewCmux) and
// WaitFor. Each takes the options that concern it and ignores the others.
// A fake host is itself an Option for New: New(t, model, h) runs the
// program in h's pane.
type Option interface{ setup(*config) }

type optionFunc func(*config)

func (f optionFunc) setup(c *config) { f(c) }

type config struct {
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

// defaultTimeout bounds each wait: a Step, a WaitFor, the end of the
// program. Nothing waits that long unless something is wrong.
const defaultTimeout = 10 * time.Second

func newConfig(opts []Option) config {
	c := config{width: 80, height: 24, timeout: defaultTimeout, env: map[string]string{}}
	for _, o := range opts {
		if o != nil {
			o.setup(&c)
		}
	}
	return c
}

// WithBridgeOptions passes the app's own hostbridge options to Wrap, after
// the Kit's (WithEnv, WithOutput, WithoutSignalHandler): WithAgent,
// WithBlockedMessage, WithSession... An app option that replaces one of the
// Kit's replaces what the Kit captures.
func WithBridgeOptions(opts ...hostbridge.Option) Option {
	return optionFunc(func(c *config) { c.bridge = append(c.bridge, opts...) })
}

// WithEnv sets an environment variable. For New it is one the program
// sees, over the Kit's and the fakes' (STY=1 to run inside GNU screen,
// TERM_PROGRAM to try a known-bad terminal; an empty value unsets it). For
// a fake it is one of its pane's (Env), and the fake takes its ids from
// there: HERDR_PANE_ID, TUIOS_SESSION, TUIOS_PANE_ID, CMUX_SURFACE_ID,
// CMUX_WORKSPACE_ID (random or fixed defaults otherwise).
func WithEnv(name, value string) Option {
	return optionFunc(func(c *config) { c.env[name] = value })
}

// WithSize sets the terminal size the program is told at start (default
// 80x24).
func WithSize(width, height int) Option {
	return optionFunc(func(c *config) { c.width, c.height = width, height })
}

// WithTimeout bounds each wait of a Kit, or of one WaitFor (default 10 s).
func WithTimeout(d time.Duration) Option {
	return optionFunc(func(c *config) {
		if d > 0 {
			c.timeout = d
		}
	})
}

// WithReplace replaces old with new in every transcript line: for values
// of the app's own that change between runs (a session directory under
// t.TempDir()). The fakes' ids and paths are replaced already.
func WithReplace(old, new string) Option {
	return optionFunc(func(c *config) {
		if old != "" {
			c.replace = append(c.replace, old, new)
		}
	})
}
