package teatest

import (
	"charm.land/bubbles/v2/cursor"
	tea "charm.land/bubbletea/v2"
)

// The kit follows the app's Cmds so that a wait ends once everything the
// app set going has come back (the tracker of kitcore, shared with the v1
// kit, says how). What it follows and what it does not wait for, it learns
// from Bubble Tea's and bubbles' own functions, called once when a Kit
// starts (kitcore.Program): never from a name. v2's BatchMsg and its
// unexported sequenceMsg are slices of Cmds, as in v1
// (charm.land/bubbletea/v2 commands.go, v2.0.7).

// clocks are the Cmds of Charm's bubbles that wait on the clock, besides
// tea.Tick and tea.Every: a cursor's blink, made as an app's textinput or
// textarea makes it. cursor.Model.Blink returns a closure that waits on a
// context's deadline (charm.land/bubbles/v2 cursor/cursor.go, v2.0.0);
// made once, here, it arms a context that its deadline, a blink away,
// ends, and is never run.
var clocks = []tea.Cmd{blinkCmd()}

func blinkCmd() tea.Cmd {
	c := cursor.New()
	return c.Blink()
}
