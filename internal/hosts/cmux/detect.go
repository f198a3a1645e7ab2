// Package cmux is cmux's room: its detection (CMUX_* and the cmux on PATH
// into a [Surface]), its backend (a status row and the workspace loader by
// cmux's CLI), the [Handoff] by which the plain terminal takes the state
// when a cmux refuses rows, and the facts they follow (FACTS.md).
package cmux

import "github.com/hostbridge/hostbridge/internal/hosts/hostio"

// Surface is the cmux surface a chat runs in, as cmux's variables name it.
type Surface struct {
	ID        string // CMUX_SURFACE_ID
	Workspace string // CMUX_WORKSPACE_ID, when cmux passed it
	Bin       string // the cmux on the environment's PATH
}

// Detect reads cmux's surface (CMUX_SURFACE_ID); found is whether the
// variables are cmux's (e.OK says whether they can be used). Tried after
// herdr and tuios: a herdr pane inside cmux carries the cmux variables of
// where herdr's server started.
func Detect(e *hostio.Env) (p Surface, found bool) {
	if e.Get("CMUX_SURFACE_ID") == "" {
		return Surface{}, false
	}
	// The ids first, then PATH: problems are listed in the order the
	// host's variables are read, as herdr's and tuios's are.
	p = Surface{ID: e.ID("cmux", "CMUX_SURFACE_ID", true, false), Workspace: e.ID("cmux", "CMUX_WORKSPACE_ID", false, false)}
	bin, err := hostio.LookPath(e.Get, "cmux")
	if err != nil {
		e.Problem("cmux", "PATH", "has no cmux executable")
	}
	p.Bin = bin
	return p, true
}

// EnvironmentLines tells the model the surface's ids, for cmux's CLI.
func (p Surface) EnvironmentLines() []string {
	return hostio.Lines("host", "cmux", "cmux surface", p.ID, "cmux workspace", p.Workspace)
}
