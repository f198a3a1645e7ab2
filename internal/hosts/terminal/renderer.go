package terminal

import (
	"strings"

	"github.com/hostbridge/hostbridge/host"
)

// barOwner says who writes the progress bar. A UI framework whose
// renderer draws the bar itself (Bubble Tea v2's View.ProgressBar, which
// its renderer writes on change and resets when the program ends;
// cursed_renderer.go, charm.land/bubbletea/v2 v2.0.9 and v2.1.1) takes it
// over where its raw OSC 9;4 reaches the terminal; the backend keeps what
// the renderer does not do.
type barOwner uint32

const (
	ownerBackend  barOwner = iota // the backend writes it (Bubble Tea v1, headless)
	ownerRenderer                 // the renderer draws it; the backend adds Ghostty's keep-alive
	ownerApp                      // the app sets its own bar: the backend leaves it alone
	ownerOrphan                   // the renderer is gone without its reset (a hangup): the backend writes the exit's
)

// HandBarToRenderer gives the bar to a renderer that writes OSC 9;4 raw,
// and reports whether it should draw it: only where the bar is on (not
// known-bad, not forced off, no other host carries the state) and no
// multiplexer sits between (tmux ≤ 3.6 swallows a raw OSC 9;4 and 3.7
// shows it only on terminals with its progressbar feature; screen needs
// passthrough): there the backend keeps writing it by its own route.
func (b *Backend) HandBarToRenderer() bool {
	if !b.progress || b.info.Mux != MuxNone {
		return false
	}
	b.owner.CompareAndSwap(uint32(ownerBackend), uint32(ownerRenderer))
	return true
}

// AppDrawsBar says the app sets its own bar through the renderer: the
// backend then sends no keep-alive that would overwrite it.
func (b *Backend) AppDrawsBar() {
	b.owner.CompareAndSwap(uint32(ownerRenderer), uint32(ownerApp))
}

// RendererGone says the renderer will not reset the bar (the process
// ends on a hangup, which Bubble Tea v2 does not handle): the exit's reset
// is written by the backend.
func (b *Backend) RendererGone() {
	if !b.owner.CompareAndSwap(uint32(ownerRenderer), uint32(ownerOrphan)) {
		b.owner.CompareAndSwap(uint32(ownerApp), uint32(ownerOrphan))
	}
}

// RendererDraws reports whether a renderer has the bar.
func (b *Backend) RendererDraws() bool {
	o := barOwner(b.owner.Load())
	return o == ownerRenderer || o == ownerApp
}

// skipBar reports whether the backend leaves report r's bar to the
// renderer: every bar but the keep-alive in Ghostty (which the renderer
// does not re-send: it writes a bar only when the view's bar changes).
func (b *Backend) skipBar(r host.Report) bool {
	switch barOwner(b.owner.Load()) {
	case ownerRenderer:
		return !(r.Kind == host.KindState && r.Repeat && b.Refresh(r.State) > 0)
	case ownerApp:
		return true
	case ownerOrphan: // the renderer drew what came before the exit
		return r.Kind != host.KindExit
	}
	return false
}

// rendererCarries rewords a channel's "progress (OSC 9;4)" once the
// renderer draws it.
func rendererCarries(carries string) string {
	return strings.Replace(carries, "progress (OSC 9;4)", "progress (OSC 9;4, drawn by the UI's renderer)", 1)
}

// Carries is carries as the backend's bar owner has it now.
func (b *Backend) Carries(carries string) string {
	if b.RendererDraws() {
		return rendererCarries(carries)
	}
	return carries
}
