package bridge

import (
	"os"

	"github.com/hostbridge/hostbridge/host"
)

// A UI framework whose renderer draws the terminal's bar (Bubble Tea v2's
// View.ProgressBar) takes it over from the terminal backend where its raw
// OSC 9;4 reaches the terminal, and reads the state to draw from Shown on
// its own goroutine: no host I/O, one atomic load.

// RendererBar hands the terminal's bar to the renderer and reports
// whether the renderer should draw it; where it should not (another host
// shows the state, a known-bad terminal, inside tmux or screen), the
// terminal backend keeps writing what it wrote before. Call it once,
// before the renderer starts.
func (b *Bridge) RendererBar() bool {
	if b.cfg.barByBackend {
		return false
	}
	draws := false
	for _, c := range b.channels {
		draws = c.HandBarToRenderer() || draws
	}
	return draws
}

// AppBar says the app sets its own bar through the renderer: hostbridge
// sends no keep-alive over it.
func (b *Bridge) AppBar() {
	for _, c := range b.channels {
		c.AppDrawsBar()
	}
}

// Shown is the state the renderer's bar shows now (core.Machine.Shown).
func (b *Bridge) Shown() host.State { return host.State(b.shown.Load()) }

// Getenv reads the environment as detection did (WithEnv).
func (b *Bridge) Getenv(key string) string { return b.cfg.getenv(key) }

// signalExit runs the exit for signal s. A signal that ends the process
// once the exit ran (SIGHUP under a UI framework) ends it before the
// renderer can reset the bar: the terminal backend writes that reset.
func (b *Bridge) signalExit(s os.Signal) {
	if b.reraise(s) {
		for _, c := range b.channels {
			c.RendererGone()
		}
	}
	_ = b.Close()
}
