package hostbridge

import (
	"context"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/hostbridge/hostbridge/bridge"
	"github.com/hostbridge/hostbridge/host"
)

// Bridge tells the detected hosts what the chat does, without Bubble Tea:
// for a headless run, or an app whose model needs the detection first
// (then Bridge.Wrap). Every method but Flush and Close returns at once. A
// Bridge is safe for concurrent use.
type Bridge struct{ b *bridge.Bridge }

// New detects the host and starts one reporting worker per host. A bad
// option value is an error wrapping ErrOption; malformed host variables
// are not (Problems). Unless WithSignalHandler(false), SIGINT, SIGTERM and
// SIGHUP run the exit and are delivered again (under Bubble Tea, which
// quits on the first two itself, only SIGHUP).
func New(opts ...Option) (*Bridge, error) {
	b, err := bridge.New(opts...)
	if err != nil {
		return nil, err
	}
	return &Bridge{b}, nil
}

// Send applies one of the messages (TurnStarted, ApprovalNeeded, ...) and
// reports whether msg was one.
func (b *Bridge) Send(msg any) bool { return b.b.Send(msg) }

// Wrap wraps model to report through b; wrap a Bridge once.
func (b *Bridge) Wrap(model tea.Model) *Model { return wrap(b.b, model) }

// Host names the host that shows the chat's state: "herdr", "tuios",
// "cmux", or "terminal".
func (b *Bridge) Host() string { return b.b.Host() }

// EnvironmentLines returns what the host adds to a system prompt's
// <environment> block, so the model can drive the host's CLI ("host:
// herdr", "herdr pane: w1:p2", ...); a plain terminal adds none. With
// WithTmuxPaneLine(true), inside tmux, the last line is "tmux pane: %3".
func (b *Bridge) EnvironmentLines() []string { return b.b.EnvironmentLines() }

// Channels says which host carries what, one line per host, and what keeps
// it from showing it, after asking (tmux's passthrough), bounded by ctx and
// the report timeout: for a diagnostic such as -doctor, never Update.
func (b *Bridge) Channels(ctx context.Context) []string { return b.b.Channels(ctx) }

// Problems lists the host variables that were present but unusable, and
// why: after Channels, also a tmux that cannot be reached or a pane that
// is gone or not the chat's.
func (b *Bridge) Problems() []error { return b.b.Problems() }

// Stats returns each host's report counters.
func (b *Bridge) Stats() []host.Stats { return b.b.Stats() }

// Flush waits until every report made so far was delivered or failed, or
// until ctx is done: a one-shot run calls it before printing its answer.
func (b *Bridge) Flush(ctx context.Context) error { return b.b.Flush(ctx) }

// Close is the exit: the bar is cleared, the pane released, the row
// removed and every worker stopped, within the exit timeout whatever the
// hosts do. The error names the hosts it gave up on. Close is idempotent
// and safe from any goroutine.
func (b *Bridge) Close() error { return b.b.Close() }
