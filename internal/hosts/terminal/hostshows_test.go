package terminal

import (
	"context"
	"errors"
	"slices"
	"sync"
	"sync/atomic"
	"testing"
	"testing/synctest"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/core"
	"github.com/hostbridge/hostbridge/internal/poll"
	"github.com/hostbridge/hostbridge/internal/settings"
)

// Beside a host that may give the state back (a cmux that refuses its
// rows: Config.HostShows), the bar is drawn only while the host does not
// show the state, the ping always; the backend keeps the bar rather than
// hand it to a renderer, as it may have to start drawing it mid-run; and
// the keep-alive runs only for a bar it draws.
func TestHostShows(t *testing.T) {
	ghostty := Info{Term: "xterm-ghostty", Program: "ghostty"}
	shows := true
	var asked []bool // whether each question came with a live ctx
	rec := &recorder{}
	b, err := newTest(Config{Output: rec, Info: ghostty, HostShows: func(ctx context.Context) (bool, error) {
		asked = append(asked, ctx.Err() == nil)
		return shows, nil
	}})
	if err != nil {
		t.Fatal(err)
	}
	if b.HandBarToRenderer() {
		t.Error("the bar went to the renderer beside a host that shows the state")
	}
	report := func(r host.Report) {
		t.Helper()
		if err := b.Report(context.Background(), r); err != nil {
			t.Fatal(err)
		}
	}
	report(state(host.Working))
	report(ping("hi"))
	if d := b.Refresh(host.Working); d != 0 {
		t.Errorf("keep-alive %v for a bar the host shows", d)
	}
	shows = false // the host refused
	report(state(host.Working))
	if d := b.Refresh(host.Working); d != keepAlive {
		t.Errorf("keep-alive %v for the bar the terminal draws in Ghostty, want %v", d, keepAlive)
	}
	report(exit)
	want := []string{stEnd(ansi.Notify("hi")), stEnd(ansi.SetIndeterminateProgressBar), stEnd(ansi.ResetProgressBar)}
	if !slices.Equal(rec.writes, want) {
		t.Errorf("writes %q, want %q", rec.writes, want)
	}
	if !slices.Equal(asked, []bool{true, true, true}) {
		t.Errorf("HostShows asked %v, want once per bar with the report's ctx", asked)
	}
}

// lockedWrites is the terminal's output, written by the Reporter's worker.
type lockedWrites struct {
	mu     sync.Mutex
	writes []string
}

func (l *lockedWrites) Write(p []byte) (int, error) {
	l.mu.Lock()
	defer l.mu.Unlock()
	l.writes = append(l.writes, string(p))
	return len(p), nil
}

func (l *lockedWrites) got() []string {
	l.mu.Lock()
	defer l.mu.Unlock()
	return slices.Clone(l.writes)
}

// A host that has not answered when the terminal's report runs out of time
// (a cmux still running its first set-status) leaves the state not taken:
// when the host refuses later, the retry draws the state of that moment,
// not only the next one. A reset goes through unknowing: there is nothing
// to draw.
func TestHostShowsNotYetKnownIsRetried(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		var refused atomic.Bool
		out := &lockedWrites{}
		b, err := newTest(Config{Output: out, Info: Info{Term: "xterm-256color", Program: "WezTerm"},
			HostShows: func(context.Context) (bool, error) {
				if !refused.Load() {
					return true, errors.New("cmux has not answered yet")
				}
				return false, nil
			}})
		if err != nil {
			t.Fatal(err)
		}
		if err := b.Report(t.Context(), host.Report{Kind: host.KindExit}); err != nil {
			t.Errorf("a reset while the host is unknown: %v", err)
		}
		s := settings.Default()
		s.Timeout, s.EveryReport = time.Second, true
		r := core.NewReporter([]host.Backend{b}, s)
		defer r.Close(context.Background())
		r.Send(state(host.Working))
		synctest.Wait()
		if got := out.got(); len(got) != 0 {
			t.Fatalf("drawn %q before the host answered", got)
		}
		refused.Store(true)
		if !poll.Until(time.Minute, 10*time.Millisecond, func() bool {
			return slices.Contains(out.got(), stEnd(ansi.SetIndeterminateProgressBar))
		}) {
			t.Fatalf("the host refused, the terminal drew %q: want the working bar", out.got())
		}
	})
}
