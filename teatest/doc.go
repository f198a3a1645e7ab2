// Package teatest is for an app author's tests: it runs a chat wrapped by
// hostbridge against fake hosts and a captured terminal, drives it as a
// person would, and compares what the hosts were told with a golden file.
//
//	h := teatest.NewHerdr(t)
//	k := teatest.New(t, newChat(), h, teatest.WithBridgeOptions(hostbridge.WithAgent("chat")))
//	k.Step(tea.BlurMsg{}) // looking elsewhere
//	k.Type("deploy it")
//	k.Key("enter") // the turn starts, a tool asks
//	k.Key("y")     // approved: the reply streams
//	k.WaitModel(func(m tea.Model) bool { return !m.(chat).busy })
//	k.Quit()
//	teatest.RequireGolden(t, k.Transcript()) // testdata/<TestName>.golden; -update writes it
//
// # The kit
//
// New runs the model in a Bubble Tea program, as
// github.com/charmbracelet/x/exp/teatest's TestModel does, but without its
// traps: nothing calls t.Fatal off the test's goroutine (a failure in the
// program, a panic included, is reported by Quit), no signal handler or
// goroutine is left behind, and nothing waits by sleeping.
//
// A transcript depends on the app's messages and nothing else. Under the
// kit every report reaches every host in order, none skipped because a
// host was busy (a real chat skips intermediate states then) and none
// re-sent on a clock; the hosts' sections are kept apart, so how their
// deliveries interleaved cannot show.
//
// # Waiting
//
// Step, Type, Key, Settle and WaitModel return once the program has
// settled: every message sent so far has been through Update, and so has
// every message that came back from the Cmds those Updates returned, at
// any depth, through tea.Batch and tea.Sequence; then every host has taken
// every report. A test never needs to know how the app chains its Cmds.
// WaitModel waits for a condition on the app's model, then settles, so a
// hostbridge message returned as a Cmd by the Update that met the
// condition has reached the hosts when it returns.
//
// Cmds that wait on the clock are not waited for: tea.Tick, tea.Every and
// the timers of Charm's bubbles (a cursor's blink, a list's status
// message). A spinner ticks and a cursor blinks for ever; a reply streamed
// with tea.Tick arrives in its own time, and a test waits for what a
// timer brings with WaitModel or WaitFor. Time waits for work instead: a
// timer that has fired holds its message until no other Cmd runs, so in
// tea.Batch(turnStarted, tea.Tick(d, firstWord)) the turn's start goes in
// first on every run, however loaded the machine. The Cmds behind a timer
// in a tea.Sequence are waited for once it has fired. Any other Cmd is
// waited for until it returns: one that blocks for ever (a subscription
// to an outside event that never comes) fails the wait after the timeout
// (10 s, WithTimeout), naming it. A Cmd must not wait for what a timer
// brings: the timer waits for it. What the kit cannot order is the app's
// own choice: two messages from the Cmds of one tea.Batch come in either
// order; send them with hostbridge.Sequence.
//
// The kit also runs inside a testing/synctest bubble, where the app's
// timers take no real time. Create the fakes outside the bubble (their
// goroutines wait on real sockets and processes, so a report in flight to
// one holds the bubble's clock still) and New inside it. A Cmd's goroutine
// outlives the program until it returns (Bubble Tea cannot cancel it), and
// a bubble must not end with one waiting on a timer: after the last wait,
// sleep past the app's longest timer (in a bubble that costs no time).
//
// WaitFor is the one wait for everything else, kit and fakes alike: it
// polls a condition and fails the test after the timeout.
//
// # Hosts
//
// Terminal is a fake plain terminal: it reads the sequences hostbridge
// writes (OSC 9;4 progress, OSC 9 pings, through tmux and screen
// passthrough) into transcript lines. Herdr, Tuios and Cmux are fakes of
// herdr's socket, the tuios daemon and the cmux CLI, usable on their own
// in a backend's tests, each an Option that runs a Kit in its pane. Each
// gives the variables its host sets in a pane as Env, its traffic as
// Transcript lines, and fault modes (Hang, Normal and the host's own);
// one Herdr serves many panes (PaneEnv).
//
// # Colour
//
// While a Kit runs, lipgloss's default renderer has the Ascii profile and
// a dark background, so a view compares the same in any terminal and in
// CI. That setting is global: a test that needs colour must not run in
// parallel with a Kit in the same package.
package teatest
