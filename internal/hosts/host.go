package hosts

import (
	"io/fs"
	"time"
)

// Host is the detected host and the ids it gave the pane. Fields that do
// not apply to Kind are empty.
type Host struct {
	Kind Kind

	// Pane is the pane's id: HERDR_PANE_ID in herdr, TUIOS_PANE_ID in tuios.
	Pane string
	// Workspace is HERDR_WORKSPACE_ID (herdr) or CMUX_WORKSPACE_ID (cmux).
	Workspace string
	// Tab is HERDR_TAB_ID.
	Tab string
	// Socket is herdr's socket (also tuios's herdr-API socket, HerdrAPI).
	Socket string
	// Bin is the host's executable: HERDR_BIN_PATH (herdr) or the cmux
	// executable found on PATH (cmux).
	Bin string

	// Session is TUIOS_SESSION.
	Session string
	// TuiosSocket is TUIOS_SOCKET.
	TuiosSocket string
	// HerdrAPI is set for a tuios pane that carries herdr's variables:
	// states go over herdr's socket API (Socket, HerdrPane), the rail facts
	// and sub-agents over tuios's own socket.
	HerdrAPI  bool
	HerdrPane string

	// Surface is CMUX_SURFACE_ID.
	Surface string

	// Terminal is what the environment says about the terminal itself.
	Terminal TerminalInfo
}

// EnvironmentLines returns what the host adds to the end of a system
// prompt's <environment> block, so the model can drive the host's own CLI
// with the right ids. The order and wording are fixed:
//
//	host: herdr
//	herdr pane: <pane>
//	herdr workspace: <workspace>   (when the pane has one)
//	herdr tab: <tab>               (when the pane has one)
//
//	host: tuios
//	tuios pane: <pane>
//	tuios session: <session>       (quoted when it has blanks at its ends,
//	                                a run of them, or invisible characters)
//
//	host: cmux
//	cmux surface: <surface>
//	cmux workspace: <workspace>    (when known)
//
// The plain terminal adds none.
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

// socketInfo is the fs.FileInfo MapEnv reports for every path: a socket.
type socketInfo struct{}

func (socketInfo) Name() string       { return "socket" }
func (socketInfo) Size() int64        { return 0 }
func (socketInfo) Mode() fs.FileMode  { return fs.ModeSocket | 0o600 }
func (socketInfo) ModTime() time.Time { return time.Time{} }
func (socketInfo) IsDir() bool        { return false }
func (socketInfo) Sys() any           { return nil }
