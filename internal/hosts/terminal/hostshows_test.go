package terminal

import (
	"context"
	"slices"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/hostbridge/hostbridge/host"
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
	b, err := New(Config{Output: rec, Info: ghostty, HostShows: func(ctx context.Context) bool {
		asked = append(asked, ctx.Err() == nil)
		return shows
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
	want := []string{ansi.Notify("hi"), ansi.SetIndeterminateProgressBar, ansi.ResetProgressBar}
	if !slices.Equal(rec.writes, want) {
		t.Errorf("writes %q, want %q", rec.writes, want)
	}
	if !slices.Equal(asked, []bool{true, true, true}) {
		t.Errorf("HostShows asked %v, want once per bar with the report's ctx", asked)
	}
}
