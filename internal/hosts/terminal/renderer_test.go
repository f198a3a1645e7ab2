package terminal

import (
	"context"
	"slices"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/hostbridge/hostbridge/host"
)

// Once a renderer has the bar and the backend let go of it (its first
// reset: ready), the backend writes only the ping, the keep-alive where
// the terminal needs one, and the exit's reset when the renderer is gone
// (ResetOrphan); where the renderer cannot reach the terminal it keeps the
// bar.
func TestRendererOwnsTheBar(t *testing.T) {
	ghostty := Info{Term: "xterm-ghostty", Program: "ghostty"}
	working, reset := ansi.SetIndeterminateProgressBar, ansi.ResetProgressBar
	cases := []struct {
		name   string
		info   Info
		cfg    Config
		before []host.Report    // before HandBarToRenderer
		hand   func(b *Backend) // after HandBarToRenderer
		takes  bool             // HandBarToRenderer's answer
		reps   []host.Report
		want   []string
	}{
		{"plain: the ready reset, then the ping only", plainTerm, Config{}, nil, nil, true,
			[]host.Report{state(host.Idle), state(host.Working), ping("done"), suspend, state(host.Idle), repeat(host.Working), exit},
			[]string{reset, ansi.Notify("done")}},
		{"ghostty: the keep-alive", ghostty, Config{}, nil, nil, true,
			[]host.Report{state(host.Idle), state(host.Working), repeat(host.Working), repeat(host.Idle), exit},
			[]string{stEnd(reset), stEnd(working)}},
		{"ghostty: no keep-alive over the app's bar", ghostty, Config{}, nil, func(b *Backend) { b.AppBar(true) }, true,
			[]host.Report{state(host.Working), repeat(host.Working), exit},
			nil},
		{"ghostty: the keep-alive again once the app cleared its bar", ghostty, Config{}, nil,
			func(b *Backend) { b.AppBar(true); b.AppBar(false) }, true,
			[]host.Report{state(host.Working), repeat(host.Working), exit},
			[]string{stEnd(working)}},
		{"a bar drawn before the hand-over is cleared by the backend", plainTerm, Config{},
			[]host.Report{state(host.Working)}, nil, true,
			[]host.Report{repeat(host.Working), state(host.Idle), state(host.Working), exit},
			[]string{working, working, reset}},
		{"the backend's own bar is cleared at the exit", plainTerm, Config{},
			[]host.Report{state(host.Working)}, nil, true,
			[]host.Report{exit},
			[]string{working, reset}},
		{"the backend's own bar is cleared for a suspend", plainTerm, Config{},
			[]host.Report{state(host.Working)}, nil, true,
			[]host.Report{suspend, state(host.Working), exit},
			[]string{working, reset}},
		{"hangup: ResetOrphan writes the exit's", plainTerm, Config{}, nil, (*Backend).RendererGone, true,
			[]host.Report{state(host.Working), exit},
			[]string{reset}},
		{"hangup after the app's bar", plainTerm, Config{}, nil, func(b *Backend) { b.AppBar(true); b.RendererGone() }, true,
			[]host.Report{exit},
			[]string{reset}},
		{"screen: the backend keeps it", Info{Term: "screen", Mux: MuxScreen, Program: "WindowsTerminal"}, Config{}, nil, nil, false,
			[]host.Report{state(host.Working)},
			[]string{"\x1bP" + working + "\x1b\\"}},
		{"known-bad: nobody draws", Info{Term: "linux"}, Config{}, nil, nil, false,
			[]host.Report{state(host.Working), exit}, nil},
		{"another host shows the state", plainTerm, Config{NoProgress: true}, nil, nil, false,
			[]host.Report{state(host.Working), ping("x")}, []string{ansi.Notify("x")}},
	}
	for _, c := range cases {
		t.Run(c.name, func(t *testing.T) {
			rec := &recorder{}
			c.cfg.Output, c.cfg.Info = rec, c.info
			b, err := newTest(c.cfg)
			if err != nil {
				t.Fatal(err)
			}
			report := func(reps []host.Report) {
				t.Helper()
				for _, r := range reps {
					if err := b.Report(context.Background(), r); err != nil {
						t.Fatalf("Report(%v): %v", r.Kind, err)
					}
				}
			}
			report(c.before)
			if got := b.HandBarToRenderer(); got != c.takes {
				t.Fatalf("HandBarToRenderer() = %v, want %v", got, c.takes)
			}
			if b.RendererDraws() != c.takes {
				t.Fatalf("RendererDraws() = %v, want %v", b.RendererDraws(), c.takes)
			}
			if c.hand != nil {
				c.hand(b)
			}
			report(c.reps)
			if err := b.ResetOrphan(context.Background()); err != nil {
				t.Fatal(err)
			}
			if !slices.Equal(rec.writes, c.want) {
				t.Fatalf("wrote %q, want %q", rec.writes, c.want)
			}
		})
	}
}

