package hosts

import (
	"context"
	"fmt"
	"io"
	"log/slog"
	"os"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/hosts/cmux"
	"github.com/hostbridge/hostbridge/internal/hosts/herdr"
	"github.com/hostbridge/hostbridge/internal/hosts/terminal"
	"github.com/hostbridge/hostbridge/internal/hosts/tuios"
)

// TerminalInfo is what the environment says about the terminal itself.
type TerminalInfo = terminal.Info

func detectTerminal(e Env) TerminalInfo { return terminal.Detect(e.Getenv) }

// Config is what Build needs from the app, beside the detection. The zero
// value reports as "chat" to os.Stdout.
type Config struct {
	// Agent is the name hosts show (default "chat").
	Agent string
	// Source is herdr's report source (default: derived from Agent).
	Source string
	// Output is where terminal sequences go (default os.Stdout).
	Output io.Writer
	// OutputChosen says the app chose Output itself: it is trusted to reach
	// the terminal even when it is not a TTY (a test capture, a locking
	// writer). The default os.Stdout gets no sequence when it is not a
	// terminal, so piped output is never littered with escapes.
	OutputChosen bool
	// NoPing turns the attention ping off.
	NoPing bool
	// Off turns every host but the plain terminal off (an app's
	// disable variable set to 0).
	Off bool
	// Progress and BadProgress override the terminal's known-bad list.
	Progress    terminal.Support
	BadProgress []string
	// The reference behaviours (see hostbridge's options).
	BlockedMessage bool
	SessionInAll   bool
	Metadata       bool
	Logger         *slog.Logger
}

// Channel says which host carries what, for diagnostics.
type Channel struct {
	// Host is the backend's name ("herdr", "terminal").
	Host string
	// Carries lists what it reports ("state, session, exit").
	Carries string
	// Via says how: the socket, the executable, the output.
	Via string
	// Err is set when the backend could not be made; then it carries
	// nothing and the plain terminal takes the state.
	Err error

	term *terminal.Backend // the terminal's live answer about what passes tmux
}

// Note says in plain words what keeps the channel's reports from showing,
// with the fix ("tmux's allow-passthrough is off, so the progress bar and
// the ping cannot reach the terminal; fix: set -g allow-passthrough on");
// "" when nothing is known to. It reads what the channel has learnt so far
// (see Probe), so it never blocks.
func (c Channel) Note() string {
	if c.term == nil {
		return ""
	}
	return c.term.Note()
}

// Probe asks the host now what Note depends on (inside tmux: whether it
// lets sequences pass), bounded by ctx, where a report would otherwise ask
// first. It may run a command: call it from a diagnostic (a -doctor), never
// from Bubble Tea's Update.
func (c Channel) Probe(ctx context.Context) {
	if c.term != nil {
		c.term.Probe(ctx)
	}
}

func (c Channel) String() string {
	if c.Err != nil {
		return fmt.Sprintf("%s: not used: %v", c.Host, c.Err)
	}
	s := fmt.Sprintf("%s: %s via %s", c.Host, c.Carries, c.Via)
	if n := c.Note(); n != "" {
		s += "; but " + n
	}
	return s
}

