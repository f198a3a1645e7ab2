package terminal

import (
	"slices"
	"testing"

	"github.com/hostbridge/hostbridge/host"
)

// What display-message prints for tmuxFormat, as a real 3.3a prints it
// (measured: tmux -L x display-message -p -t %0 …), a pane that is gone
// (-t %999: formats empty, exit 0), and a 3.7 client with progressbar.
func TestParseTmuxFacts(t *testing.T) {
	for in, want := range map[string]TmuxFacts{
		"0\n3.3a\n%0\n/dev/pts/2\n\n\n\nsleep\n": {Pass: passDenied, Version: "3.3a", TTY: "/dev/pts/2", Command: "sleep"},
		"1\n3.3a\n\n\n\n\n\n\n":                  {Pass: passVisible, Version: "3.3a", Gone: true},
		"2\n3.7\n%1\n/dev/pts/1\n256,RGB,progressbar,title\nxterm-kitty\nkitty(0.47.1)\nmy\nchat\n": {
			Pass: passAll, Version: "3.7", TTY: "/dev/pts/1", ProgressBar: true, TermName: "xterm-kitty", TermType: "kitty(0.47.1)",
			Command: "my\nchat"},
		"on\n": {Pass: passVisible}, // a fake that answers the option alone
	} {
		if got := parseTmuxFacts(in); got != want {
			t.Errorf("parseTmuxFacts(%q) = %+v, want %+v", in, got, want)
		}
	}
}

// A client terminal with tmux's progressbar feature (3.7+: tty-features.c
// "progressbar", shown in #{client_termfeatures}): the bar goes raw, for
// tmux to parse (input.c input_osc_9, #{pane_pb_state}) and forward as the
// active pane's bar (server-client.c server_client_set_progress_bar),
// passthrough on or off; the ping goes as before. Without the feature,
// passthrough as today.
func TestTmuxProgressBarFeature(t *testing.T) {
	const (
		tmuxWorking = "\x1bPtmux;\x1b\x1b]9;4;3\x07\x1b\\"
		tmuxPing    = "\x1bPtmux;\x1b\x1b]9;hi\x07\x1b\\"
	)
	for _, tt := range []struct {
		name, answer string
		want         []string
	}{
		{"feature, passthrough on", "1\n3.7\n%1\n\nRGB,progressbar\nchat\n", []string{seqWorking, tmuxPing}},
		{"feature, passthrough off", "0\n3.7\n%1\n\nprogressbar\nchat\n", []string{seqWorking}},
		{"no feature, passthrough on", "1\n3.7\n%1\n\nRGB,title\nchat\n", []string{tmuxWorking, tmuxPing}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			fp := &fakeProbe{answer: tt.answer}
			got := run(t, Config{Info: Info{Mux: MuxTmux, MuxPane: "%1"}, Probe: fp.run}, state(host.Working), ping("hi"))
			if !slices.Equal(got, tt.want) {
				t.Errorf("writes %q, want %q", got, tt.want)
			}
		})
	}
}

// TERM_PROGRAM unset (or another terminal's): tmux's version comes from
// the server's answer, so a 3.3a, which swallows a raw bar, gets none,
// where a tmux of unknown age would get it raw.
func TestTmuxVersionFromServer(t *testing.T) {
	for ver, want := range map[string][]string{"3.3a": nil, "": {seqWorking}, "3.7": {seqWorking}} {
		fp := &fakeProbe{answer: "0\n" + ver + "\n%1\n\n\nchat\n"}
		b, err := newTest(Config{Output: &recorder{}, Info: Info{Mux: MuxTmux, MuxPane: "%1"}, Probe: fp.run})
		if err != nil {
			t.Fatal(err)
		}
		got := run(t, Config{Info: Info{Mux: MuxTmux, MuxPane: "%1"}, Probe: fp.run}, state(host.Working))
		if !slices.Equal(got, want) {
			t.Errorf("version %q from the server: writes %q, want %q", ver, got, want)
		}
		b.Probe(t.Context())
		if got := b.Info().MuxVersion; got != ver {
			t.Errorf("Info().MuxVersion = %q after the probe, want %q", got, ver)
		}
	}
}
