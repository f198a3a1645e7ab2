package bridge

import (
	"context"
	"os"
	"sync"
	"sync/atomic"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/core"
	"github.com/hostbridge/hostbridge/internal/hosts"
	"github.com/hostbridge/hostbridge/internal/hosts/terminal"
	"github.com/hostbridge/hostbridge/internal/settings"
)

// Bridge tells the detected hosts what the chat does, one bounded worker
// per host, off the caller's goroutine. Every method but Suspend, Flush and
// Close returns at once. A Bridge is safe for concurrent use.
type Bridge struct {
	s         settings.Settings // every option, read once (options.go)
	detection hosts.Detection
	channels  []hosts.Channel
	term      *terminal.Backend // the terminal channel's, for a renderer (renderer.go); nil without one
	underTea  atomic.Bool       // a UI framework owns SIGINT and SIGTERM
	shown     atomic.Uint32     // host.State: the Machine's Shown, for a renderer's View (renderer.go)
	signals   *signalWatch

	mu  sync.Mutex
	m   *core.Machine
	rep *core.Reporter

	closeOnce sync.Once
	closeErr  error
	done      chan struct{}
}

// New detects the host and starts one reporting worker per host; a bad
// option value is an error wrapping ErrOption. Unless
// WithSignalHandler(false), an exit signal runs Close, then is delivered
// again, so the program dies of it as it would have; one the process was
// started ignoring (SIGHUP under nohup) is left alone: it ends nothing.
func New(opts ...Option) (*Bridge, error) {
	s, err := parse(opts)
	if err != nil {
		return nil, err
	}
	return build(s), nil
}

// Lenient is New for a wrapper, which cannot fail: each bad option is left
// out and logged, and the error says which.
func Lenient(opts ...Option) (*Bridge, error) {
	s, err := parse(opts)
	if err != nil {
		s.Logger.Debug("hostbridge: ignoring bad options", "err", err)
	}
	return build(s), err
}

func build(s settings.Settings) *Bridge {
	b := &Bridge{s: s, done: make(chan struct{})}
	b.detection = hosts.Detect(s)
	list := s.Backends
	if s.Backends == nil {
		list, b.channels = hosts.Build(b.detection, s)
		b.term = b.channels[len(b.channels)-1].Terminal() // Build's last channel is the terminal's, made or not
	}
	b.m = core.NewMachine(s)
	b.rep = core.NewReporter(list, s)
	if s.SignalHandler {
		b.signals = watchSignals(b.signalExit, b.reraise)
	}
	return b
}

// reraise: which signals end the process after the exit; under Bubble Tea
// v1, which quits on the others itself, SIGHUP alone.
func (b *Bridge) reraise(s os.Signal) bool { return !b.underTea.Load() || isHangup(s) }

// Framework (for frontends) says a UI framework owns SIGINT and SIGTERM,
// and whether to turn on focus reports at the first key or mouse event
// (proof the terminal is read; unread reports would echo). Default: where
// stdin is a terminal and TERM is not "dumb" (WithFocusReports).
func (b *Bridge) Framework() (focusReports bool) {
	b.underTea.Store(true)
	if b.s.FocusReports != settings.Auto {
		return b.s.FocusReports == settings.On
	}
	return b.s.Getenv("TERM") != "dumb" && terminal.IsTerminal(os.Stdin)
}

// Focus says whether the terminal has the user's focus, and whether it
// said so yet.
func (b *Bridge) Focus() (focused, known bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.m.Focus()
}

// SetFocus (for frontends) records the terminal's focus, which gates the ping.
func (b *Bridge) SetFocus(focused bool) {
	b.mu.Lock()
	b.m.SetFocus(focused)
	b.mu.Unlock()
}

// Host names the host that shows the chat's state: "herdr", "tuios",
// "cmux", or "terminal".
func (b *Bridge) Host() string { return b.detection.Host.Kind.String() }

// Channels says which host carries what, one line per channel, after
// asking each host what it lets through (tmux's passthrough), bounded by
// ctx and the report timeout.
func (b *Bridge) Channels(ctx context.Context) []string {
	ctx, cancel := context.WithTimeout(ctx, b.s.Timeout)
	defer cancel()
	out := make([]string, len(b.channels))
	for i, c := range b.channels {
		c.Probe(ctx)
		out[i] = c.String()
	}
	return out
}

// Problems lists the malformed host variables detection passed over, and
// what the hosts' answers said against them once asked (Channels).
func (b *Bridge) Problems() []error {
	out := make([]error, len(b.detection.Problems))
	for i, p := range b.detection.Problems {
		out[i] = p
	}
	for _, c := range b.channels {
		if p := c.Problem(); p != nil {
			out = append(out, p)
		}
	}
	return out
}

