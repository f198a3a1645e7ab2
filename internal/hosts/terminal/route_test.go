package terminal

import (
	"context"
	"errors"
	"slices"
	"strings"
	"testing"
	"time"

	"github.com/hostbridge/hostbridge/host"
)

func TestDecide(t *testing.T) {
	tests := []struct {
		mux     Mux
		gen     tmuxGen
		kind    seqKind
		allowed bool
		want    route
	}{
		{MuxNone, tmuxUnknown, seqProgress, false, routeRaw},
		{MuxNone, tmuxUnknown, seqPing, false, routeRaw},
		{MuxScreen, tmuxUnknown, seqProgress, false, routeScreen},
		{MuxScreen, tmuxUnknown, seqPing, false, routeScreen},
		{MuxTmux, tmuxNew, seqProgress, false, routeRaw}, // tmux forwards it where it knows the terminal can show it
		{MuxTmux, tmuxNew, seqProgress, true, routeTmux}, // passthrough reaches any terminal
		{MuxTmux, tmuxNew, seqPing, true, routeTmux},
		{MuxTmux, tmuxNew, seqPing, false, routeDrop},
		{MuxTmux, tmuxOld, seqProgress, true, routeTmux},
		{MuxTmux, tmuxOld, seqPing, true, routeTmux},
		{MuxTmux, tmuxOld, seqProgress, false, routeDrop},
		{MuxTmux, tmuxOld, seqPing, false, routeDrop},
		{MuxTmux, tmuxUnknown, seqProgress, true, routeTmux},
		{MuxTmux, tmuxUnknown, seqPing, true, routeTmux},
		{MuxTmux, tmuxUnknown, seqProgress, false, routeRaw},
		{MuxTmux, tmuxUnknown, seqPing, false, routeDrop},
	}
	for _, tt := range tests {
		if got := decide(tt.mux, tt.gen, tt.kind, tt.allowed); got != tt.want {
			t.Errorf("decide(%v, %v, %v, %v) = %v, want %v", tt.mux, tt.gen, tt.kind, tt.allowed, got, tt.want)
		}
		// Only tmux is asked: elsewhere its answer must not matter.
		if tt.mux != MuxTmux && decide(tt.mux, tt.gen, tt.kind, !tt.allowed) != tt.want {
			t.Errorf("decide(%v, %v, %v) depends on passthrough, but tmux is asked only inside tmux", tt.mux, tt.gen, tt.kind)
		}
	}
}

func TestTmuxBytes(t *testing.T) {
	const (
		tmuxWorking = "\x1bPtmux;\x1b\x1b]9;4;3\x07\x1b\\"
		tmuxReset   = "\x1bPtmux;\x1b\x1b]9;4;0\x07\x1b\\"
		tmuxPing    = "\x1bPtmux;\x1b\x1b]9;hi\x07\x1b\\"
	)
	reps := []host.Report{state(host.Working), ping("hi"), exit}
	tests := []struct {
		name      string
		version   string
		answer    string
		err       error
		want      []string
		wantProbe int
	}{
		{"3.3a allowed", "3.3a", "on\n", nil, []string{tmuxWorking, tmuxPing, tmuxReset}, 1},
		{"3.4 all", "3.4", "all\n", nil, []string{tmuxWorking, tmuxPing, tmuxReset}, 1},
		{"3.6 not allowed", "3.6", "off\n", nil, nil, 1},
		{"probe fails", "3.3a", "", errProbe, nil, 1},
		{"probe says nonsense", "3.5a", "maybe", nil, nil, 1},
		{"3.7 allowed", "3.7", "on", nil, []string{tmuxWorking, tmuxPing, tmuxReset}, 1},
		{"3.7 not allowed", "3.7", "off", nil, []string{seqWorking, seqReset}, 1},
		{"next-3.7", "next-3.7", "off", nil, []string{seqWorking, seqReset}, 1},
		{"unknown version allowed", "", "on", nil, []string{tmuxWorking, tmuxPing, tmuxReset}, 1},
		{"unknown version not allowed", "openbsd-7.5", "off", nil, []string{seqWorking, seqReset}, 1},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			fp := &fakeProbe{answer: tt.answer, err: tt.err}
			cfg := Config{Info: Info{Term: "tmux-256color", Mux: MuxTmux, MuxVersion: tt.version, MuxPane: "%3"}, Probe: fp.run}
			got := run(t, cfg, reps...)
			if !slices.Equal(got, tt.want) {
				t.Errorf("writes\n got %q\nwant %q", got, tt.want)
			}
			if len(fp.calls) != tt.wantProbe {
				t.Errorf("probe ran %d times, want %d", len(fp.calls), tt.wantProbe)
			}
			for _, w := range got {
				toks, err := scan(w)
				if err != nil || len(toks) != 1 {
					t.Fatalf("scan %q: %v %v", w, toks, err)
				}
				if toks[0].kind == tokDCS {
					inner, err := unwrapTmux(toks[0])
					if err != nil || len(inner) != 1 || inner[0].kind != tokOSC {
						t.Errorf("tmux passthrough %q holds %v (%v), want one OSC", w, inner, err)
					}
				}
			}
		})
	}
}

func TestTmuxProbeArgs(t *testing.T) {
	fp := &fakeProbe{answer: "on"}
	run(t, Config{Info: Info{Mux: MuxTmux, MuxVersion: "3.3a", MuxPane: "%12"}, Probe: fp.run}, ping("a"), ping("b"))
	want := [][]string{{"tmux", "display-message", "-p", "-t", "%12", "--", tmuxFormat}}
	if !slices.EqualFunc(fp.calls, want, slices.Equal) {
		t.Errorf("probe calls %q, want %q", fp.calls, want)
	}
	fp = &fakeProbe{answer: "on"}
	run(t, Config{Info: Info{Mux: MuxTmux}, Probe: fp.run}, ping("a"))
	if got := strings.Join(fp.calls[0], " "); got != "tmux display-message -p -- "+tmuxFormat {
		t.Errorf("without a pane: %q", got)
	}
}

