package hostbridge

import (
	"slices"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/host/hosttest"
)

// Who draws the bar, per terminal: v2's renderer from View.ProgressBar
// where its raw OSC 9;4 reaches the terminal, hostbridge by its own route
// elsewhere, nobody on a known-bad terminal. The ping always comes from
// hostbridge.
func TestWhoDrawsTheBar(t *testing.T) {
	cases := []struct {
		name     string
		env      func(string) string
		opts     []Option
		view     bool     // View.ProgressBar carries the state
		terminal []string // what hostbridge wrote: ready (its reset hands the bar over), TurnStarted, ApprovalNeeded, the exit
	}{
		{"plain terminal", plain(), nil, true,
			[]string{"terminal progress 0", `terminal ping "approve shell"`}},
		{"ghostty", plain("TERM", "xterm-ghostty"), nil, true,
			[]string{"terminal progress 0", `terminal ping "approve shell"`}},
		// Ghostty behind screen (an unknown terminal there gets no bar).
		{"screen", plain("STY", "1.pts-0", "TERM", "screen", "TERM_PROGRAM", "ghostty", "TERM_PROGRAM_VERSION", "1.2.0"), nil, false,
			[]string{"terminal progress 0 via screen", "terminal progress 3 via screen", "terminal progress 4;100 via screen",
				`terminal ping "approve shell" via screen`, "terminal progress 0 via screen"}},
		// VTE 0.80+ ignores a BEL-terminated OSC 9;4, and v2's renderer
		// writes x/ansi's, BEL-terminated: hostbridge writes it, with ST.
		{"VTE 0.80", plain("VTE_VERSION", "8002"), nil, false,
			[]string{"terminal progress 0", "terminal progress 3", "terminal progress 4;100", "terminal bell", "terminal progress 0"}},
		// Rio takes either: the renderer draws it; the keep-alive is hostbridge's.
		{"Rio", plain("TERM_PROGRAM", "rio", "TERM_PROGRAM_VERSION", "0.3.1"), nil, true,
			[]string{"terminal progress 0", `terminal ping "approve shell"`}},
		{"known-bad: the Linux console", plain("TERM", "linux"), nil, false, nil},
		// kitty's ping is OSC 99 (the table), which the fake terminal does not read.
		{"known-bad: an old kitty", plain("TERM", "xterm-kitty", "TERM_PROGRAM", "kitty", "TERM_PROGRAM_VERSION", "0.37"), nil, false,
			[]string{`terminal ping "approve shell" (OSC 99 "o=unfocused")`}},
		{"forced off", plain(), []Option{WithProgress(false)}, false,
			[]string{`terminal ping "approve shell"`}},
		{"forced on a known-bad one", plain("TERM", "xterm-kitty", "TERM_PROGRAM", "kitty", "TERM_PROGRAM_VERSION", "0.37"),
			[]Option{WithProgress(true)}, true, []string{"terminal progress 0", `terminal ping "approve shell" (OSC 99 "o=unfocused")`}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			var term hosttest.Terminal
			b, err := New(testOpts(&term, c.env, c.opts...)...)
			if err != nil {
				t.Fatal(err)
			}
			m := b.Wrap(&chat{})
			m.Init()
			flush(t, b)
			if got := m.View().ProgressBar; got != nil {
				t.Fatalf("ready: bar %v, want none", got)
			}
			m.Update(TurnStarted{})
			flush(t, b)
			checkBar(t, m, c.view, tea.ProgressBarIndeterminate, 0)
			m.Update(ApprovalNeeded{Tool: "shell"})
			flush(t, b)
			checkBar(t, m, c.view, tea.ProgressBarWarning, 100)
			if err := b.Close(); err != nil {
				t.Fatal(err)
			}
			if got := m.View().ProgressBar; got != nil {
				t.Fatalf("after the exit: bar %v, want none", got)
			}
			if got := term.Transcript(); !slices.Equal(got, c.terminal) {
				t.Fatalf("hostbridge wrote\n%q\nwant\n%q", got, c.terminal)
			}
		})
	}
}

