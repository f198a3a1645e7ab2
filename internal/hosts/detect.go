package hosts

import (
	"github.com/hostbridge/hostbridge/internal/hosts/cmux"
	"github.com/hostbridge/hostbridge/internal/hosts/herdr"
	"github.com/hostbridge/hostbridge/internal/hosts/hostio"
	"github.com/hostbridge/hostbridge/internal/hosts/terminal"
	"github.com/hostbridge/hostbridge/internal/hosts/tmux"
	"github.com/hostbridge/hostbridge/internal/hosts/tuios"
	"github.com/hostbridge/hostbridge/internal/settings"
)

// Detection is the innermost host found (Kind Terminal if none) and the
// problems with host variables: each a malformed host variable, or
// HERDR_ENV turning herdr off (Ignored: the host is used without it; else
// the plain terminal is), wrapping hostio.ErrMalformed.
type Detection struct {
	Host     Host
	Problems []*hostio.Problem
}

// Detect finds the innermost host from the environment s.Getenv reads (its
// sockets must exist now, cmux must be on its PATH), trying the rooms from
// the innermost host outward: herdr, tuios, then cmux (a herdr pane inside
// cmux carries the cmux variables of where herdr's server started). The
// first whose variables are there is the host; if they are malformed, a
// Problem says why and the chat uses the plain terminal, not a stale outer
// host. Then the terminal, and inside tmux, Host.Tmux names the pane
// whatever the innermost host.
func Detect(s settings.Settings) Detection {
	e := &hostio.Env{S: s, OK: true}
	var h Host
	if p, found := herdr.Detect(e); found {
		h.Kind, h.Herdr = Herdr, p
	} else if p, found := tuios.Detect(e); found {
		h.Kind, h.Tuios = Tuios, p
	} else if p, found := cmux.Detect(e); found {
		h.Kind, h.Cmux = Cmux, p
	}
	if !e.OK {
		h = Host{}
	}
	h.Terminal = terminal.Detect(s.Getenv)
	h.Tmux = tmux.Detect(e, h.Terminal)
	return Detection{Host: h, Problems: e.Problems}
}
