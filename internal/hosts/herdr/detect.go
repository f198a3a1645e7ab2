// Package herdr is herdr's room: its detection (HERDR_* into a [Pane]), its
// backend over herdr's socket API or, on Windows, its binary (herdr 0.8,
// protocol 20), and the facts both follow (FACTS.md). A tuios pane that
// speaks herdr's API uses this backend too: room tuios says when.
package herdr

import (
	"path/filepath"

	"github.com/hostbridge/hostbridge/internal/hosts/hostio"
)

// Pane is the herdr pane a chat runs in, as herdr's variables name it.
type Pane struct {
	ID        string // HERDR_PANE_ID
	Workspace string // HERDR_WORKSPACE_ID
	Tab       string // HERDR_TAB_ID
	Socket    string // HERDR_SOCKET_PATH; on Windows the marker file beside the named pipe
	Bin       string // HERDR_BIN_PATH
	CLI       bool   // herdr through its binary, as on Windows (a named pipe there)
}

// HasVars reports whether the environment names a herdr pane at all.
func HasVars(e *hostio.Env) bool {
	return e.Get("HERDR_ENV") == "1" || e.Get("HERDR_SOCKET_PATH") != "" && e.Get("HERDR_PANE_ID") != ""
}

// Detect reads herdr's pane; found is whether the variables are herdr's
// (e.OK says whether they can be used). A pane with tuios's variables too
// is tuios's, speaking herdr's API (room tuios reads it with Read), unless
// HERDR_ENV=1 and HERDR_SOCKET_PATH is not tuios's socket.
func Detect(e *hostio.Env) (p Pane, found bool) {
	if !HasVars(e) {
		return Pane{}, false
	}
	if e.Get("TUIOS_ENV") == "1" && (e.Get("HERDR_ENV") != "1" || e.Get("HERDR_SOCKET_PATH") == e.Get("TUIOS_SOCKET")) {
		return Pane{}, false // a tuios pane speaking herdr's API: tuios.Detect takes it
	}
	// No reports without HERDR_ENV=1, as herdr asks ("Only report when HERDR_ENV=1"):
	// ogulcancelik/herdr@10974c82 docs/next/website/src/content/docs/integrations.mdx
	// The outer hosts' variables are then herdr's server's, stale: the plain terminal.
	if v := e.Get("HERDR_ENV"); v != "1" && !e.S.HerdrPaneVars {
		is := "is not set"
		if v != "" {
			is = "is " + hostio.Quote(v)
		}
		e.Problem("herdr", "HERDR_ENV", is+": herdr asks integrations to report only with HERDR_ENV=1")
		return Pane{}, true
	}
	return Read(e), true
}

// Read reads herdr's pane variables, for herdr's pane or a tuios pane
// speaking herdr's API.
func Read(e *hostio.Env) Pane {
	windows := e.S.GOOS == "windows"
	p := Pane{
		ID:        e.ID("herdr", "HERDR_PANE_ID", true, false),
		Workspace: e.ID("herdr", "HERDR_WORKSPACE_ID", false, false),
		Tab:       e.ID("herdr", "HERDR_TAB_ID", false, false),
		// On Windows a marker file beside herdr's named pipe
		// (ogulcancelik/herdr@10974c82 src/ipc.rs bind_local_listener).
		Socket: e.Socket("herdr", "HERDR_SOCKET_PATH", windows),
		CLI:    windows,
	}
	if bin := e.Get("HERDR_BIN_PATH"); bin != "" {
		if !filepath.IsAbs(bin) || hostio.HasControl(bin) {
			e.Ignore("herdr", "HERDR_BIN_PATH", "is not an absolute path") // only the Windows transport needs it: herdr kept
		} else {
			p.Bin = bin
		}
	}
	return p
}

// EnvironmentLines tells the model the pane's ids, for herdr's CLI.
func (p Pane) EnvironmentLines() []string {
	return hostio.Lines("host", "herdr", "herdr pane", p.ID, "herdr workspace", p.Workspace, "herdr tab", p.Tab)
}
