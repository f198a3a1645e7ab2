package hosts

import (
	"context"
	"errors"
	"fmt"
	"runtime"
	"strings"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/hosts/hostio"
	"github.com/hostbridge/hostbridge/internal/hosts/terminal"
	"github.com/hostbridge/hostbridge/internal/settings"
)

// Channel says which host carries what, for diagnostics. Err is set when
// the backend could not be made; the plain terminal takes the state then.
type Channel struct {
	Host    string // the backend's name
	Carries string // what it reports ("state, session, exit")
	Via     string // how: the socket, the executable, the output
	Err     error
	term    *terminal.Backend // Note, Probe, and the bar a renderer may take (Terminal)
	tmux    *tmuxBackend      // the pane options', for Problem and Probe
	handoff *handoff          // cmux's, here and on the terminal's: both change if cmux refuses rows
	role    termRole          // the terminal's: what it is left to carry
}

// termRole is what the terminal channel is left to carry beside the other
// hosts; its words are made when asked (String), from the plan chosen for
// the terminal then and who draws the bar then.
type termRole struct {
	stateElsewhere bool // another host shows the state
	hostAlerts     bool // tuios raises its own alerts
	noPing, bell   bool // pings off; tmux's bell for needs you and failed
}

// termCarries is the terminal channel's carries now: the bar and the ping
// the plan chose (terminal.Plan), who draws the bar, and cmux's hand-off.
func (c Channel) termCarries(refused bool) string {
	p, r := c.term.Plan(), c.role
	var out []string
	bar := "progress (OSC 9;4)"
	if c.term.RendererDraws() {
		bar = "progress (OSC 9;4, drawn by the UI's renderer)"
	}
	switch {
	case r.hostAlerts:
		return "nothing (tuios shows the state and raises its own alerts)"
	case refused && p.Bar:
		out = append(out, bar+", as cmux refused its status rows")
	case !r.stateElsewhere && p.Bar:
		out = append(out, bar)
	}
	if !r.noPing && p.Ping != terminal.PingNone {
		out = append(out, "ping ("+p.Ping.String()+")")
	}
	if r.bell {
		out = append(out, "tmux's bell (BEL) for needs you and failed")
	}
	s := strings.Join(out, ", ")
	if s == "" {
		s = "nothing (the host shows the state; pings are off)"
		if !r.stateElsewhere {
			s = "nothing (this terminal shows neither: see chose)"
		}
	}
	if c.handoff != nil && !refused {
		s += "; " + cmuxFallback
	}
	return s
}

// Problem is what the host's answer, once asked (Probe), says against the
// channel (a tmux out of reach, a pane gone or not the chat's). It never blocks.
func (c Channel) Problem() error {
	if c.tmux == nil {
		return nil
	}
	f, done, err := c.tmux.ask.Known()
	if !done {
		return nil
	}
	return tmuxProblem(f, err, c.tmux.pane, c.tmux.mine)
}

// Note says what keeps the channel's reports from showing, with the fix. It never blocks.
func (c Channel) Note() string {
	if c.term == nil {
		return ""
	}
	return c.term.Note()
}

// Probe asks the host now, bounded by ctx, what Note depends on (inside
// tmux: whether it lets sequences pass): for a diagnostic, never from Update.
func (c Channel) Probe(ctx context.Context) {
	switch {
	case c.term != nil:
		c.term.Probe(ctx)
	case c.tmux != nil:
		c.tmux.ask.Facts(ctx)
	}
}

// Terminal is the channel's terminal backend, for a UI framework whose
// renderer draws the bar (terminal.Backend.HandBarToRenderer); nil if none.
func (c Channel) Terminal() *terminal.Backend { return c.term }

func (c Channel) String() string {
	if c.Err != nil {
		return fmt.Sprintf("%s: not used: %v", c.Host, c.Err)
	}
	refused := c.handoff != nil && c.handoff.refused.Load()
	if refused && c.term == nil {
		return c.Host + ": not used: it refused set-status as an unknown command (a remote workspace's cmux): the terminal shows the state"
	}
	carries, via := c.Carries, c.Via
	if c.term != nil {
		carries, via = c.termCarries(refused), via+" ("+c.term.Info().String()+")"
	}
	s := fmt.Sprintf("%s: %s via %s", c.Host, carries, via)
	if c.term != nil {
		// Which terminal the table recognised, from what, and the bar, ping
		// and keep-alive chosen for it (or why none): terminal.Plan.
		s += "; chose: " + c.term.Plan().String()
	}
	if n := c.Note(); n != "" {
		s += "; but " + n
	}
	return s
}

