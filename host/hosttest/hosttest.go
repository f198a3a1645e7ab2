package hosttest

import (
	"testing"
	"time"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// The implementation is internal/testsupport/fakehost's: this package
// wraps its types and exposes what an app's tests use. Its fakes are
// fakehost's Options, and fakehost's are this package's, so that
// hostbridge's own tests can give a kit a fake they put in a fault mode.

// option is what an Option has: an Option of fakehost's.
type option = fakehost.Option

// TB is the part of testing.TB the fakes and kits use. It is this narrow
// so that an Example, which has no *testing.T, can run them too.
type TB interface {
	Helper()
	Name() string
	Cleanup(func())
	Errorf(format string, args ...any)
	Fatalf(format string, args ...any)
}

// Option configures a fake (NewHerdr, NewTuios, NewCmux), WaitFor, or a
// kit built on a Rig (teatest.New). Each takes the options that concern it
// and ignores the others. A fake is itself an Option of a kit: the kit runs
// the program in its pane.
type Option interface{ option }

// fakeOpts is opts as fakehost takes them.
func fakeOpts(opts []Option) []fakehost.Option {
	out := make([]fakehost.Option, len(opts))
	for i, o := range opts {
		if o != nil {
			out[i] = o
		}
	}
	return out
}

// WithEnv sets an environment variable. For a kit it is one the program
// sees, over the fakes' (STY=1 runs it inside GNU screen; an empty value
// unsets one). For a fake it is one of its pane's, and the fake takes its
// ids from there: HERDR_PANE_ID, TUIOS_SESSION, TUIOS_PANE_ID,
// CMUX_SURFACE_ID, CMUX_WORKSPACE_ID.
func WithEnv(name, value string) Option {
	return fakehost.WithEnv(name, value)
}

// WithSize sets the terminal size a kit tells the program at start
// (default 80x24).
func WithSize(width, height int) Option {
	return fakehost.WithSize(width, height)
}

// WithTimeout bounds each wait of a kit, or one WaitFor (default 10 s).
func WithTimeout(d time.Duration) Option {
	return fakehost.WithTimeout(d)
}

// WithReplace replaces old with new in every line of a kit's transcript:
// for the app's own values that change between runs (a directory under
// t.TempDir()). The fakes' ids and paths are replaced already.
func WithReplace(old, new string) Option {
	return fakehost.WithReplace(old, new)
}

// KitOption is an option of a kit's own, such as teatest.WithBridgeOptions:
// the kit finds v in Rig.Kit.
func KitOption(v any) Option {
	return fakehost.KitOption(v)
}

// WaitFor waits until cond holds, checking it now and every 2 ms, and
// fails t after 10 s (WithTimeout) if it never does. It is the wait for
// the fakes and the kits:
//
//	hosttest.WaitFor(t, func() bool { return h.Pane().State == "working" })
//
// Call it from the test's goroutine: it fails with Fatalf. Polling, not a
// signal, because the fakes' traffic comes from other goroutines and
// processes; and a poll on a timer works inside a testing/synctest bubble.
func WaitFor(t TB, cond func() bool, opts ...Option) {
	t.Helper()
	fakehost.WaitFor(t, cond, fakeOpts(opts)...)
}

// RequireGolden compares got with testdata/<test name>.golden and fails t
// with a diff when they differ, or when the file is missing; -update
// writes the file instead:
//
//	hosttest.RequireGolden(t, k.Transcript()) // go test -run TestApproval -update
//
// The -update flag is github.com/charmbracelet/x/exp/golden's, so a test
// binary that links both has one.
func RequireGolden(t TB, got string) {
	t.Helper()
	fakehost.RequireGolden(t, got)
}

// Harness builds the backend under test.
type Harness struct {
	// New returns a backend talking to a healthy host.
	New func(t *testing.T) host.Backend
	// Hung, if set, returns a backend whose host accepts a request and
	// never answers (or whose output never drains).
	Hung func(t *testing.T) host.Backend
	// Bound is how long past its deadline a report may take to return
	// against a hung host (default 1 s: the check is about "returns", not
	// about speed).
	Bound time.Duration
}

// Run is the conformance suite every host.Backend runs: the contract of
// host.Backend's doc, checked the same way for each. It checks a stable
// name, every kind taken (unknown kinds ignored), a whole chat life
// delivered without error, hostile text survived, and a report against a
// hung host returning once its context is done.
func Run(t *testing.T, h Harness) {
	fakehost.Run(t, fakehost.Harness(h))
}
