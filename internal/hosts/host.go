package hosts

import (
	"strconv"

	"github.com/hostbridge/hostbridge/internal/core"
	"github.com/hostbridge/hostbridge/internal/hosts/terminal"
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

var kindNames = [...]string{"terminal", "herdr", "tuios", "cmux", "tmux"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "unknown"
}

// Host is the detected host and the ids it gave the pane. HerdrAPI: a tuios
// pane with herdr's variables, the states over herdr's API (Socket, HerdrPane).
type Host struct {
	Kind        Kind
	Pane        string // HERDR_PANE_ID, TUIOS_PANE_ID
	Workspace   string // HERDR_WORKSPACE_ID, CMUX_WORKSPACE_ID
	Tab         string // HERDR_TAB_ID
	Socket      string // HERDR_SOCKET_PATH
	Bin         string // HERDR_BIN_PATH, or the cmux on PATH
	Session     string // TUIOS_SESSION
	TuiosSocket string // TUIOS_SOCKET
	TuiosStall  string // TUIOS_AGENT_STALL_SECONDS, read with the rest (WithEnv's getenv), not by the backend
	HerdrAPI    bool
	HerdrCLI    bool // herdr through its binary, as on Windows (a named pipe)
	HerdrPane   string
	Surface     string // CMUX_SURFACE_ID
	Terminal    terminal.Info
	Tmux        TmuxPane // the tmux pane, whatever Kind is; zero outside tmux
}

// EnvironmentLines is what the host adds to a system prompt's <environment>
// block, so the model can drive the host's CLI with the right ids ("host:
// herdr", "herdr pane: w1:p2", ...); a value that would not read as it is is quoted.
func (h Host) EnvironmentLines() []string {
	var out []string
	add := func(label, v string) {
		if v != "" {
			out = append(out, label+": "+printable(v))
		}
	}
	switch h.Kind {
	case Herdr:
		add("host", "herdr")
		add("herdr pane", h.Pane)
		add("herdr workspace", h.Workspace)
		add("herdr tab", h.Tab)
	case Tuios:
		add("host", "tuios")
		add("tuios pane", h.Pane)
		add("tuios session", h.Session)
	case Cmux:
		add("host", "cmux")
		add("cmux surface", h.Surface)
		add("cmux workspace", h.Workspace)
	}
	return out
}

// TmuxLine tells the model its tmux pane ("tmux pane: %3"); "" outside tmux.
// Not among EnvironmentLines: an app adds it by choice.
func (h Host) TmuxLine() string {
	if h.Tmux.Pane == "" {
		return ""
	}
	return "tmux pane: " + h.Tmux.Pane
}

// printable is v if it reads as it is, else quoted.
func printable(v string) string {
	if core.Clean(v, 0) == v {
		return v
	}
	return strconv.Quote(v)
}
