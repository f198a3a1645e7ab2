package hosts

import (
	"strconv"

	"github.com/hostbridge/hostbridge/internal/core"
	"github.com/hostbridge/hostbridge/internal/hosts/terminal"
)

// Kind names a host hostbridge knows.
type Kind uint8

const (
	// Terminal is the plain terminal: always there, behind every other host.
	Terminal Kind = iota
	Herdr         // a herdr pane
	Tuios         // a tuios daemon pane
	Cmux          // a cmux surface
)

var kindNames = [...]string{"terminal", "herdr", "tuios", "cmux"}

func (k Kind) String() string {
	if int(k) < len(kindNames) {
		return kindNames[k]
	}
	return "unknown"
}

// Host is the detected host and the ids it gave the pane; fields that do
// not apply to Kind are empty.
type Host struct {
	Kind      Kind
	Pane      string // HERDR_PANE_ID, TUIOS_PANE_ID
	Workspace string // HERDR_WORKSPACE_ID, CMUX_WORKSPACE_ID
	Tab       string // HERDR_TAB_ID
	Socket    string // HERDR_SOCKET_PATH (also tuios's, with HerdrAPI)
	Bin       string // HERDR_BIN_PATH, or the cmux found on PATH
	Session   string // TUIOS_SESSION
	// TuiosSocket is TUIOS_SOCKET.
	TuiosSocket string
	// HerdrAPI is a tuios pane that carries herdr's variables: the states
	// go over herdr's socket API (Socket, HerdrPane), the facts and
	// sub-agents over tuios's own socket.
	HerdrAPI  bool
	HerdrPane string
	Surface   string // CMUX_SURFACE_ID
	Terminal  terminal.Info
}

// EnvironmentLines is what the host adds to the end of a system prompt's
// <environment> block, so the model can drive the host's CLI with the
// right ids: "host: herdr", "herdr pane: <pane>", then the workspace and
// tab when the pane has them; "host: tuios", "tuios pane", "tuios
// session"; "host: cmux", "cmux surface", "cmux workspace". The plain
// terminal adds none. A value that would not read as it is (blanks at its
// ends, invisible characters) is quoted.
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

// printable is v for a diagnostic or a system prompt: as it is when it
// reads as it is, else quoted with Go's escapes.
func printable(v string) string {
	if core.Clean(v, 0) == v {
		return v
	}
	return strconv.Quote(v)
}
