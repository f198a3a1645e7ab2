// Package tuios is tuios's room: its detection (TUIOS_* into a [Pane]), its
// backend on the daemon's socket (states, rail facts, sub-agents), and the
// facts they follow (FACTS.md). A tuios pane with herdr's variables speaks
// herdr's API: the registry then gives the states to room herdr's backend
// and this one keeps the rest (Pane.HerdrAPI).
package tuios

import (
	"github.com/hostbridge/hostbridge/internal/hosts/herdr"
	"github.com/hostbridge/hostbridge/internal/hosts/hostio"
)

// Pane is the tuios pane a chat runs in, as tuios's variables name it.
type Pane struct {
	Window  string // TUIOS_PANE_ID
	Session string // TUIOS_SESSION (may hold blanks)
	Socket  string // TUIOS_SOCKET
	// Stall is TUIOS_AGENT_STALL_SECONDS as detection read it (the
	// settings' Getenv, as the daemon's environment is the pane's): the
	// backend never reads the process's environment.
	Stall string
	// HerdrAPI: the pane has herdr's variables too, naming tuios's socket
	// (or without HERDR_ENV=1): tuios answers herdr's API, and the states
	// go that way, by room herdr's backend on Herdr.
	HerdrAPI bool
	Herdr    herdr.Pane
}

// Detect reads tuios's pane (TUIOS_ENV=1); found is whether the variables
// are tuios's (e.OK says whether they can be used).
func Detect(e *hostio.Env) (p Pane, found bool) {
	if e.Get("TUIOS_ENV") != "1" {
		return Pane{}, false
	}
	p = Pane{Session: e.ID("tuios", "TUIOS_SESSION", true, true), Window: e.ID("tuios", "TUIOS_PANE_ID", true, false),
		Socket: e.Socket("tuios", "TUIOS_SOCKET", false), Stall: e.Get("TUIOS_AGENT_STALL_SECONDS")}
	if herdr.HasVars(e) {
		p.HerdrAPI, p.Herdr = true, herdr.Read(e)
	}
	return p, true
}

// EnvironmentLines tells the model the pane's ids.
func (p Pane) EnvironmentLines() []string {
	return hostio.Lines("host", "tuios", "tuios pane", p.Window, "tuios session", p.Session)
}
