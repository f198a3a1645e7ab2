package hosts

import "context"

// The terminal channel's bar, for a UI framework whose renderer draws it
// (see terminal.Backend.HandBarToRenderer). A channel without a terminal
// backend has no bar to hand over.

// HandBarToRenderer gives the terminal's bar to the renderer and reports
// whether the renderer should draw it.
func (c Channel) HandBarToRenderer() bool {
	return c.term != nil && c.term.HandBarToRenderer()
}

// AppDrawsBar says the app draws its own bar: no keep-alive over it.
func (c Channel) AppDrawsBar() {
	if c.term != nil {
		c.term.AppDrawsBar()
	}
}

// AppClearedBar says the app no longer draws its own bar.
func (c Channel) AppClearedBar() {
	if c.term != nil {
		c.term.AppClearedBar()
	}
}

// RendererWaits reports whether the renderer must draw no bar yet: the
// terminal backend still holds one (see terminal.Backend.RendererWaits).
func (c Channel) RendererWaits() bool {
	return c.term != nil && c.term.RendererWaits()
}

// Released is closed once the terminal backend let go of the bar (see
// terminal.Backend.Released); nil without a terminal backend.
func (c Channel) Released() <-chan struct{} {
	if c.term == nil {
		return nil
	}
	return c.term.Released()
}

// ResetOrphan writes the exit's reset a renderer gone without its own
// left undone, bounded by ctx (see terminal.Backend.ResetOrphan).
func (c Channel) ResetOrphan(ctx context.Context) error {
	if c.term == nil {
		return nil
	}
	return c.term.ResetOrphan(ctx)
}

// RendererGone says the renderer will not reset the bar at the exit.
func (c Channel) RendererGone() {
	if c.term != nil {
		c.term.RendererGone()
	}
}

// carries is Carries as it stands now: the renderer may have the bar.
func (c Channel) carries() string {
	if c.term == nil {
		return c.Carries
	}
	return c.term.Carries(c.Carries)
}
