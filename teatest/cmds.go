package teatest

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/hostbridge/hostbridge"
	"github.com/hostbridge/hostbridge/teatest/kitcore"
)

// The kit follows the app's Cmds so that a wait ends once everything the
// app set going has come back (the tracker of kitcore, shared with the v2 kit,
// says how). v1's sequence message is unexported and found by reflection,
// as the wrapper finds v1's focus report.

// bubbleTea is what the tracker needs to know of Bubble Tea v1.
var bubbleTea = kitcore.Framework{
	Pkg:    "github.com/charmbracelet/bubbletea",
	Clocks: []any{tea.Tick(0, nil), tea.Every(time.Nanosecond, nil)},
	// hostbridge.Sequence's message, which carries hostbridge's messages
	// in order: known by its type.
	Carrier: hostbridge.Sequence(hostbridge.Idle{})(),
	// The functions of Charm's bubbles v0/v1 whose Cmds wait on a timer.
	Timers: []kitcore.Timer{
		{Module: "github.com/charmbracelet/bubbles", File: "/cursor/cursor.go", Func: ".BlinkCmd."},
		{Module: "github.com/charmbracelet/bubbles", File: "/list/list.go", Func: ".NewStatusMessage."},
	},
}
