//go:build unix

package bridge

import (
	"os"
	"slices"
	"syscall"
	"testing"

	"github.com/hostbridge/hostbridge/host/hosttest"
)

// With the bar handed to a renderer, the exit a hangup runs (the process
// then ends before the renderer can reset the bar) writes the reset
// itself; the exit on SIGINT or SIGTERM, which Bubble Tea v2 handles and
// resets the bar for, writes none.
func TestRendererBarOnSignals(t *testing.T) {
	for _, c := range []struct {
		sig  os.Signal
		want []string
	}{
		{syscall.SIGHUP, []string{"terminal progress 0"}},
		{syscall.SIGTERM, nil},
		{syscall.SIGINT, nil},
	} {
		t.Run(c.sig.String(), func(t *testing.T) {
			var term hosttest.Terminal
			env := map[string]string{"TERM": "xterm-256color"}
			b, err := New(WithEnv(func(k string) string { return env[k] }), WithOutput(&term), WithSignalHandler(false))
			if err != nil {
				t.Fatal(err)
			}
			b.Framework()
			if !b.RendererBar() {
				t.Fatal("a plain terminal's bar was not handed to the renderer")
			}
			b.Ready()
			b.Send(TurnStarted{})
			if got := b.Shown(); got.String() != "working" {
				t.Fatalf("Shown() = %v", got)
			}
			b.signalExit(c.sig)
			if got := term.Transcript(); !slices.Equal(got, c.want) {
				t.Fatalf("wrote %q, want %q", got, c.want)
			}
		})
	}
}