// EnvironmentLines is what the host adds to a system prompt, and the
// tmux pane with WithTmuxPaneLine.
func (b *Bridge) EnvironmentLines() []string {
	lines := b.detection.Host.EnvironmentLines()
	if l := b.detection.Host.TmuxLine(); b.s.TmuxPaneLine && l != "" {
		lines = append(lines, l)
	}
	return lines
}

// Stats returns each host's report counters.
func (b *Bridge) Stats() []host.Stats { return b.rep.Stats() }

// Ready (for frontends) is the first report: a host shows the agent before the user types.
func (b *Bridge) Ready() { b.apply((*core.Machine).Start) }

// Send applies one of the messages and reports whether msg was one.
func (b *Bridge) Send(msg any) bool {
	var f func(m *core.Machine) []host.Report
	switch msg := msg.(type) {
	case TurnStarted:
		f = (*core.Machine).TurnStarted
	case ApprovalNeeded:
		f = func(m *core.Machine) []host.Report { return m.NeedsYou(msg.Summary()) }
	case TurnFailed:
		f = func(m *core.Machine) []host.Report { return m.TurnFailed(msg.Headline) }
	case Idle:
		f = func(m *core.Machine) []host.Report { return m.Idle(msg.Reply) }
	case SessionSaved:
		o := host.OriginSaved
		if msg.Switched {
			o = host.OriginSwitched
		}
		f = func(m *core.Machine) []host.Report {
			return m.SessionChanged(host.Session{ID: msg.ID, Dir: msg.Dir}, o)
		}
	case MetaChanged:
		f = func(m *core.Machine) []host.Report {
			return m.SetMeta([]host.Fact{
				{Name: "model", Value: msg.Model}, {Name: "context", Value: msg.Context}, {Name: "cost", Value: msg.Cost},
			})
		}
	case SubAgentStarted:
		f = func(m *core.Machine) []host.Report { return m.AgentStarted(msg.ID, msg.Type, msg.Task) }
	case SubAgentProgressed:
		f = func(m *core.Machine) []host.Report { return m.AgentStep(msg.ID, host.AgentRunning, msg.Tool) }
	case SubAgentWaiting:
		f = func(m *core.Machine) []host.Report { return m.AgentStep(msg.ID, host.AgentWaiting, msg.On) }
	case SubAgentEnded:
		s, text := host.AgentDone, msg.Result
		switch {
		case msg.Stopped:
			s, text = host.AgentStopped, ""
		case msg.Err != "":
			s, text = host.AgentFailed, msg.Err
		}
		f = func(m *core.Machine) []host.Report { return m.AgentStep(msg.ID, s, text) }
	default:
		return false
	}
	b.apply(f)
	return true
}

// Suspend (for frontends) clears what is drawn in the terminal before
// another program takes it, waiting at most the report timeout, and only
// for the terminal.
func (b *Bridge) Suspend(ctx context.Context) {
	b.apply((*core.Machine).Suspend)
	ctx, cancel := context.WithTimeout(ctx, b.s.Timeout)
	defer cancel()
	_ = b.rep.FlushWhere(ctx, func(be host.Backend) bool {
		_, draws := be.(host.Drawer)
		return draws
	})
}

// Resume (for frontends) ends a Suspend: the terminal shows the state again.
func (b *Bridge) Resume() { b.apply((*core.Machine).Resume) }

// Flush waits until every report made so far was delivered or failed, or
// until ctx is done.
func (b *Bridge) Flush(ctx context.Context) error { return b.rep.Flush(ctx) }

func (b *Bridge) apply(f func(m *core.Machine) []host.Report) {
	b.mu.Lock()
	b.rep.Send(f(b.m)...)
	b.shown.Store(uint32(b.m.Shown()))
	b.mu.Unlock()
}

// ExitOnPanic (for frontends), deferred by Update and View, runs the exit
// before a panic goes on to the UI framework, which knows no other hosts.
func (b *Bridge) ExitOnPanic() {
	if r := recover(); r != nil {
		_ = b.Close()
		panic(r)
	}
}

// Close is the exit every path ends in (Quit, a panic, a signal): the hosts
// are told within the exit timeout, whatever they do, and the workers stop.
// The error names the hosts given up on; later calls return the first's.
func (b *Bridge) Close() error {
	b.closeOnce.Do(func() {
		defer close(b.done)
		b.apply((*core.Machine).Exit)
		b.signals.stop()
		ctx, cancel := context.WithTimeout(context.Background(), b.s.ExitTimeout)
		defer cancel()
		b.closeErr = b.rep.Close(ctx)
	})
	return b.closeErr
}
