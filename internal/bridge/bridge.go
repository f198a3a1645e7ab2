package bridge

import (
	"context"
	"os"
	"sync"
	"sync/atomic"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/core"
	"github.com/hostbridge/hostbridge/internal/hosts"
)

// Bridge tells the detected hosts what the chat does. It is the
// framework-free entry point: Wrap uses one inside a tea.Model, and a
// headless run (no TUI) uses one directly.
//
// Every method returns at once: reports go to the hosts from one worker
// goroutine per host, each bounded by the report timeout. A Bridge is safe
// for concurrent use. Close is the exit: call it once the chat is done (it
// is idempotent, and called for you on the exit paths Wrap can see).
type Bridge struct {
	cfg       config
	detection hosts.Detection
	channels  []hosts.Channel

	// underTea is set once a Bubble Tea program owns the exit signals:
	// then only SIGHUP is delivered again after the exit (see watchSignals).
	underTea atomic.Bool

	mu      sync.Mutex
	m       *core.Machine
	rep     *core.Reporter
	signals *signalWatch

	closeOnce sync.Once
	closeErr  error
	done      chan struct{}
}

// New detects the host, starts one reporting worker per host and returns
// the Bridge. A bad option value is an error (wrapping ErrOption); a host
// whose variables are malformed is not: detection falls back to the plain
// terminal and Detection().Problems says why.
//
// Unless WithoutSignalHandler, the Bridge watches SIGINT, SIGTERM and
// SIGHUP: on one it runs the exit, then delivers the signal again with its
// default action, so the process ends as it would have without hostbridge
// (under Bubble Tea, which quits on SIGINT and SIGTERM itself, only SIGHUP
// is delivered again). A program that handles signals itself, or runs
// several Bridges, passes WithoutSignalHandler and calls Close from its
// own handler.
func New(opts ...Option) (*Bridge, error) {
	cfg, err := parse(opts)
	if err != nil {
		return nil, err
	}
	return build(cfg), nil
}

// Lenient builds a Bridge whatever the options say: each bad option is
// left out, and the error says which (a tea.Model wrapper cannot fail).
func Lenient(opts ...Option) (*Bridge, error) {
	cfg, err := parse(opts)
	if err != nil {
		cfg.logger.Debug("hostbridge: ignoring bad options", "err", err)
	}
	return build(cfg), err
}

// build makes a Bridge from a parsed config.
func build(cfg config) *Bridge {
	b := &Bridge{cfg: cfg, done: make(chan struct{})}
	b.detection = hosts.Detect(cfg.getenv)
	list := cfg.backends
	if !cfg.custom {
		list, b.channels = hosts.Build(b.detection, hosts.Config{
			Agent:          cfg.agent,
			Source:         cfg.source,
			Output:         cfg.output,
			OutputChosen:   cfg.outputChosen,
			Progress:       cfg.progress,
			BadProgress:    cfg.badProgress,
			NoPing:         cfg.quiet,
			Off:            cfg.offVar != "" && cfg.getenv(cfg.offVar) == "0",
			BlockedMessage: cfg.blockedMsg,
			SessionInAll:   cfg.resume != nil,
			Metadata:       cfg.metadata,
			Logger:         cfg.logger,
		})
	}
	b.m = core.NewMachine(core.Config{
		Quiet:             cfg.quiet,
		QuietWhileUnknown: cfg.quietUnknown,
		SubAgentsBlock:    cfg.subBlock,
		Resume:            cfg.resume,
	}, cfg.session)
	ping := cfg.pingEvery
	if ping == 0 {
		ping = -1 // the Reporter's "no limit"
	}
	b.rep = core.NewReporter(list, core.ReporterOptions{
		Timeout: cfg.timeout, ExitTimeout: cfg.exitTimeout, PingInterval: ping, Logger: cfg.logger,
		EveryReport: cfg.everyReport,
	})
	if !cfg.noSignals {
		b.signals = watchSignals(func() { _ = b.Close() }, b.reraise)
	}
	return b
}

// reraise says which exit signals end the process once the exit has run:
// all of them for a headless run, SIGHUP alone under Bubble Tea, which
// quits on the others itself.
func (b *Bridge) reraise(s os.Signal) bool {
	if b.underTea.Load() {
		return reraiseHangup(s)
	}
	return reraiseAll(s)
}

// Framework says a UI framework (Bubble Tea) owns the exit signals now:
// it quits on SIGINT and SIGTERM itself, so after the exit only SIGHUP is
// delivered again (see watchSignals). It returns whether the frontend
// should turn on the terminal's focus reports.
func (b *Bridge) Framework() (focusReports bool) {
	b.underTea.Store(true)
	return !b.cfg.noFocus
}

// Focus says what the chat knows of the terminal's focus: focused, and
// whether the terminal has reported it at all yet.
func (b *Bridge) Focus() (focused, known bool) {
	b.mu.Lock()
	defer b.mu.Unlock()
	f := b.m.Focus()
	return f == core.Focused, f != core.FocusUnknown
}

// Detection returns what was detected: the host, its ids, and the
// problems that made it fall back.
func (b *Bridge) Detection() hosts.Detection { return b.detection }

// Host returns the detected host.
func (b *Bridge) Host() hosts.Host { return b.detection.Host }

// Channels says which host carries what, for diagnostics (-doctor).
func (b *Bridge) Channels() []hosts.Channel { return b.channels }

