package teatest

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hostbridge/hostbridge/teatest/kitcore"
	hostbridge "github.com/hostbridge/hostbridge/teav2"
)

// The kit follows the app's Cmds so that a wait ends once everything the
// app set going has come back (the tracker of kitcore, shared with the v1 kit,
// says how). v2's BatchMsg and its unexported sequenceMsg are slices of
// Cmds, as in v1 (charm.land/bubbletea/v2 commands.go, v2.0.9, the
// version required, and v2.1.1).

// bubbleTea is what the tracker needs to know of Bubble Tea v2.
var bubbleTea = kitcore.Framework{
	Pkg:    "charm.land/bubbletea/v2",
	Clocks: []any{tea.Tick(0, nil), tea.Every(time.Nanosecond, nil)},
	// hostbridge.Sequence's message, which carries hostbridge's messages
	// in order: known by its type.
	Carrier: hostbridge.Sequence(hostbridge.Idle{})(),
	// The functions of Charm's bubbles v2 whose Cmds wait on a timer
	// (charm.land/bubbles/v2 v2.2.1: cursor.go's blink, list.go's status
	// message).
	Timers: []kitcore.Timer{
		{Module: "charm.land/bubbles/v2", File: "/cursor/cursor.go", Func: ".Blink."},
		{Module: "charm.land/bubbles/v2", File: "/list/list.go", Func: ".NewStatusMessage."},
	},
}
