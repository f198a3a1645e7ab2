package hosts

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
