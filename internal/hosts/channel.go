package hosts

import (
	"context"
	"fmt"
	"strings"

	"github.com/hostbridge/hostbridge/internal/hosts/cmux"
	"github.com/hostbridge/hostbridge/internal/hosts/terminal"
	"github.com/hostbridge/hostbridge/internal/hosts/tmux"
)

// Channel says which host carries what, for diagnostics: one String from
// typed parts. Err is set when the channel is not used: the terminal's,
// when the output is not a terminal (the host backends, built from what
// detection and the settings already checked, cannot fail).
type Channel struct {
	Host    string   // the backend's name
	Carries []string // what it reports: "state", "session", "exit"; the terminal's is made when asked
	Via     string   // how: the socket, the executable, the output
	Err     error
	term    *terminal.Backend // Note, Probe, and the bar a renderer may take (Terminal)
	tmux    *tmux.Backend     // the pane options', for Problem and Probe
	cmux    *cmux.Handoff     // on cmux's channel and the terminal's: the fallback (coordination.go)
	role    termRole          // the terminal's: what it is left to carry
}

// Problem is what the host's answer, once asked (Probe), says against the
// channel (a tmux out of reach, a pane gone or not the chat's). It never blocks.
func (c Channel) Problem() error {
	if c.tmux == nil {
		return nil
	}
	return c.tmux.Problem()
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
		c.tmux.Probe(ctx)
	}
}

// Terminal is the channel's terminal backend, for a UI framework whose
// renderer draws the bar (terminal.Backend.HandBarToRenderer); nil if none.
func (c Channel) Terminal() *terminal.Backend { return c.term }

func (c Channel) String() string {
	if c.Err != nil {
		return fmt.Sprintf("%s: not used: %v", c.Host, c.Err)
	}
	refused := c.cmux != nil && c.cmux.Refused()
	if refused && c.term == nil {
		return c.Host + ": not used: " + cmuxRefusedRows
	}
	carries, via := strings.Join(c.Carries, ", "), c.Via
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

// termCarries is the terminal channel's carries now: the bar and the ping
// the plan chose (terminal.Plan), who draws the bar, and cmux's fallback.
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
	if c.cmux != nil && !refused {
		s += "; " + cmuxFallbackPending
	}
	return s
}
