package hosts

import (
	"context"
	"io"
	"strings"
	"testing"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/hosts/herdr"
	"github.com/hostbridge/hostbridge/internal/hosts/terminal"
	"github.com/hostbridge/hostbridge/internal/hosts/tuios"
)

// The terminal channel names what it sends to the terminal recognised,
// from the plan chosen for it (no string edits): foot 1.13 gets no bar and
// an OSC 777 ping; once a renderer draws the bar, the channel says so.
func TestBuildTerminalChannelSaysWhatItSends(t *testing.T) {
	for _, tc := range []struct {
		name string
		info terminal.Info
		want string
	}{
		{"unknown", terminal.Info{Term: "xterm-256color"}, "terminal: progress (OSC 9;4), ping (OSC 9) via"},
		{"foot", terminal.Detect(func(k string) string { return map[string]string{"TERM": "foot"}[k] }), "terminal: ping (OSC 777) via"},
		{"Linux console", terminal.Info{Term: "linux"}, "terminal: nothing (this terminal shows neither: see chose) via"},
	} {
		_, chans := Build(Detection{Host: Host{Terminal: tc.info}}, Config{Agent: "chat", Output: io.Discard, OutputChosen: true}.S())
		if got := chans[len(chans)-1].String(); !strings.HasPrefix(got, tc.want) {
			t.Errorf("%s: %s\nwant the prefix %s", tc.name, got, tc.want)
		}
	}
	_, chans := Build(Detection{Host: Host{Terminal: terminal.Info{Term: "xterm-256color"}}},
		Config{Agent: "chat", Output: io.Discard, OutputChosen: true}.S())
	term := chans[len(chans)-1]
	term.Terminal().HandBarToRenderer()
	if want := "terminal: progress (OSC 9;4, drawn by the UI's renderer), ping (OSC 9) via"; !strings.HasPrefix(term.String(), want) {
		t.Errorf("renderer: %s\nwant the prefix %s", term, want)
	}
}

// Inside tuios, tuios alerts for needs_input, errored and done itself
// (Gaurav-Gosain/tuios@6037a8a, internal/config/agent_alerts.go) and forwards a
// pane's OSC 9 too (internal/app/notify.go): the terminal sends no ping,
// whether the states go over tuios's verbs or herdr's API.
func TestBuildNoPingInTuios(t *testing.T) {
	for _, d := range []Detection{
		{Host: Host{Kind: Tuios, Tuios: tuios.Pane{Socket: "/run/t.sock", Session: "my work", Window: "p1"}}},
		{Host: Host{Kind: Tuios, Tuios: tuios.Pane{HerdrAPI: true, Herdr: herdr.Pane{Socket: "/run/t.sock", ID: "p1"},
			Socket: "/run/t.sock", Session: "main", Window: "p1"}}},
	} {
		var out strings.Builder
		list, chans := Build(d, Config{Agent: "chat", Output: &out, OutputChosen: true}.S())
		term := chans[len(chans)-1]
		if !strings.HasPrefix(term.String(), "terminal: nothing (tuios shows the state and raises its own alerts) via") {
			t.Errorf("herdr API %v: terminal channel %v", d.Host.Tuios.HerdrAPI, term)
		}
		last := list[len(list)-1]
		if err := last.Report(context.Background(), host.Report{Kind: host.KindPing, Message: "approve shell: git push"}); err != nil {
			t.Fatal(err)
		}
		if out.Len() != 0 {
			t.Errorf("herdr API %v: the terminal pinged %q", d.Host.Tuios.HerdrAPI, out.String())
		}
	}
}

// A session with blanks is named so the diagnostic shows them.
func TestBuildShowsSessionSafely(t *testing.T) {
	d := Detection{Host: Host{Kind: Tuios, Tuios: tuios.Pane{Socket: "/run/t.sock", Session: "my  work", Window: "p1"}}}
	_, chans := Build(d, Config{Agent: "chat", Output: io.Discard, OutputChosen: true}.S())
	if got := chans[0].String(); !strings.Contains(got, `session "my  work",`) {
		t.Errorf("tuios channel %q", got)
	}
}

// Inside tmux, the terminal's channel says plainly what tmux lets through,
// once it is known: before any report, that it depends on
// allow-passthrough; after Probe found no tmux to ask (PATH without it),
// that tmux does not answer, and no advice on allow-passthrough.
func TestBuildTmuxChannelNote(t *testing.T) {
	t.Setenv("PATH", t.TempDir())
	d := Detection{Host: Host{Terminal: terminal.Info{Mux: terminal.MuxTmux, MuxVersion: "3.3a", MuxPane: "%1"}}}
	_, chans := Build(d, Config{Agent: "chat", Output: io.Discard, OutputChosen: true}.S())
	term := chans[len(chans)-1]
	if !strings.Contains(term.String(), "asked at the first report") {
		t.Errorf("before the probe: %s", term)
	}
	term.Probe(context.Background())
	want := "terminal: progress (OSC 9;4), ping (OSC 9), tmux's bell (BEL) for needs you and failed via the program's output inside tmux (terminal=unknown mux=tmux mux-version=3.3a pane=%1); " +
		"chose: unknown terminal; bar OSC 9;4 BEL-terminated; ping OSC 9; keep-alive none; " +
		`but tmux does not answer: exec: "tmux": executable file not found in $PATH, so what it lets through is unknown`
	if got := term.String(); got != want {
		t.Errorf("after the probe:\n got %s\nwant %s", got, want)
	}
	if n := (Channel{Host: "herdr"}).Note(); n != "" {
		t.Errorf("a host channel has a note: %q", n)
	}
}
