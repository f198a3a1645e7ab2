package terminal

import (
	"context"
	"errors"
	"slices"
	"testing"
	"time"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/settings"
)

// The exact bytes, written out by hand rather than built by x/ansi.
const (
	seqReset   = "\x1b]9;4;0\x07"
	seqWorking = "\x1b]9;4;3\x07"
	seqBlocked = "\x1b]9;4;4;100\x07"
	seqFailed  = "\x1b]9;4;2;100\x07"
)

func TestReportBytes(t *testing.T) {
	kitty := Info{Term: "xterm-kitty", Program: "kitty"}
	oldITerm := Info{Term: "xterm-256color", Program: "iTerm.app", Version: "3.5.10"}
	tests := []struct {
		name string
		cfg  Config
		reps []host.Report
		want []string
	}{
		{"working", Config{Info: plainTerm}, []host.Report{state(host.Working)}, []string{seqWorking}},
		{"blocked", Config{Info: plainTerm}, []host.Report{state(host.Blocked)}, []string{seqBlocked}},
		{"failed", Config{Info: plainTerm}, []host.Report{state(host.Failed)}, []string{seqFailed}},
		{"first idle clears a leftover bar", Config{Info: plainTerm}, []host.Report{state(host.Idle)}, []string{seqReset}},
		{"unknown is no bar", Config{Info: plainTerm}, []host.Report{state(host.Unknown)}, []string{seqReset}},
		{"a turn", Config{Info: plainTerm},
			[]host.Report{state(host.Idle), state(host.Working), state(host.Blocked), state(host.Working), state(host.Idle)},
			[]string{seqReset, seqWorking, seqBlocked, seqWorking, seqReset}},
		{"the same state again is written again", Config{Info: plainTerm},
			[]host.Report{state(host.Working), state(host.Working), state(host.Idle), state(host.Unknown)},
			[]string{seqWorking, seqWorking, seqReset, seqReset}},
		{"repeat writes again", Config{Info: plainTerm},
			[]host.Report{state(host.Working), repeat(host.Working), repeat(host.Working)},
			[]string{seqWorking, seqWorking, seqWorking}},
		{"suspend clears a bar, the next state restores it", Config{Info: plainTerm},
			[]host.Report{state(host.Blocked), suspend, suspend, state(host.Blocked)},
			[]string{seqBlocked, seqReset, seqBlocked}},
		{"suspend with no bar writes nothing", Config{Info: plainTerm},
			[]host.Report{state(host.Idle), suspend},
			[]string{seqReset}},
		{"suspend before any state clears", Config{Info: plainTerm}, []host.Report{suspend}, []string{seqReset}},
		{"exit clears a bar", Config{Info: plainTerm},
			[]host.Report{state(host.Working), exit}, []string{seqWorking, seqReset}},
		{"exit always clears", Config{Info: plainTerm},
			[]host.Report{state(host.Idle), exit}, []string{seqReset, seqReset}},
		{"ping", Config{Info: plainTerm}, []host.Report{ping("turn done: all tests pass")},
			[]string{"\x1b]9;turn done: all tests pass\x07"}},
		{"ping keeps the bar", Config{Info: plainTerm},
			[]host.Report{state(host.Blocked), ping("approve shell: git push"), suspend},
			[]string{seqBlocked, "\x1b]9;approve shell: git push\x07", seqReset}},
		{"empty ping writes nothing", Config{Info: plainTerm}, []host.Report{ping(""), ping(" \x1b\x07 ")}, nil},
		{"other kinds are ignored", Config{Info: plainTerm},
			[]host.Report{{Kind: host.KindSession}, {Kind: host.KindMeta}, {Kind: host.KindAgents}, {Kind: 99}}, nil},
		{"NoPing", Config{Info: plainTerm, NoPing: true},
			[]host.Report{state(host.Working), ping("hi")}, []string{seqWorking}},
		{"NoProgress carries pings only", Config{Info: plainTerm, NoProgress: true},
			[]host.Report{state(host.Working), suspend, ping("hi"), exit}, []string{"\x1b]9;hi\x07"}},
		{"Progress off", Config{Info: plainTerm, Progress: settings.Off},
			[]host.Report{state(host.Working), exit}, nil},
		{"old iTerm2 gets pings only", Config{Info: oldITerm},
			[]host.Report{state(host.Working), ping("hi"), exit}, []string{stEnd("\x1b]9;hi\x07")}},
		{"iTerm2 3.6.6 gets the bar", Config{Info: Info{Program: "iTerm.app", Version: "3.6.6"}},
			[]host.Report{state(host.Working)}, []string{stEnd(seqWorking)}},
		{"Progress on overrides the list", Config{Info: oldITerm, Progress: settings.On},
			[]host.Report{state(host.Working)}, []string{stEnd(seqWorking)}},
		{"kitty gets no bar", Config{Info: kitty},
			[]host.Report{state(host.Working), ping("hi"), exit}, []string{"\x1b]99;o=unfocused;hi\x1b\\"}},
		{"an empty list trusts kitty", Config{Info: kitty, BadProgress: []string{}},
			[]host.Report{state(host.Working)}, []string{stEnd(seqWorking)}},
		{"a custom list", Config{Info: Info{Program: "WezTerm"}, BadProgress: []string{"wezterm"}},
			[]host.Report{state(host.Working), ping("hi")}, []string{stEnd("\x1b]9;hi\x07")}},
		{"the old spelling of a known-bad name", Config{Info: Info{Program: "iTerm2", Version: "3.7"}, BadProgress: []string{"iTerm.app<3.8"}},
			[]host.Report{state(host.Working)}, nil},
		{"Linux console: nothing at all", Config{Info: Info{Term: "linux"}},
			[]host.Report{state(host.Working), ping("hi"), exit}, nil},
		{"dumb terminal: nothing at all", Config{Info: Info{Term: "dumb"}},
			[]host.Report{state(host.Working), ping("hi"), exit}, nil},
		{"screen", Config{Info: Info{Term: "screen-256color", Mux: MuxScreen, Program: "rio", Version: "0.3.1"}},
			[]host.Report{state(host.Working), ping("hi"), exit},
			[]string{"\x1bP\x1b]9;4;3\x07\x1b\\", "\x1bP\x1b]9;hi\x07\x1b\\", "\x1bP\x1b]9;4;0\x07\x1b\\"}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := run(t, tt.cfg, tt.reps...)
			if !slices.Equal(got, tt.want) {
				t.Errorf("writes\n got %q\nwant %q", got, tt.want)
			}
			checkParses(t, got)
		})
	}
}

