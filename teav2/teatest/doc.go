// Package teatest runs a Bubble Tea v2 app wrapped by hostbridge's v2
// frontend against fake hosts, drives it as a person would, and compares
// what the hosts were told with a golden file. Its API and its guarantees
// are those of the v1 kit (github.com/hostbridge/hostbridge/teatest), so a
// golden test reads the same on both versions:
//
//	h := hosttest.NewHerdr(t)
//	k := teatest.New(t, newChat(), h, teatest.WithBridgeOptions(hostbridge.WithAgent("chat")))
//	k.Step(tea.BlurMsg{}) // looking elsewhere
//	k.Type("deploy it")
//	k.Key("enter") // the turn starts, a tool asks
//	k.Key("y")     // approved: the reply streams
//	k.WaitModel(func(m tea.Model) bool { return !m.(chat).busy })
//	k.Quit()
//	hosttest.RequireGolden(t, k.Transcript()) // -update writes it
//
// A transcript depends on the app's messages and nothing else: under the
// kit every report reaches every host in order, none coalesced because a
// host was busy and none re-sent on a clock.
//
// Step, Type, Key and WaitModel return once the program has settled: the
// messages sent so far have been through Update, so have those that came
// back from the Cmds they returned, at any depth, through tea.Batch and
// tea.Sequence, and every host has taken every report. Cmds that wait on
// the clock are not waited for: those that tea.Tick, tea.Every and the
// cursor blink of Charm's bubbles v2 return, known by their closure's
// code, not by a name; wait for what they bring with WaitModel. A Cmd of
// the app's own that waits on a timer is work and is waited for. The Cmd
// tracking is the v1 kit's, shared (kitcore, whose doc has the contract in
// full), and so is its refusal of
// two of hostbridge's messages from different Cmds of one tea.Batch, which
// come in either order: send them with hostbridge.Sequence.
//
// What differs from v1, and why:
//
//   - The program runs without v2's renderer, and the terminal bar is
//     written by hostbridge's terminal backend, one write per state, as
//     under v1. v2's renderer draws View.ProgressBar at its frame rate,
//     so two states within a frame would be one, and a transcript would
//     depend on the machine's speed. The renderer's own drawing is checked
//     by the v2 example's pty tests (teav2/examples/chat).
//   - The program reads no input, so it asks the terminal nothing; the kit
//     answers the background question itself at start, as a dark terminal
//     would (tea.BackgroundColorMsg), so the app's palette is the same on
//     every run.
//   - View returns the view's content with its styles removed: lipgloss v2
//     styles in full colour and leaves the downsampling to the renderer,
//     which does not run here.
//
// The kit runs inside a testing/synctest bubble too, where the app's
// timers take no real time: make the fakes outside it, New inside, and
// after the last wait sleep past the app's longest timer.
package teatest
