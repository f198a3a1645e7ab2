package teatest

import (
	"github.com/charmbracelet/bubbles/cursor"
	tea "github.com/charmbracelet/bubbletea"
)

// The kit follows the app's Cmds so that a wait ends once everything the
// app set going has come back (the tracker of kitcore, shared with the v2
// kit, says how). What it follows and what it does not wait for, it learns
// from Bubble Tea's and bubbles' own functions, called once when a Kit
// starts (kitcore.Program): never from a name.

// clocks are the Cmds of Charm's bubbles that wait on the clock, besides
// tea.Tick and tea.Every: a cursor's blink, made as an app's textinput or
// textarea makes it. cursor.Model.BlinkCmd returns a closure that waits on
// a context's deadline (github.com/charmbracelet/bubbles cursor/cursor.go, v0.15.0);
// made once, here, it arms a context that its deadline, a blink away,
// ends, and is never run.
var clocks = []tea.Cmd{blinkCmd()}

func blinkCmd() tea.Cmd {
	c := cursor.New()
	return c.BlinkCmd()
}