// checkParses reads each write back: one sequence, nothing stray.
func checkParses(t *testing.T, writes []string) {
	t.Helper()
	for _, w := range writes {
		toks, err := scan(w)
		if err != nil {
			t.Errorf("scan %q: %v", w, err)
			continue
		}
		for _, tok := range toks {
			if tok.kind == tokText {
				t.Errorf("stray text %q in %q", tok.data, w)
			}
		}
	}
}

func TestRefresh(t *testing.T) {
	ghostty := Info{Term: "xterm-ghostty", Program: "ghostty", Version: "1.2.0"}
	tests := []struct {
		name  string
		cfg   Config
		state host.State
		want  time.Duration
	}{
		{"ghostty working", Config{Info: ghostty}, host.Working, keepAlive},
		{"ghostty blocked", Config{Info: ghostty}, host.Blocked, keepAlive},
		{"ghostty failed", Config{Info: ghostty}, host.Failed, keepAlive},
		{"ghostty idle", Config{Info: ghostty}, host.Idle, 0},
		{"ghostty unknown", Config{Info: ghostty}, host.Unknown, 0},
		{"Ghostty by another spelling", Config{Info: Info{Program: "Ghostty"}}, host.Working, keepAlive},
		{"ghostty without progress", Config{Info: ghostty, NoProgress: true}, host.Working, 0},
		{"ghostty in screen", Config{Info: Info{Program: "ghostty", Mux: MuxScreen}}, host.Working, 0},
		{"tmux", Config{Info: Info{Mux: MuxTmux, MuxVersion: "3.7"}}, host.Working, 0},
		{"windows terminal", Config{Info: Info{Program: "WindowsTerminal"}}, host.Working, 0},
		{"unknown terminal", Config{Info: plainTerm}, host.Working, 0},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			b, err := newTest(tt.cfg)
			if err != nil {
				t.Fatal(err)
			}
			if got := b.Refresh(tt.state); got != tt.want {
				t.Errorf("Refresh(%v) = %v, want %v", tt.state, got, tt.want)
			}
		})
	}
}

// failWriter fails every write, after taking part of it.
type failWriter struct{ n int }

func (f failWriter) Write(p []byte) (int, error) { return min(f.n, len(p)), errors.New("broken pipe") }

// shortWriter takes part of a write and says nothing.
type shortWriter struct{}

func (shortWriter) Write(p []byte) (int, error) { return len(p) / 2, nil }

func TestFailedWriteIsNotDelivered(t *testing.T) {
	for _, out := range []interface{ Write([]byte) (int, error) }{failWriter{}, failWriter{3}, shortWriter{}} {
		b, err := newTest(Config{Output: out, Info: plainTerm})
		if err != nil {
			t.Fatal(err)
		}
		err = b.Report(context.Background(), state(host.Working))
		if err == nil {
			t.Fatalf("%T: Report returned nil", out)
		}
		if b.shown != "" {
			t.Errorf("%T: shown = %v after a failed write, want unknown", out, b.shown)
		}
		// The retry is written again once the terminal takes it.
		rec := &recorder{}
		b.out = rec
		if err := b.Report(context.Background(), state(host.Working)); err != nil {
			t.Fatal(err)
		}
		if !slices.Equal(rec.writes, []string{seqWorking}) {
			t.Errorf("%T: retry wrote %q", out, rec.writes)
		}
	}
}

func TestReportAfterContextDone(t *testing.T) {
	rec := &recorder{}
	b, err := newTest(Config{Output: rec, Info: plainTerm})
	if err != nil {
		t.Fatal(err)
	}
	ctx, cancel := context.WithCancel(context.Background())
	cancel()
	if err := b.Report(ctx, state(host.Working)); !errors.Is(err, context.Canceled) {
		t.Errorf("Report = %v, want context.Canceled", err)
	}
	if len(rec.writes) != 0 {
		t.Errorf("wrote %q after the context was done", rec.writes)
	}
}

func TestName(t *testing.T) {
	b, err := newTest(Config{})
	if err != nil {
		t.Fatal(err)
	}
	if b.Name() != "terminal" {
		t.Errorf("Name = %q", b.Name())
	}
}
