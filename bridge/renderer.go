package bridge

import (
	"context"
	"os"

	"github.com/hostbridge/hostbridge/host"
)

// A UI framework whose renderer draws the terminal's bar (Bubble Tea v2's
// View.ProgressBar) takes it over from the terminal backend where its raw
// OSC 9;4 reaches the terminal, and reads the state to draw from Shown on
// its own goroutine: no host I/O, one atomic load.

// RendererBar (for frontends) hands the terminal's bar to the renderer and reports
// whether the renderer should draw it; where it should not (another host
// shows the state, a known-bad terminal, inside tmux or screen), the
// terminal backend keeps writing what it wrote before. Call it once,
// before the renderer starts.
func (b *Bridge) RendererBar() bool {
	return !b.cfg.barByBackend && b.term != nil && b.term.HandBarToRenderer()
}

// AppBar (for frontends) says whether the app sets its own bar through the renderer:
// hostbridge sends no keep-alive over it, and resumes once the app
// clears it. Call it when that changes.
func (b *Bridge) AppBar(on bool) {
	switch {
	case b.term == nil:
	case on:
		b.term.AppDrawsBar()
	default:
		b.term.AppClearedBar()
	}
}

// Shown (for frontends) is the state the renderer's bar shows now, or
// host.Unknown (no bar) while the terminal backend still holds the bar:
// one it drew before the renderer took over, or a stale one it has not
// yet cleared.
func (b *Bridge) Shown() host.State {
	if b.term != nil && b.term.RendererWaits() {
		return host.Unknown
	}
	return host.State(b.shown.Load())
}

// BarReleased (for frontends) is closed once no terminal backend holds the bar any more,
// so Shown reports the state: a renderer that drew no bar meanwhile must
// draw again then. It is nil when none holds it now.
func (b *Bridge) BarReleased() <-chan struct{} {
	if b.term != nil && b.term.RendererWaits() {
		return b.term.Released()
	}
	return nil
}

// Done is closed once Close has finished.
func (b *Bridge) Done() <-chan struct{} { return b.done }

// Getenv (for frontends) reads the environment as detection did (WithEnv).
func (b *Bridge) Getenv(key string) string { return b.cfg.getenv(key) }

// signalExit runs the exit for signal s. A signal that ends the process
// once the exit ran (SIGHUP under a UI framework) ends it before the
// renderer can reset the bar: the terminal backend writes that reset, as
// late as it can, after every worker stopped and just before the signal
// is delivered again, so a frame the renderer's ticker still flushes with
// the bar in it lands before the reset.
func (b *Bridge) signalExit(s os.Signal) {
	orphan := b.reraise(s) && b.term != nil
	if orphan {
		b.term.RendererGone()
	}
	_ = b.Close()
	if !orphan {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), b.cfg.reporter.Timeout)
	defer cancel()
	if err := b.term.ResetOrphan(ctx); err != nil {
		b.cfg.reporter.Logger.Debug("hostbridge: the hangup's reset failed", "err", err)
	}
}
