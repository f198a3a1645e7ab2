package chatscript

import (
	"testing"

	"github.com/hostbridge/hostbridge/bridge"
	"github.com/hostbridge/hostbridge/host"
)

// TestProfiles checks what the mendcode profile changes, through a Bridge
// with a recording host.
func TestProfiles(t *testing.T) {
	for _, p := range []Profile{ProfileIota, ProfileMendcode} {
		t.Run(p.String(), func(t *testing.T) {
			rec := &host.Recorder{}
			f := Flags{Agent: "mc", Notify: true, Profile: p}
			b, err := bridge.New(append(f.Options(Session{ID: "s9", Dir: "/tmp/s9"}),
				func(c *bridge.Config) { c.Backends, c.NoSignalHandler = []host.Backend{rec}, true })...)
			if err != nil {
				t.Fatal(err)
			}
			b.Send(bridge.TurnStarted{})
			b.Send(bridge.SubAgentStarted{ID: "a", Task: SubTask})
			b.Send(bridge.SubAgentWaiting{ID: "a", On: SubWaitsOn})
			if err := b.Close(); err != nil {
				t.Fatal(err)
			}
			var held host.State
			var resume string
			for _, r := range rec.Reports() {
				if r.Kind == host.KindState {
					held, resume = r.State, r.Session.Resume
				}
			}
			switch p {
			case ProfileIota:
				if held != host.Working || resume != "" {
					t.Errorf("state %v, resume %q; want working and no resume command", held, resume)
				}
			case ProfileMendcode:
				if held != host.Blocked || resume != "mc --session s9" {
					t.Errorf("state %v, resume %q; want blocked by the sub-agent and the resume command", held, resume)
				}
			}
		})
	}
}

func TestProfileFlag(t *testing.T) {
	var p Profile
	if err := p.Set("mendcode"); err != nil || p != ProfileMendcode || p.String() != "mendcode" {
		t.Errorf("Set(mendcode): %v, %v", p, err)
	}
	if err := p.Set("Mendcode"); err == nil {
		t.Error("Set(Mendcode) accepted")
	}
	if Profile(7).String() != "profile(7)" {
		t.Errorf("String of a bad profile: %q", Profile(7).String())
	}
}