func checkBar(t *testing.T, m *Model, want bool, state tea.ProgressBarState, value int) {
	t.Helper()
	got := m.View().ProgressBar
	switch {
	case !want && got != nil:
		t.Fatalf("View.ProgressBar = %+v, want none (hostbridge draws it, or nobody)", *got)
	case want && (got == nil || got.State != state || got.Value != value):
		t.Fatalf("View.ProgressBar = %v, want %v %d", got, state, value)
	}
}

// The bar follows every state as the v1 frontend's OSC 9;4 does.
func TestBarFor(t *testing.T) {
	for s, want := range map[host.State]*tea.ProgressBar{
		host.Unknown: nil, host.Idle: nil,
		host.Working: {State: tea.ProgressBarIndeterminate},
		host.Blocked: {State: tea.ProgressBarWarning, Value: 100},
		host.Failed:  {State: tea.ProgressBarError, Value: 100},
	} {
		got := barFor(s)
		if (got == nil) != (want == nil) || got != nil && *got != *want {
			t.Errorf("barFor(%v) = %v, want %v", s, got, want)
		}
	}
}

// An app that sets its own bar keeps it while the chat works or idles;
// "needs you" and "failed" win over it; while it sets none, the chat's
// state shows.
func TestAppBarWins(t *testing.T) {
	var term hosttest.Terminal
	b, err := New(testOpts(&term, plain())...)
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	m := b.Wrap(&chat{})
	m.Init()
	flush(t, b) // the ready reset hands the bar over
	m.Update(TurnStarted{})
	own := tea.NewProgressBar(tea.ProgressBarIndeterminate, 0)
	m.Update(appBarMsg{own})
	if got := m.View().ProgressBar; got != own {
		t.Fatalf("working: bar %v, want the app's %v", got, own)
	}
	m.Update(ApprovalNeeded{Tool: "shell", Action: "rm -rf build"})
	checkBar(t, m, true, tea.ProgressBarWarning, 100)
	m.Update(TurnStarted{}) // granted
	if got := m.View().ProgressBar; got != own {
		t.Fatalf("working again: bar %v, want the app's %v", got, own)
	}
	m.Update(TurnFailed{Headline: "Error: boom"})
	checkBar(t, m, true, tea.ProgressBarError, 100)
	m.Update(Idle{})
	if got := m.View().ProgressBar; got != own {
		t.Fatalf("idle: bar %v, want the app's %v", got, own)
	}
	m.Update(appBarMsg{nil})
	checkBar(t, m, false, 0, 0)
	m.Update(TurnStarted{})
	checkBar(t, m, true, tea.ProgressBarIndeterminate, 0)
}

// A long wait for approval under an app that draws its own busy bar: the
// paused bar shows and Ghostty's keep-alive holds it.
func TestBlockedOverTheAppsBarIsKeptAlive(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var term hosttest.Terminal
		b, err := New(testOpts(&term, plain("TERM", "xterm-ghostty", "TERM_PROGRAM", "ghostty"))...)
		if err != nil {
			t.Fatal(err)
		}
		defer b.Close()
		m := b.Wrap(&chat{})
		m.Init()
		flush(t, b)
		m.Update(appBarMsg{tea.NewProgressBar(tea.ProgressBarIndeterminate, 0)})
		m.Update(TurnStarted{})
		m.View()
		m.Update(ApprovalNeeded{Tool: "shell", Action: "git push"})
		flush(t, b)
		checkBar(t, m, true, tea.ProgressBarWarning, 100)
		before := strings.Count(strings.Join(progress(&term), "\n"), "terminal progress 4;100")
		time.Sleep(25 * time.Second)
		synctest.Wait()
		if n := strings.Count(strings.Join(progress(&term), "\n"), "terminal progress 4;100") - before; n < 2 {
			t.Fatalf("%d keep-alives of the paused bar in 25 s, want 2: %q", n, progress(&term))
		}
	})
}

// The wrapper's View leaves the rest of the app's view alone.
func TestViewIsTheApps(t *testing.T) {
	m := Wrap(&chat{text: "hello"}, WithBackends(&host.Recorder{}), WithSignalHandler(false))
	defer m.Close()
	if got := m.View().Content; got != "chat hello" {
		t.Fatalf("content %q", got)
	}
}
