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

// Host is the detected host and the ids it gave the pane; fields that do
// not apply to Kind are empty. HerdrAPI is a tuios pane that carries
// herdr's variables: the states go over herdr's API (Socket, HerdrPane),
// the facts and sub-agents over tuios's socket.
type Host struct {
	Kind        Kind
	Pane        string // HERDR_PANE_ID, TUIOS_PANE_ID
	Workspace   string // HERDR_WORKSPACE_ID, CMUX_WORKSPACE_ID
	Tab         string // HERDR_TAB_ID
	Socket      string // HERDR_SOCKET_PATH
	Bin         string // HERDR_BIN_PATH, or the cmux on PATH
	Session     string // TUIOS_SESSION
	TuiosSocket string // TUIOS_SOCKET
	HerdrAPI    bool
	HerdrCLI    bool // herdr through its binary, as on Windows (a named pipe)
	HerdrPane   string
	Surface     string // CMUX_SURFACE_ID
	Terminal    terminal.Info
	Tmux        TmuxPane // the tmux pane, whatever Kind is; zero outside tmux
}

// EnvironmentLines is what the host adds to a system prompt's
// <environment> block, so the model can drive the host's CLI with the
// right ids ("host: herdr", "herdr pane: w1:p2", ...; none for the plain
// terminal). A value that would not read as it is is quoted.
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

// TmuxLine is the line that tells the model its tmux pane ("tmux pane:
// %3"), so it can drive tmux from its shell tool; "" outside tmux. It is
// not among EnvironmentLines: an app adds it by choice.
func (h Host) TmuxLine() string {
	if h.Tmux.Pane == "" {
		return ""
	}
	return "tmux pane: " + h.Tmux.Pane
}

// printable is v as it is when it reads as it is (no blanks at its ends,
// no invisible characters), else quoted.
func printable(v string) string {
	if core.Clean(v, 0) == v {
		return v
	}
	return strconv.Quote(v)
}
