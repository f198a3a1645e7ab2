package hosts

import (
	"strings"

	"github.com/hostbridge/hostbridge/internal/hosts/terminal"
)

// Terminal is the channel's terminal backend, for a UI framework whose
// renderer draws the terminal's bar (see terminal.Backend.HandBarToRenderer);
// nil for a channel without one, which has no bar to hand over.
func (c Channel) Terminal() *terminal.Backend { return c.term }

// carries is Carries as it stands now: the renderer may have the bar.
func (c Channel) carries() string {
	if c.term == nil {
		return c.Carries
	}
	s := c.Carries
	if c.handoff != nil && c.handoff.refused.Load() {
		s = strings.Replace(s, cmuxFallback, "progress (OSC 9;4), as cmux refused its status rows", 1)
	}
	return c.term.Carries(s)
}
