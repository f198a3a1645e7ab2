package terminal

import (
	"context"

	"github.com/charmbracelet/x/ansi"

	"github.com/hostbridge/hostbridge/host"
)

// barOwner says who writes the progress bar. A renderer that draws it
// itself (Bubble Tea v2's View.ProgressBar, written on change and reset at
// the end; cursed_renderer.go, charm.land/bubbletea/v2 v2.0.9 and v2.1.1)
// takes it over; the backend keeps what the renderer does not do.
type barOwner uint32

const (
	ownerBackend  barOwner = iota // the backend writes it (Bubble Tea v1, headless)
	ownerRenderer                 // the renderer draws it; the backend adds Ghostty's keep-alive
	ownerApp                      // the app sets its own bar: the backend leaves it alone
	ownerOrphan                   // the renderer is gone without its reset (a hangup): ResetOrphan writes the exit's
)

// HandBarToRenderer gives the bar to a renderer that writes OSC 9;4 raw
// and BEL-terminated (x/ansi's builders), and reports whether it should
// draw it: only where the bar is on, no other host may take it
// (Wiring.HostShows), no multiplexer sits between, and the terminal takes
// a BEL-terminated bar (VTE 0.80+ does not: the backend writes it there,
// ST-terminated). A keep-alive the table asks for (Ghostty, Rio, kitty)
// the backend writes over the renderer's bar (skipBar).
func (b *Backend) HandBarToRenderer() bool {
	p := b.plan()
	if !b.barOn(p) || p.End == EndSTOnly || b.info.Mux != MuxNone || b.hostShows != nil {
		return false
	}
	b.owner.CompareAndSwap(uint32(ownerBackend), uint32(ownerRenderer))
	return true
}

// AppBar says whether the app sets its own bar through the renderer. While
// it does, the backend sends no keep-alive over it, and holds no bar of its
// own after it (the app's replaces it, and the renderer resets it); once it
// stops, the renderer draws the chat's state again, and the keep-alive resumes.
func (b *Backend) AppBar(on bool) {
	if !on {
		b.owner.CompareAndSwap(uint32(ownerApp), uint32(ownerRenderer))
		return
	}
	b.letGo()
	b.owner.CompareAndSwap(uint32(ownerRenderer), uint32(ownerApp))
}

// RendererWaits reports whether a renderer that has the bar must draw none
// yet: it writes a bar only when its view's changes, so the backend keeps
// the bar until its reset removed any it or an earlier process left.
func (b *Backend) RendererWaits() bool {
	return b.RendererDraws() && !b.released.Load()
}

// RendererGone says the renderer will not reset the bar (the process
// ends on a hangup, which Bubble Tea v2 does not handle): ResetOrphan
// writes the exit's reset once every report is done.
func (b *Backend) RendererGone() {
	if b.RendererDraws() { // the owner leaves renderer and app only for orphan
		b.owner.Store(uint32(ownerOrphan))
	}
}

// RendererDraws reports whether a renderer has the bar.
func (b *Backend) RendererDraws() bool {
	o := barOwner(b.owner.Load())
	return o == ownerRenderer || o == ownerApp
}

// ResetOrphan writes the exit's reset for a renderer gone without its own
// (RendererGone), bounded by ctx; nothing otherwise. The Bridge calls it
// after its workers stopped, just before the hangup ends the process: only
// a frame the renderer flushes after this write can still land after it.
func (b *Backend) ResetOrphan(ctx context.Context) error {
	p := b.plan()
	if !b.barOn(p) || barOwner(b.owner.Load()) != ownerOrphan {
		return nil
	}
	return writeSeq(ctx, b.out, []byte(terminate(ansi.ResetProgressBar, p.End)))
}

// skipBar reports whether the backend leaves report r's bar to the
// renderer: once the bar is handed over, every bar but Ghostty's keep-alive,
// which the renderer does not re-send.
func (b *Backend) skipBar(r host.Report) bool {
	switch barOwner(b.owner.Load()) {
	case ownerRenderer: // until released, the backend still holds a bar, or a stale one may be up
		return b.released.Load() && !(r.Kind == host.KindState && r.Repeat && b.Refresh(r.State) > 0)
	case ownerApp, ownerOrphan: // AppBar let go first; ResetOrphan writes the exit's reset last
		return true
	}
	return false
}

// release hands the bar to the renderer once the backend has written a
// reset with the renderer in charge (see RendererWaits).
func (b *Backend) release() {
	if barOwner(b.owner.Load()) == ownerRenderer && b.shown == ansi.ResetProgressBar {
		b.letGo()
	}
}

func (b *Backend) letGo() {
	if b.released.CompareAndSwap(false, true) {
		close(b.releasedCh)
	}
}

// Released is closed once the backend has let go of the bar: a renderer
// that drew none meanwhile (RendererWaits) draws the state from then on.
func (b *Backend) Released() <-chan struct{} { return b.releasedCh }
