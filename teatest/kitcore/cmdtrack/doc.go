// Package cmdtrack follows a Bubble Tea app's Cmds for the test kits
// (teatest for v1, teav2/teatest for v2), so that a kit's wait ends once
// everything the app set going has come back. It is written once for both
// versions: a Cmd is any func() M, and what differs between versions (the
// package whose BatchMsg and unexported sequenceMsg are followed into, the
// closures of tea.Tick and tea.Every, the bubbles timers) is given as a
// Framework.
//
// Every Cmd that Init or Update returns is wrapped (Track) and counts as
// running until its message has been through Update: the wrapper sends the
// message into the program itself, followed by a Done marker, and the kit's
// model calls End when the marker comes through. A tea.Batch or
// tea.Sequence is followed into by reflection.
//
// Cmds that wait on the clock are not counted (a spinner re-arms its timer
// for ever). A timer is known by where its closure's code is, file and
// line, which inlining does not change. Once fired, it holds its message
// until no counted Cmd runs, so in tea.Batch(turnStarted, tea.Tick(d,
// reply)) the turn starts first on every run; in a tea.Sequence, the Cmds
// behind it are counted then, before its message goes in.
package cmdtrack
