package terminal

import (
	"context"
	"strings"
	"testing"
)

// What a diagnostic says about tmux, after Probe asked it: plain words and
// the one-line fix, for what this terminal carries.
func TestNote(t *testing.T) {
	const fix = "set -g allow-passthrough on"
	tests := []struct {
		name    string
		cfg     Config
		answer  string
		want    []string // substrings, in order
		wantNot []string
	}{
		{"plain terminal", Config{Info: plainTerm}, "off", nil, nil},
		{"screen", Config{Info: Info{Mux: MuxScreen}}, "off", nil, nil},
		{"3.3a off", Config{Info: Info{Mux: MuxTmux, MuxVersion: "3.3a"}}, "off\n",
			[]string{"allow-passthrough is off", "the progress bar and the ping cannot reach the terminal", "fix: " + fix},
			[]string{"progressbar"}},
		{"3.3a off, the host shows the state", Config{Info: Info{Mux: MuxTmux, MuxVersion: "3.3a"}, NoProgress: true}, "off",
			[]string{"so the ping cannot reach", fix}, []string{"bar"}},
		{"3.3a off, pings off", Config{Info: Info{Mux: MuxTmux, MuxVersion: "3.3a"}, NoPing: true}, "off",
			[]string{"so the progress bar cannot reach", fix}, []string{"ping"}},
		{"3.7 off", Config{Info: Info{Mux: MuxTmux, MuxVersion: "3.7c"}}, "off",
			[]string{"the ping cannot reach", "tmux 3.7+ shows the bar only", "progressbar feature", "only tmux and iTerm2",
				fix, "terminal-features ',*:progressbar'"}, nil},
		{"unknown version off", Config{Info: Info{Mux: MuxTmux}}, "off",
			[]string{"if this tmux is 3.7+", fix, "progressbar"}, nil},
		{"3.7 off, pings off", Config{Info: Info{Mux: MuxTmux, MuxVersion: "3.7"}, NoPing: true}, "off",
			[]string{"tmux 3.7+ shows the bar only", fix, "progressbar'"}, []string{"ping"}},
		{"on", Config{Info: Info{Mux: MuxTmux, MuxVersion: "3.3a"}}, "on",
			[]string{"only while the chat's window is visible", "a ping from a hidden window is lost", "allow-passthrough all"}, nil},
		{"all", Config{Info: Info{Mux: MuxTmux, MuxVersion: "3.4"}}, "all", nil, nil},
		{"nothing carried", Config{Info: Info{Mux: MuxTmux, MuxVersion: "3.3a"}, NoProgress: true, NoPing: true}, "off", nil, nil},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fp := &fakeProbe{answer: tt.answer}
			tt.cfg.Probe, tt.cfg.Output = fp.run, &recorder{}
			b, err := newTest(tt.cfg)
			if err != nil {
				t.Fatal(err)
			}
			if tt.cfg.Info.Mux == MuxTmux && !(tt.cfg.NoProgress && tt.cfg.NoPing) {
				if n := b.Note(); !strings.Contains(n, "asked at the first report") {
					t.Errorf("before the probe: %q", n)
				}
			}
			b.Probe(context.Background())
			b.Probe(context.Background()) // the answer is kept: tmux is asked once
			if tt.cfg.Info.Mux == MuxTmux && len(fp.calls) != 1 || tt.cfg.Info.Mux != MuxTmux && len(fp.calls) != 0 {
				t.Errorf("probe ran %d times", len(fp.calls))
			}
			note := b.Note()
			if len(tt.want) == 0 && note != "" {
				t.Errorf("note %q, want none", note)
			}
			rest := note
			for _, w := range tt.want {
				i := strings.Index(rest, w)
				if i < 0 {
					t.Fatalf("note %q does not say %q (in order)", note, w)
				}
				rest = rest[i+len(w):]
			}
			for _, w := range tt.wantNot {
				if strings.Contains(note, w) {
					t.Errorf("note %q says %q", note, w)
				}
			}
		})
	}
}

// Probe is bounded by its context and learns nothing from a tmux that did
// not answer in time, so a later report asks again.
func TestProbeUnanswered(t *testing.T) {
	ctx, cancel := context.WithCancel(context.Background())
	slow := func(ctx context.Context, _ string, _ ...string) (string, error) {
		cancel() // the deadline passes while tmux thinks
		return "", ctx.Err()
	}
	b, err := newTest(Config{Output: &recorder{}, Info: Info{Mux: MuxTmux, MuxVersion: "3.3a"}, Probe: slow})
	if err != nil {
		t.Fatal(err)
	}
	b.Probe(ctx)
	if p := b.pass(); p != passUnasked {
		t.Errorf("after an unanswered probe: %v, want unasked", p)
	}
	b.Probe(ctx) // a done context asks nothing
}
