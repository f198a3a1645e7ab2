package terminal

import (
	"context"
	"slices"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/hostbridge/hostbridge/host"
)

// Once a renderer has the bar, the backend writes only the ping, the
// keep-alive where the terminal needs one, and the exit's reset when the
// renderer is gone; where the renderer cannot reach the terminal it keeps
// the bar.
func TestRendererOwnsTheBar(t *testing.T) {
	ghostty := Info{Term: "xterm-ghostty", Program: "ghostty"}
	working := ansi.SetIndeterminateProgressBar
	cases := []struct {
		name  string
		info  Info
		cfg   Config
		hand  func(b *Backend) // after HandBarToRenderer
		takes bool             // HandBarToRenderer's answer
		reps  []host.Report
		want  []string
	}{
		{"plain: ping only", plainTerm, Config{}, nil, true,
			[]host.Report{state(host.Working), ping("done"), suspend, state(host.Idle), repeat(host.Working), exit},
			[]string{ansi.Notify("done")}},
		{"ghostty: the keep-alive", ghostty, Config{}, nil, true,
			[]host.Report{state(host.Working), repeat(host.Working), repeat(host.Idle), exit},
			[]string{working}},
		{"ghostty: no keep-alive over the app's bar", ghostty, Config{}, (*Backend).AppDrawsBar, true,
			[]host.Report{state(host.Working), repeat(host.Working), exit},
			nil},
		{"hangup: the backend writes the exit", plainTerm, Config{}, (*Backend).RendererGone, true,
			[]host.Report{state(host.Working), exit},
			[]string{ansi.ResetProgressBar}},
		{"hangup after the app's bar", plainTerm, Config{}, func(b *Backend) { b.AppDrawsBar(); b.RendererGone() }, true,
			[]host.Report{exit},
			[]string{ansi.ResetProgressBar}},
		{"screen: the backend keeps it", Info{Term: "screen", Mux: MuxScreen}, Config{}, nil, false,
			[]host.Report{state(host.Working)},
			[]string{"\x1bP" + working + "\x1b\\"}},
		{"known-bad: nobody draws", Info{Term: "linux"}, Config{}, nil, false,
			[]host.Report{state(host.Working), exit}, nil},
		{"another host shows the state", plainTerm, Config{NoProgress: true}, nil, false,
			[]host.Report{state(host.Working), ping("x")}, []string{ansi.Notify("x")}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rec := &recorder{}
			c.cfg.Output, c.cfg.Info = rec, c.info
			b, err := New(c.cfg)
			if err != nil {
				t.Fatal(err)
			}
			if got := b.HandBarToRenderer(); got != c.takes {
				t.Fatalf("HandBarToRenderer() = %v, want %v", got, c.takes)
			}
			if b.RendererDraws() != c.takes {
				t.Fatalf("RendererDraws() = %v, want %v", b.RendererDraws(), c.takes)
			}
			if c.hand != nil {
				c.hand(b)
			}
			for _, r := range c.reps {
				if err := b.Report(context.Background(), r); err != nil {
					t.Fatalf("Report(%v): %v", r.Kind, err)
				}
			}
			if !slices.Equal(rec.writes, c.want) {
				t.Fatalf("wrote %q, want %q", rec.writes, c.want)
			}
		})
	}
}

// A channel says who draws the bar.
func TestRendererCarries(t *testing.T) {
	b, err := New(Config{Output: &recorder{}, Info: plainTerm})
	if err != nil {
		t.Fatal(err)
	}
	const c = "progress (OSC 9;4), ping (OSC 9)"
	if got := b.Carries(c); got != c {
		t.Fatalf("before: %q", got)
	}
	b.HandBarToRenderer()
	if got, want := b.Carries(c), "progress (OSC 9;4, drawn by the UI's renderer), ping (OSC 9)"; got != want {
		t.Fatalf("after: %q, want %q", got, want)
	}
}
