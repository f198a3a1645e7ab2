// Package kitcore is the logic of hostbridge's two test kits, teatest
// (Bubble Tea v1) and teav2/teatest (v2), written once, generic over the
// version's Msg, Model and Cmd types. It is for those two kits; an app's
// tests use them, never this.
//
// # Why it is public, and what it promises
//
// teav2/teatest is a public package of another module, and a user's build
// may pair a teav2 release with any newer release of this module (minimal
// version selection picks the highest root version that anything in the
// build requires). Were this package internal, that pairing would break
// the moment it changed; public, the rule is Go's ordinary one. So the
// promise is: the names below stay, with their meaning, for as long as a
// released teav2/teatest uses them, and a change to them is listed in the
// CHANGELOG under the release that makes it. The API is kept to what the
// two kits need and nothing more (6 names and Core's 10 methods):
//
//   - New returns a Core and the program's model around hostbridge's
//     wrapper; Core.Start runs the program given as a Program of hooks.
//   - Core's Send, Step, Type, Key, View, WaitModel, Quit, WaitFinished and
//     FinalModel are each kit's Kit methods, which forward to them.
//   - BridgeOptions and WithBridgeOptions are the options a kit makes its
//     bridge with, the app's among them; BarByBackend is the one a kit adds
//     where its framework's renderer could draw the bar (Bubble Tea v2), so
//     the bar stays in the kit's terminal transcript. These carry the kits'
//     own settings (every report, no ping limit), which no frontend option
//     reaches and bridge.Config does not show.
//
// The alternative, an internal package and teav2 released in lockstep
// with every root release, was not taken: nothing in Go enforces lockstep,
// and teav2's TestPublishedShape keeps its non-test files off the root
// module's internal packages for exactly this reason.
//
// # The kit's contract with the app's Cmds
//
// A Step (and Type, Key, WaitModel) waits until every Cmd that the app's
// Init or an Update returned has run and its message has been through
// Update, following chains, tea.Batch and tea.Sequence at any depth.
// A Batch or a Sequence is known by the type of the message that the
// version's tea.Batch and tea.Sequence return (their Cmds are called
// once, when a Kit starts; Bubble Tea's sequence message is unexported),
// not by a name.
//
// Cmds that wait on the clock are not waited for: those whose function is
// the closure that tea.Tick, tea.Every or the cursor blink of Charm's
// bubbles return (cursor.Model.BlinkCmd in v1, Blink in v2; textinput's
// and textarea's cursor, and, through tea.Tick, the spinner, stopwatch,
// timer and progress bubbles). A closure is known by where its code is,
// file and line, learnt by calling those functions once when a Kit
// starts: a different duration, message or model is the same closure. A
// clock's message, once it has fired, waits until no other Cmd runs, then
// goes in.
//
// What breaks the contract: a Cmd of the app's own that waits on a timer
// (time.Sleep, time.After, bubbles' list.NewStatusMessage, a clock's Cmd
// called inside a closure of the app's) is work, waited for until it
// returns: the Step takes as long, and past the kit's timeout fails,
// naming it; return the tea.Tick itself instead. A Cmd that waits for ever on
// something else fails the wait after the timeout, named. A Bubble Tea
// whose Batch or Sequence Cmd returned anything but a slice of its Cmds
// would have its Cmds run unfollowed, and the waits end early (the kits'
// TestStepWaitsForTheAppNotTheClock fails then).
//
// The rest is unexported: the Cmd tracker (cmdtracker.go, cmdrun.go), the
// framework it learns from a Program (cmdclock.go), the queue that hands
// the test's messages to the program, and the waiters of WaitModel. What
// is tied to a version stays in its kit: its public Kit, its key names,
// and the functions it puts in its Program.
package kitcore
