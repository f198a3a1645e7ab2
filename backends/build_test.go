package backends

import (
	"io"
	"testing"
)

// In a tuios pane that speaks herdr's API, tuios carries no state: if the
// herdr backend cannot be made, the terminal's bar must carry it.
func TestBuildTerminalCarriesStateWhenOnlyFactsHostIsLeft(t *testing.T) {
	d := Detection{Host: Host{Kind: Tuios, HerdrAPI: true, Socket: "/run/t.sock", HerdrPane: "p1",
		TuiosSocket: "/run/t.sock", Session: "main", Pane: "p1"}}
	_, chans := Build(d, Config{Agent: "chat", Source: "not a valid source!", Output: io.Discard, OutputChosen: true})
	var herdrErr bool
	var term Channel
	for _, c := range chans {
		if c.Host == "tuios" && c.Err != nil && c.Carries != "" {
			herdrErr = true // the herdr backend failed under the tuios host's name
		}
		if c.Host == "terminal" {
			term = c
		}
	}
	if !herdrErr {
		t.Fatalf("herdr backend was made: %v", chans)
	}
	if term.Err != nil || term.Carries != "progress (OSC 9;4), ping (OSC 9)" {
		t.Errorf("terminal carries %q (%v), want the bar too", term.Carries, term.Err)
	}
}
