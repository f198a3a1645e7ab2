package bridge

import (
	"context"
	"os"

	"github.com/hostbridge/hostbridge/host"
)

// RendererBar (for frontends) hands the terminal's bar to a renderer that
// draws it (Bubble Tea v2's View.ProgressBar) and reports whether it
// should; if not (another host shows the state, a known-bad terminal, tmux
// or screen), the terminal backend keeps it. Call it once, before the
// renderer starts.
func (b *Bridge) RendererBar() bool {
	return !b.s.BarByBackend && b.term != nil && b.term.HandBarToRenderer()
}

// AppBar (for frontends) says whether the app sets its own bar through the
// renderer: no keep-alive goes over it until the app clears it.
func (b *Bridge) AppBar(on bool) {
	if b.term != nil {
		b.term.AppBar(on)
	}
}

// Shown (for frontends) is the state the renderer's bar shows now (one
// atomic load), or host.Unknown while the terminal backend still holds a
// bar it drew.
func (b *Bridge) Shown() host.State {
	if b.term != nil && b.term.RendererWaits() {
		return host.Unknown
	}
	return host.State(b.shown.Load())
}

// BarReleased (for frontends) is closed once the terminal backend lets the
// bar go, so the renderer draws again; nil when none holds it now.
func (b *Bridge) BarReleased() <-chan struct{} {
	if b.term != nil && b.term.RendererWaits() {
		return b.term.Released()
	}
	return nil
}

// Done is closed once Close has finished.
func (b *Bridge) Done() <-chan struct{} { return b.done }

// Getenv (for frontends) reads the environment as detection did (WithEnv).
func (b *Bridge) Getenv(key string) string { return b.s.Getenv(key) }

// signalExit runs the exit for s. A signal that then ends the process
// (SIGHUP under a UI framework) leaves the renderer no time to reset the
// bar: the terminal backend resets it as late as it can, so a frame the
// renderer still flushes lands before the reset.
func (b *Bridge) signalExit(s os.Signal) {
	orphan := b.reraise(s) && b.term != nil
	if orphan {
		b.term.RendererGone()
	}
	_ = b.Close()
	if !orphan {
		return
	}
	ctx, cancel := context.WithTimeout(context.Background(), b.s.Timeout)
	defer cancel()
	if err := b.term.ResetOrphan(ctx); err != nil {
		b.s.Logger.Debug("hostbridge: the hangup's reset failed", "err", err)
	}
}