// tmux 3.7 without passthrough still gets the bar raw: it forwards it to
// a terminal it gave the progressbar feature (tty-features.c, 3.7-3.7c).
// tmux is asked once; a probe that fails reads as "not allowed".
func TestTmuxNewBarWithoutPassthrough(t *testing.T) {
	fp := &fakeProbe{err: errProbe}
	got := run(t, Config{Info: Info{Mux: MuxTmux, MuxVersion: "3.7"}, Probe: fp.run},
		state(host.Working), state(host.Idle), exit)
	if len(fp.calls) != 1 {
		t.Errorf("probe ran %d times, want once", len(fp.calls))
	}
	if want := []string{seqWorking, seqReset, seqReset}; !slices.Equal(got, want) {
		t.Errorf("writes %q, want %q", got, want)
	}
}

// What tmux would swallow is dropped: Report says so with host.ErrDropped
// (counted Dropped, never retried), for the bar and the ping alike, and
// writes nothing.
func TestTmuxSwallowedIsDropped(t *testing.T) {
	rec := &recorder{}
	fp := &fakeProbe{answer: "off"}
	b, err := newTest(Config{Output: rec, Info: Info{Mux: MuxTmux, MuxVersion: "3.3a"}, Probe: fp.run})
	if err != nil {
		t.Fatal(err)
	}
	for _, r := range []host.Report{state(host.Working), ping("hi"), repeat(host.Working), suspend, exit} {
		if err := b.Report(context.Background(), r); !errors.Is(err, host.ErrDropped) {
			t.Errorf("Report(%v %v) = %v, want dropped", r.Kind, r.State, err)
		}
	}
	if len(rec.writes) != 0 {
		t.Errorf("wrote %q", rec.writes)
	}
}

func TestProbeNotRunOnDoneContext(t *testing.T) {
	fp := &fakeProbe{answer: "on"}
	b, err := newTest(Config{Output: &recorder{}, Info: Info{Mux: MuxTmux, MuxVersion: "3.3a"}, Probe: fp.run})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := b.Report(ctx, ping("hi")); err == nil {
		t.Error("Report on a done context returned nil")
	}
	if p := b.pass(); len(fp.calls) != 0 || p != passUnasked {
		t.Errorf("probe ran on a done context (%d calls, state %v)", len(fp.calls), p)
	}
	if err := b.Report(context.Background(), ping("hi")); err != nil || len(fp.calls) != 1 {
		t.Errorf("later report: err %v, %d probe calls", err, len(fp.calls))
	}
}

func TestScreenChunks(t *testing.T) {
	seq := "\x1b]9;" + strings.Repeat("é", 900) + "\x07"
	toks, err := scan(wrap(routeScreen, seq))
	if err != nil {
		t.Fatal(err)
	}
	if len(toks) != 3 {
		t.Errorf("%d chunks, want 3", len(toks))
	}
	inner, longest, err := unwrapScreen(toks)
	if err != nil || len(inner) != 1 || inner[0].kind != tokOSC || inner[0].data != seq[2:len(seq)-1] {
		t.Errorf("screen passthrough holds %v (%v)", inner, err)
	}
	if longest > screenChunk {
		t.Errorf("a chunk of %d bytes, screen takes %d", longest, screenChunk)
	}
}

func TestParsePassthrough(t *testing.T) {
	for in, want := range map[string]passState{
		"on": passVisible, "on\n": passVisible, "all\n": passAll, " all ": passAll,
		"off\n": passDenied, "": passDenied, "1": passVisible, "2\n": passAll, "0": passDenied, "3": passDenied, "onion": passDenied, "invalid option": passDenied,
	} {
		if got := parsePassthrough(in); got != want {
			t.Errorf("parsePassthrough(%q) = %v, want %v", in, got, want)
		}
	}
}

// tmux <= 3.6 with allow-passthrough "on" drops what a hidden pane passes:
// every state is re-sent so the outer bar converges once it is shown.
func TestRefreshTmuxPassthrough(t *testing.T) {
	tests := []struct {
		version, answer string
		want            time.Duration
	}{
		{"3.3a", "on", keepAlive},
		{"", "on", keepAlive},
		{"3.4", "all", 0},
		{"3.3a", "off", 0},
		{"3.7", "on", keepAlive}, // the bar goes through passthrough there too
		{"3.7", "off", 0},
	}
	for _, tt := range tests {
		fp := &fakeProbe{answer: tt.answer}
		b, err := newTest(Config{Output: &recorder{}, Info: Info{Mux: MuxTmux, MuxVersion: tt.version}, Probe: fp.run})
		if err != nil {
			t.Fatal(err)
		}
		if got := b.Refresh(host.Working); got != 0 {
			t.Errorf("%s %s: Refresh before the probe = %v", tt.version, tt.answer, got)
		}
		if err := b.Report(context.Background(), ping("x")); err != nil && !errors.Is(err, host.ErrDropped) {
			t.Fatal(err)
		}
		for _, s := range []host.State{host.Working, host.Idle, host.Blocked, host.Unknown} {
			if got := b.Refresh(s); got != tt.want {
				t.Errorf("tmux %q %s: Refresh(%v) = %v, want %v", tt.version, tt.answer, s, got, tt.want)
			}
		}
	}
}
