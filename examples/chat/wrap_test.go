package main

import (
	"context"
	"slices"
	"testing"
	"testing/synctest"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/hostbridge/hostbridge"
	"github.com/hostbridge/hostbridge/host"
)

// TestWrapped runs the chat inside hostbridge.Wrap with a recording host,
// as main does with the detected ones, and checks what the host is told.
func TestWrapped(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		rec := &host.Recorder{}
		c := testChat(t, time.Second)
		f := flags{Agent: "chat", Notify: true}
		b, err := hostbridge.New(append(f.Options(c.Sess), hostbridge.WithBackends(rec), hostbridge.WithSignalHandler(false))...)
		if err != nil {
			t.Fatal(err)
		}
		w := b.Wrap(c)
		l := newLoop(t, w)
		// Each step waits for the host to have been told: a slow host may
		// skip a state otherwise (coalescing), which is right, but not what
		// this test checks.
		flush := func(msgs []tea.Msg) []tea.Msg {
			if err := b.Flush(context.Background()); err != nil {
				t.Fatal(err)
			}
			return msgs
		}
		flush(l.init())
		flush(l.send(tea.BlurMsg{}))
		flush(l.typeLine("hello"))
		flush(l.send(tea.FocusMsg{}))
		flush(l.typeLine("approve this"))
		flush(l.press(tea.KeyRunes, 'y'))
		flush(l.typeLine("fail now"))
		got := l.typeLine("/quit")
		if len(got) != 1 || got[0] != (tea.QuitMsg{}) {
			t.Fatalf("/quit emitted %#v", got)
		}
		if err := w.Close(); err != nil {
			t.Fatal(err)
		}

		var states []host.State
		var pings []string
		var kinds []host.Kind
		for _, r := range rec.Reports() {
			kinds = append(kinds, r.Kind)
			switch r.Kind {
			case host.KindState:
				states = append(states, r.State)
			case host.KindPing:
				pings = append(pings, r.Message)
			case host.KindSession:
				if r.Session.ID != "s1" || r.Session.Dir != c.Sess.Dir || r.Session.Resume != "" {
					t.Errorf("session report %+v", r.Session)
				}
			}
		}
		want := []host.State{host.Idle, host.Working, host.Idle, host.Working, host.Blocked,
			host.Working, host.Idle, host.Working, host.Failed}
		if !slices.Equal(states, want) {
			t.Errorf("states %v, want %v", states, want)
		}
		if !slices.Equal(pings, []string{"You said: hello"}) {
			t.Errorf("pings %q, want only the reply while blurred", pings)
		}
		if kinds[len(kinds)-1] != host.KindExit {
			t.Errorf("last report %v, want exit", kinds[len(kinds)-1])
		}
	})
}

// TestProfiles checks what the mendcode profile changes, through a Bridge
// with a recording host.
func TestProfiles(t *testing.T) {
	for _, p := range []profile{profileIota, profileMendcode} {
		t.Run(p.String(), func(t *testing.T) {
			rec := &host.Recorder{}
			f := flags{Agent: "mc", Notify: true, Profile: p}
			b, err := hostbridge.New(append(f.Options(session{ID: "s9", Dir: "/tmp/s9"}),
				hostbridge.WithBackends(rec), hostbridge.WithSignalHandler(false))...)
			if err != nil {
				t.Fatal(err)
			}
			b.Send(hostbridge.TurnStarted{})
			b.Send(hostbridge.SubAgentStarted{ID: "a", Task: subTask})
			b.Send(hostbridge.SubAgentWaiting{ID: "a", On: subWaitsOn})
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
			case profileIota:
				if held != host.Working || resume != "" {
					t.Errorf("state %v, resume %q; want working and no resume command", held, resume)
				}
			case profileMendcode:
				if held != host.Blocked || resume != "mc --session s9" {
					t.Errorf("state %v, resume %q; want blocked by the sub-agent and the resume command", held, resume)
				}
			}
		})
	}
}

func TestProfileFlag(t *testing.T) {
	var p profile
	if err := p.Set("mendcode"); err != nil || p != profileMendcode || p.String() != "mendcode" {
		t.Errorf("Set(mendcode): %v, %v", p, err)
	}
	if err := p.Set("Mendcode"); err == nil {
		t.Error("Set(Mendcode) accepted")
	}
	if profile(7).String() != "profile(7)" {
		t.Errorf("String of a bad profile: %q", profile(7).String())
	}
}