// Build makes the backends for a detection: the detected host's, the tmux
// pane's options inside tmux (an extra channel), then the plain terminal,
// which carries the state only when no other host does and always the
// ping. A host backend that cannot be made is left out, its error in the channels.
func Build(d Detection, c settings.Settings) ([]host.Backend, []Channel) {
	h := d.Host
	var list []host.Backend
	var chans []Channel
	hostCarriesState := false
	// cmux's handoff: the terminal takes the state if cmux refuses its rows.
	var handed *handoff
	add := func(k Kind, b host.Backend, err error, states bool, carries, via string) { // with err, b is unused
		ch := Channel{Host: k.String(), Carries: carries, Via: via, Err: err}
		if err == nil {
			ch.Host = b.Name()
			list = append(list, b)
			hostCarriesState = hostCarriesState || states
		}
		chans = append(chans, ch)
	}
	herdrCarries := "state, session, exit"
	if c.Metadata {
		herdrCarries += ", metadata"
	}
	switch {
	case c.Off():
	case h.Kind == Herdr:
		b, err := newHerdr(c, h.Socket, h.Pane, h.Bin, h.HerdrCLI)
		add(h.Kind, b, err, true, herdrCarries, "socket "+h.Socket+", pane "+h.Pane)
	case h.Kind == Tuios:
		carries := "state, rail facts, sub-agents, exit"
		if h.HerdrAPI {
			b, err := newHerdr(c, h.Socket, h.HerdrPane, "", runtime.GOOS == "windows")
			add(h.Kind, b, err, true, herdrCarries, "herdr API on "+h.Socket+", pane "+h.HerdrPane)
			carries = "rail facts, sub-agents"
		}
		b, err := newTuios(c, h.TuiosSocket, h.Session, h.Pane, h.TuiosStall, h.HerdrAPI)
		add(h.Kind, b, err, !h.HerdrAPI, carries, "socket "+h.TuiosSocket+", session "+printable(h.Session)+", window "+h.Pane)
	case h.Kind == Cmux:
		b, err := newCmux(c, h.Bin, h.Workspace, h.Surface)
		add(h.Kind, b, err, true, "status row, loading indicator, exit", h.Bin+" (surface "+h.Surface+", workspace "+h.Workspace+")")
		if err == nil {
			handed = b.handoff
			chans[len(chans)-1].handoff = handed
		}
	}
	// One display-message at the first report, for the pane options and
	// the terminal both (see terminal.TmuxAsk).
	ask := tmuxAsk(h.Tmux, h.Terminal.MuxPane)
	if tp := h.Tmux; tp.Pane != "" && !c.Off() {
		// Never the host that carries the state: the bar and the ping go on as without it.
		b, err := newTmux(c, tp, ask)
		add(Tmux, b, err, false, "pane options "+strings.Join(TmuxOptions[:], ", ")+" (state, agent, request or headline), exit",
			tp.Bin+" -S "+tp.Socket+", pane "+tp.Pane)
		if err == nil {
			chans[len(chans)-1].tmux = b
		}
	}
	// tuios alerts itself (an OSC 9 to the user's terminal) when a pane turns
	// needs_input, errored or done, whatever set the state (over herdr's API
	// too: its alerts read no source), and forwards a pane's OSC 9 (tuios main
	// 6037a8a: internal/config/agent_alerts.go, internal/app/agent_alert.go
	// considerAgentAlert, internal/app/notify.go): a ping of ours would be a second.
	hostAlerts := h.Kind == Tuios && hostCarriesState
	if !c.OutputChosen && !terminal.IsTerminal(c.Output) {
		return list, append(chans, Channel{Host: "terminal", Err: errors.New("output is not a terminal")})
	}
	w := terminal.Wiring{Info: h.Terminal, NoProgress: hostCarriesState && handed == nil, Tmux: ask}
	if handed != nil {
		w.HostShows = handed.hostShows
	}
	ts := c
	ts.Ping = c.Ping && !hostAlerts
	t, err := terminal.New(ts, w)
	if err != nil {
		// terminal.New's errors name the backend first ("terminal: …"), as
		// herdr's and tuios's do: hostio.ErrConfig's words go after it.
		return list, append(chans, Channel{Host: "terminal", Err: fmt.Errorf("%w: %w", err, hostio.ErrConfig)})
	}
	role := termRole{stateElsewhere: hostCarriesState, hostAlerts: hostAlerts, noPing: !c.Ping,
		bell: h.Terminal.Mux == terminal.MuxTmux && c.Ping && !hostAlerts}
	via := "the program's output"
	if h.Terminal.Mux != terminal.MuxNone {
		via += " inside " + h.Terminal.Mux.String()
	}
	return append(list, t), append(chans, Channel{Host: "terminal", Via: via, term: t, handoff: handed, role: role})
}