// Build makes the backends for a detection: the detected host's, then the
// plain terminal behind it. The terminal carries the state (OSC 9;4) only
// when no other host does; it always carries the ping. A host backend that
// cannot be made (a bad agent name for its protocol, say) is left out with
// its error in the channels, and the terminal takes the state.
func Build(d Detection, c Config) ([]host.Backend, []Channel) {
	if c.Agent == "" {
		c.Agent = "chat"
	}
	if c.Output == nil {
		c.Output = os.Stdout
	}
	var list []host.Backend
	var chans []Channel
	hostCarriesState := false
	add := func(b host.Backend, err error, states bool, carries, via string) {
		ch := Channel{Host: d.Host.Kind.String(), Carries: carries, Via: via, Err: err}
		if err == nil {
			ch.Host = b.Name()
			list = append(list, b)
			hostCarriesState = hostCarriesState || states
		}
		chans = append(chans, ch)
	}
	h := d.Host
	if !c.Off {
		switch h.Kind {
		case Herdr:
			b, err := herdr.New(c.herdr(h.Socket, h.Pane, h.Bin))
			add(b, err, true, c.herdrCarries(), "socket "+h.Socket+", pane "+h.Pane)
		case Tuios:
			if h.HerdrAPI {
				b, err := herdr.New(c.herdr(h.Socket, h.HerdrPane, ""))
				add(b, err, true, c.herdrCarries(), "herdr API on "+h.Socket+", pane "+h.HerdrPane)
			}
			b, err := tuios.New(tuios.Config{
				SocketPath: h.TuiosSocket, Session: h.Session, PaneID: h.Pane,
				Agent: c.Agent, NoStates: h.HerdrAPI, Logger: c.Logger,
			})
			carries := "state, rail facts, sub-agents, exit"
			if h.HerdrAPI {
				carries = "rail facts, sub-agents"
			}
			add(b, err, !h.HerdrAPI, carries, "socket "+h.TuiosSocket+", session "+printable(h.Session)+", window "+h.Pane)
		case Cmux:
			b, err := cmux.New(cmux.Config{
				Bin: h.Bin, SurfaceID: h.Surface, WorkspaceID: h.Workspace, Agent: c.Agent, Logger: c.Logger,
			})
			add(b, err, true, "status row, loading indicator, exit", h.Bin+" (workspace "+h.Workspace+")")
		}
	}
	// tuios raises its own alert (an OSC 9 to the user's terminal) when a
	// pane turns needs_input, errored or done, whatever set the state, and
	// forwards a pane's own OSC 9 as well (tuios main 6037a8a:
	// internal/config/agent_alerts.go, internal/app/agent_alert.go,
	// internal/app/notify.go): a ping of ours would be a second
	// notification for one event. Where the states go over herdr's API
	// the same holds: tuios keeps one agent state per pane and its alerts
	// read no source (agent_alert.go, considerAgentAlert), and the tuios
	// the seed describes (002; its herdr API is in no public build) shows
	// a blocked pane as needs_input and a turn that ended as done.
	hostAlerts := h.Kind == Tuios && hostCarriesState
	if !c.OutputChosen && !terminal.IsTerminal(c.Output) {
		chans = append(chans, Channel{Host: "terminal", Err: errNotTTY})
		return list, chans
	}
	t, err := terminal.New(terminal.Config{
		Output: c.Output, Info: h.Terminal, NoProgress: hostCarriesState, NoPing: c.NoPing || hostAlerts,
		Progress: c.Progress, BadProgress: c.BadProgress,
	})
	carries := "progress (OSC 9;4), ping (OSC 9)"
	switch {
	case hostAlerts:
		carries = "nothing (tuios shows the state and raises its own alerts)"
	case hostCarriesState && c.NoPing:
		carries = "nothing (the host shows the state; pings are off)"
	case hostCarriesState:
		carries = "ping (OSC 9)"
	case c.NoPing:
		carries = "progress (OSC 9;4)"
	}
	via := "the program's output"
	if h.Terminal.Mux != terminal.MuxNone {
		via += " inside " + h.Terminal.Mux.String()
	}
	via += " (" + h.Terminal.String() + ")"
	if err != nil {
		chans = append(chans, Channel{Host: "terminal", Err: err})
		return list, chans
	}
	list = append(list, t)
	chans = append(chans, Channel{Host: "terminal", Carries: carries, Via: via, term: t})
	return list, chans
}

var errNotTTY = fmt.Errorf("output is not a terminal")

func (c Config) herdr(socket, pane, bin string) herdr.Config {
	return herdr.Config{
		SocketPath: socket, PaneID: pane, Agent: c.Agent, Source: c.Source, BinPath: bin,
		BlockedMessage: c.BlockedMessage, SessionInReports: c.SessionInAll, Metadata: c.Metadata,
		Logger: c.Logger,
	}
}

func (c Config) herdrCarries() string {
	s := "state, session, exit"
	if c.Metadata {
		s += ", metadata"
	}
	return s
}
