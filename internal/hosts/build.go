package hosts

import (
	"errors"
	"strings"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/hosts/cmux"
	"github.com/hostbridge/hostbridge/internal/hosts/herdr"
	"github.com/hostbridge/hostbridge/internal/hosts/hostio"
	"github.com/hostbridge/hostbridge/internal/hosts/terminal"
	"github.com/hostbridge/hostbridge/internal/hosts/tmux"
	"github.com/hostbridge/hostbridge/internal/hosts/tuios"
	"github.com/hostbridge/hostbridge/internal/settings"
)

// Build makes the backends for a detection: the detected host's, the tmux
// pane's options inside tmux (an extra channel), then the plain terminal,
// which carries the state only when no other host does and always the
// ping. Detection checked what the host backends are made from: only the
// terminal's may be left out, its error in the channels. Where two
// backends coordinate: coordination.go.
func Build(d Detection, s settings.Settings) ([]host.Backend, []Channel) {
	h := d.Host
	var list []host.Backend
	var chans []Channel
	hostCarriesState := false
	var handoff *cmux.Handoff // the terminal takes the state if cmux refuses its rows
	add := func(b host.Backend, states bool, via string, carries ...string) *Channel {
		list = append(list, b)
		hostCarriesState = hostCarriesState || states
		chans = append(chans, Channel{Host: b.Name(), Carries: carries, Via: via})
		return &chans[len(chans)-1]
	}
	herdrCarries := []string{"state", "session", "exit"}
	if s.Metadata {
		herdrCarries = append(herdrCarries, "metadata")
	}
	off := s.Off() // the disable variable, read once for both checks below
	switch {
	case off:
	case h.Kind == Herdr:
		add(herdr.New(s, h.Herdr), true, "socket "+h.Herdr.Socket+", pane "+h.Herdr.ID, herdrCarries...)
	case h.Kind == Tuios:
		p := h.Tuios
		carries := []string{"state", "rail facts", "sub-agents", "exit"}
		if p.HerdrAPI { // tuios → herdr (coordination.go)
			add(herdr.New(s, p.Herdr), true, "herdr API on "+p.Herdr.Socket+", pane "+p.Herdr.ID, herdrCarries...)
			carries = []string{"rail facts", "sub-agents"}
		}
		add(tuios.New(s, p), !p.HerdrAPI, "socket "+p.Socket+", session "+hostio.Printable(p.Session)+", window "+p.Window, carries...)
	case h.Kind == Cmux:
		b := cmux.New(s, h.Cmux)
		ch := add(b, true, h.Cmux.Bin+" (surface "+h.Cmux.ID+", workspace "+h.Cmux.Workspace+")",
			"status row", "loading indicator", "exit")
		handoff = b.Handoff() // cmux → terminal (coordination.go)
		ch.cmux = handoff
	}
	// One display-message at the first report, for the pane options and
	// the terminal both (tmux → terminal, coordination.go).
	ask := tmux.Ask(h.Tmux, h.Terminal.MuxPane)
	if tp := h.Tmux; tp.ID != "" && !off {
		// Never the host that carries the state: the bar and the ping go on as without it.
		b := tmux.New(s, tp, ask)
		ch := add(b, false, tp.Bin+" -S "+tp.Socket+", pane "+tp.ID,
			"pane options "+strings.Join(tmux.Options[:], ", ")+" (state, agent, request or headline)", "exit")
		ch.tmux = b
	}
	hostAlerts := h.Kind == Tuios && hostCarriesState // tuios → terminal (coordination.go)
	if !s.OutputChosen && !terminal.IsTerminal(s.Output) {
		return list, append(chans, Channel{Host: "terminal", Err: errors.New("output is not a terminal")})
	}
	w := terminal.Wiring{Info: h.Terminal, NoProgress: hostCarriesState && handoff == nil, Tmux: ask}
	if handoff != nil {
		w.HostShows = handoff.HostShows
	}
	ts := s
	ts.Ping = s.Ping && !hostAlerts
	t := terminal.New(ts, w)
	role := termRole{stateElsewhere: hostCarriesState, hostAlerts: hostAlerts, noPing: !s.Ping,
		bell: h.Terminal.Mux == terminal.MuxTmux && s.Ping && !hostAlerts}
	via := "the program's output"
	if h.Terminal.Mux != terminal.MuxNone {
		via += " inside " + h.Terminal.Mux.String()
	}
	return append(list, t), append(chans, Channel{Host: "terminal", Via: via, term: t, cmux: handoff, role: role})
}