// The renderer waits for the backend to let go of the bar: until its
// first reset the renderer draws none, and Released says when it may.
func TestRendererWaitsForTheReset(t *testing.T) {
	b, err := newTest(Config{Output: &recorder{}, Info: plainTerm})
	if err != nil {
		t.Fatal(err)
	}
	if b.RendererWaits() {
		t.Fatal("waits before a renderer took the bar")
	}
	b.HandBarToRenderer()
	for _, r := range []host.Report{state(host.Working), ping("x"), repeat(host.Working)} {
		if err := b.Report(context.Background(), r); err != nil {
			t.Fatal(err)
		}
		if !b.RendererWaits() {
			t.Fatalf("after %v: the renderer may draw while the backend shows its bar", r.Kind)
		}
	}
	select {
	case <-b.Released():
		t.Fatal("released before a reset")
	default:
	}
	if err := b.Report(context.Background(), state(host.Idle)); err != nil {
		t.Fatal(err)
	}
	if b.RendererWaits() {
		t.Fatal("the renderer still waits after the reset")
	}
	select {
	case <-b.Released():
	default:
		t.Fatal("Released not closed after the reset")
	}
	if err := b.Report(context.Background(), repeat(host.Working)); err != nil || b.RendererWaits() {
		t.Fatalf("a later bar took the bar back (err %v)", err)
	}
}

// Bubble Tea v2's renderer writes x/ansi's OSC 9;4, BEL-terminated: a
// terminal that takes the bar only ST-terminated (VTE 0.80+) keeps it with
// the backend, which ends it with ST; one that takes either but drops a
// bar not refreshed (Rio) gives it to the renderer and gets the table's
// keep-alive from the backend.
func TestRendererAndTheTable(t *testing.T) {
	rec := &recorder{}
	vte, err := newTest(Config{Output: rec, Info: Info{Program: "vte", Version: "8002"}})
	if err != nil {
		t.Fatal(err)
	}
	if vte.HandBarToRenderer() {
		t.Error("VTE 0.80's bar went to a renderer that ends it with BEL")
	}
	if err := vte.Report(context.Background(), state(host.Working)); err != nil {
		t.Fatal(err)
	}
	if want := []string{stEnd(ansi.SetIndeterminateProgressBar)}; !slices.Equal(rec.writes, want) {
		t.Errorf("VTE: wrote %q, want %q", rec.writes, want)
	}

	rec = &recorder{}
	rio, err := newTest(Config{Output: rec, Info: Info{Program: "rio", Version: "0.3.1"}})
	if err != nil {
		t.Fatal(err)
	}
	if !rio.HandBarToRenderer() {
		t.Fatal("Rio's bar stayed with the backend")
	}
	for _, r := range []host.Report{state(host.Idle), state(host.Working), repeat(host.Working)} {
		if err := rio.Report(context.Background(), r); err != nil {
			t.Fatal(err)
		}
	}
	if d := rio.Refresh(host.Working); d != keepAlive {
		t.Errorf("Rio's keep-alive %v, want %v", d, keepAlive)
	}
	// The ready reset hands the bar over; the renderer draws the turn; the
	// backend re-sends it before Rio's 15 s are up.
	want := []string{stEnd(ansi.ResetProgressBar), stEnd(ansi.SetIndeterminateProgressBar)}
	if !slices.Equal(rec.writes, want) {
		t.Errorf("Rio: wrote %q, want %q", rec.writes, want)
	}
}
