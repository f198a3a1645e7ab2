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
