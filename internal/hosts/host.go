package hosts

import (
	"github.com/hostbridge/hostbridge/internal/hosts/cmux"
	"github.com/hostbridge/hostbridge/internal/hosts/herdr"
	"github.com/hostbridge/hostbridge/internal/hosts/terminal"
	"github.com/hostbridge/hostbridge/internal/hosts/tmux"
	"github.com/hostbridge/hostbridge/internal/hosts/tuios"
)

// Kind names a host hostbridge knows; Terminal is the plain terminal,
// always there, behind every other host.
type Kind uint8

const (
	Terminal Kind = iota
	Herdr
	Tuios
	Cmux
	Tmux // never the innermost host: an extra channel (Host.Tmux)
)

func (k Kind) String() string {
	return terminal.TypedName(k, "Kind", "terminal", "herdr", "tuios", "cmux", "tmux")
}

// Host is the detected host: Kind, and the value its room read (the
// others zero), the terminal, and the tmux pane, whatever Kind is.
type Host struct {
	Kind     Kind
	Herdr    herdr.Pane   // Kind Herdr
	Tuios    tuios.Pane   // Kind Tuios (with herdr's API: Tuios.HerdrAPI)
	Cmux     cmux.Surface // Kind Cmux
	Terminal terminal.Info
	Tmux     tmux.Pane // zero outside tmux
}

// EnvironmentLines is what the host adds to a system prompt's <environment>
// block, so the model can drive the host's CLI with the right ids ("host:
// herdr", "herdr pane: w1:p2", ...); a value that would not read as it is is quoted.
func (h Host) EnvironmentLines() []string {
	switch h.Kind {
	case Herdr:
		return h.Herdr.EnvironmentLines()
	case Tuios:
		return h.Tuios.EnvironmentLines()
	case Cmux:
		return h.Cmux.EnvironmentLines()
	}
	return nil
}

// TmuxLine tells the model its tmux pane ("tmux pane: %3"); "" outside tmux.
// Not among EnvironmentLines: an app adds it by choice.
func (h Host) TmuxLine() string {
	if h.Tmux.ID == "" {
		return ""
	}
	return "tmux pane: " + h.Tmux.ID
}