// ChannelLines is Channels, one line each. It first asks each host what
// it lets through (tmux's passthrough) where no report has yet, bounded
// by ctx and the report timeout.
func (b *Bridge) ChannelLines(ctx context.Context) []string {
	ctx, cancel := context.WithTimeout(ctx, b.cfg.timeout)
	defer cancel()
	out := make([]string, len(b.channels))
	for i, c := range b.channels {
		c.Probe(ctx)
		out[i] = c.String()
	}
	return out
}

// Problems lists the malformed host variables detection passed over.
func (b *Bridge) Problems() []error {
	out := make([]error, len(b.detection.Problems))
	for i, p := range b.detection.Problems {
		out[i] = p
	}
	return out
}

// EnvironmentLines returns what the host adds to a system prompt's
// <environment> block (see hosts.Host.EnvironmentLines).
func (b *Bridge) EnvironmentLines() []string { return b.detection.Host.EnvironmentLines() }

// Stats returns each host's report counters.
func (b *Bridge) Stats() []host.Stats { return b.rep.Stats() }

// State returns the state hosts were last told.
func (b *Bridge) State() host.State {
	b.mu.Lock()
	defer b.mu.Unlock()
	return b.m.State()
}

// Ready says the chat is ready for input: the first report, so a host
// shows the agent before the user types anything.
func (b *Bridge) Ready() { b.apply(func(m *core.Machine) []host.Report { return m.Start() }) }

// SetFocus records the terminal's focus; it gates the attention ping.
func (b *Bridge) SetFocus(focused bool) {
	f := core.Blurred
	if focused {
		f = core.Focused
	}
	b.mu.Lock()
	b.m.SetFocus(f)
	b.mu.Unlock()
}

// Send applies one of the hostbridge messages (TurnStarted, ApprovalNeeded,
// TurnFailed, Idle, SessionSaved, MetaChanged, SubAgent...) and reports
// whether msg was one. Other values are ignored.
func (b *Bridge) Send(msg any) bool {
	var f func(m *core.Machine) []host.Report
	switch msg := msg.(type) {
	case TurnStarted:
		f = func(m *core.Machine) []host.Report { return m.TurnStarted() }
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
				{Name: "model", Value: msg.Model},
				{Name: "context", Value: msg.Context},
				{Name: "cost", Value: msg.Cost},
			})
		}
	case SubAgentStarted:
		f = func(m *core.Machine) []host.Report { return m.AgentStarted(msg.ID, msg.Type, msg.Task) }
	case SubAgentProgressed:
		f = func(m *core.Machine) []host.Report { return m.AgentStep(msg.ID, host.AgentRunning, msg.Tool) }
	case SubAgentWaiting:
		f = func(m *core.Machine) []host.Report { return m.AgentStep(msg.ID, host.AgentWaiting, msg.On) }
	case SubAgentEnded:
		f = func(m *core.Machine) []host.Report {
			switch {
			case msg.Stopped:
				return m.AgentStep(msg.ID, host.AgentStopped, "")
			case msg.Err != "":
				return m.AgentStep(msg.ID, host.AgentFailed, msg.Err)
			}
			return m.AgentStep(msg.ID, host.AgentDone, msg.Result)
		}
	default:
		return false
	}
	b.apply(f)
	return true
}

// Suspend says the terminal is handed to another program for a while
// (tea.Exec, tea.Suspend): the bar is cleared until Resume. It waits, at
// most the report timeout, until the terminal has been told, so the bar is
// gone before the other program draws; it does not wait for the other
// hosts.
func (b *Bridge) Suspend(ctx context.Context) {
	b.apply(func(m *core.Machine) []host.Report { return m.Suspend() })
	ctx, cancel := context.WithTimeout(ctx, b.cfg.timeout)
	defer cancel()
	_ = b.rep.FlushWhere(ctx, func(be host.Backend) bool {
		_, draws := be.(host.Drawer)
		return draws
	})
}

// Resume ends a Suspend: the terminal shows the state again.
func (b *Bridge) Resume() { b.apply(func(m *core.Machine) []host.Report { return m.Resume() }) }

// Flush waits until every report made so far has been delivered or has
// failed, or until ctx is done. Tests and one-shot runs use it; a chat
// never needs to.
func (b *Bridge) Flush(ctx context.Context) error { return b.rep.Flush(ctx) }

func (b *Bridge) apply(f func(m *core.Machine) []host.Report) {
	b.mu.Lock()
	reps := f(b.m)
	if len(reps) > 0 {
		b.rep.Send(reps...)
	}
	b.mu.Unlock()
}

// Close is the exit: the bar is cleared, the pane released, the row
// removed, and every worker stopped, all within the exit timeout (default
// 1 s) whatever the hosts do, plus at most 100 ms for a worker to notice
// its report was abandoned. The error names the hosts it gave up on. It is idempotent and safe to call from any
// goroutine; later calls wait for the first to finish and return its
// result.
func (b *Bridge) Close() error {
	b.closeOnce.Do(func() {
		defer close(b.done)
		b.mu.Lock()
		reps := b.m.Exit()
		b.rep.Send(reps...)
		sig := b.signals
		b.signals = nil
		b.mu.Unlock()
		sig.stop()
		ctx, cancel := context.WithTimeout(context.Background(), b.cfg.exitTimeout)
		defer cancel()
		b.closeErr = b.rep.Close(ctx)
	})
	<-b.done
	return b.closeErr
}
