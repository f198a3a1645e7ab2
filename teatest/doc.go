// Package teatest runs a Bubble Tea v1 app wrapped by hostbridge against
// fake hosts, drives it as a person would, and compares what the hosts
// were told with a golden file:
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
// cursor blink of Charm's bubbles return (so a spinner's, a textarea's),
// known by their closure's code, not by a name; wait for what they bring
// with WaitModel. Time waits for work instead: a timer that has fired
// holds its message until no other Cmd runs, so a transcript does not
// depend on the machine's load. A Cmd of the app's own that waits on a
// timer is work, and is waited for (kitcore's doc has the contract in
// full). Two of hostbridge's messages from different Cmds of one
// tea.Batch (plain, from hostbridge.Sequence, in a nested Batch, in a
// tea.Sequence inside the Batch, or from the Update of what one of its
// Cmds brought, as a request's reply) come in either order, in a real
// program too: the kit fails the test, naming hostbridge.Sequence, which
// sends them in order from one Cmd.
//
// The kit runs inside a testing/synctest bubble too, where the app's
// timers take no real time: make the fakes outside it, New inside, and
// after the last wait sleep past the app's longest timer.
//
// While a Kit runs, lipgloss renders with the Ascii profile on a dark
// background, so a view compares the same everywhere; that is global, so a
// test that needs colour must not run in parallel with a Kit.
package teatest
