package teatest_test

import (
	"runtime"
	"testing"

	"github.com/hostbridge/hostbridge/host/hosttest"
	"github.com/hostbridge/hostbridge/internal/testsupport/kittest"
)

// TestKitTmux runs the conversation in a pane of the fake tmux
// (allow-passthrough off, as tmux's default): the pane options follow the
// states, one exec per change, and are unset at the exit; the terminal
// passes nothing but the bell for needs-you and failed.
func TestKitTmux(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the fake tmux is a POSIX sh script")
	}
	t.Parallel()
	kittest.Golden(t, v1, hosttest.NewTmux(t))
}

// TestKitHerdrInTmux: herdr carries the state, the tmux pane options go on
// beside it, and the terminal writes tmux's bell in place of the ping (in a
// real herdr pane, whether the bell reaches tmux is herdr's to decide).
func TestKitHerdrInTmux(t *testing.T) {
	if runtime.GOOS == "windows" {
		t.Skip("the fake tmux is a POSIX sh script")
	}
	t.Parallel()
	kittest.Golden(t, v1, hosttest.NewHerdr(t), hosttest.NewTmux(t))
}
