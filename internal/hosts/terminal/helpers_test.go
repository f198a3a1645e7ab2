package terminal

import (
	"context"
	"errors"
	"io"
	"strings"
	"testing"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/settings"
)

// recorder keeps every Write call apart, so tests see one sequence per
// Write.
type recorder struct{ writes []string }

func (r *recorder) Write(p []byte) (int, error) {
	r.writes = append(r.writes, string(p))
	return len(p), nil
}

// fakeProbe answers the passthrough question and counts the calls.
type fakeProbe struct {
	answer string
	err    error
	calls  [][]string
}

func (f *fakeProbe) run(_ context.Context, name string, args ...string) (string, error) {
	f.calls = append(f.calls, append([]string{name}, args...))
	return f.answer, f.err
}

var errProbe = errors.New("no tmux here")

func state(s host.State) host.Report { return host.Report{Kind: host.KindState, State: s} }

func repeat(s host.State) host.Report {
	return host.Report{Kind: host.KindState, State: s, Repeat: true}
}

// stEnd is seq ST-terminated, as the backend ends it for a terminal the
// table knows takes ST.
func stEnd(seq string) string { return strings.TrimSuffix(seq, "\a") + "\x1b\\" }

func ping(msg string) host.Report { return host.Report{Kind: host.KindPing, Message: msg} }

var (
	suspend   = host.Report{Kind: host.KindSuspend}
	exit      = host.Report{Kind: host.KindExit}
	plainTerm = Info{Term: "xterm-256color"}
)

// run sends reps to a backend made from cfg and returns each Write.
func run(t *testing.T, cfg Config, reps ...host.Report) []string {
	t.Helper()
	rec := &recorder{}
	cfg.Output = rec
	b, err := newTest(cfg)
	if err != nil {
		t.Fatalf("New: %v", err)
	}
	for _, r := range reps {
		// A sequence tmux would swallow is dropped, not failed: it writes
		// nothing, which is what the callers compare.
		if err := b.Report(context.Background(), r); err != nil && !errors.Is(err, host.ErrDropped) {
			t.Fatalf("Report(%v %v): %v", r.Kind, r.State, err)
		}
	}
	return rec.writes
}

// Config is a Backend's settings and wiring in one, as the tests set them:
// the zero value is the default settings and an unknown terminal.
type Config struct {
	Output      io.Writer // nil: os.Stdout
	Info        Info
	NoProgress  bool
	NoPing      bool
	Progress    settings.Support
	BadProgress []string
	Title       string // "": the default agent
	Probe       func(ctx context.Context, name string, args ...string) (string, error)
	Tmux        *TmuxAsk
	HostShows   func(ctx context.Context) (bool, error)
}

// newTest is New for c, its known-bad list checked first as bridge checks
// it (CheckKnownBad): the error is that check's.
func newTest(c Config) (*Backend, error) {
	s := settings.Default()
	if c.Output != nil {
		s.Output = c.Output
	}
	if c.Title != "" {
		s.Agent = c.Title
	}
	s.Ping, s.Progress, s.KnownBadProgress = !c.NoPing, c.Progress, c.BadProgress
	if err := CheckKnownBad(c.BadProgress); err != nil {
		return nil, err
	}
	return New(s, Wiring{Info: c.Info, NoProgress: c.NoProgress, Probe: c.Probe, Tmux: c.Tmux, HostShows: c.HostShows}), nil
}
