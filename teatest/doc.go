// Package teatest is for an app author's tests: it runs a chat wrapped by
// hostbridge against fake hosts and a captured terminal, and compares what
// the hosts were told with a golden file.
//
//	h := teatest.NewHerdr(t)
//	k := teatest.New(t, newChat(), teatest.WithHerdr(h),
//		teatest.WithBridgeOptions(hostbridge.WithAgent("chat")))
//	k.FocusOut()
//	k.Step(hostbridge.TurnStarted{})
//	k.Step(hostbridge.ApprovalNeeded{Tool: "shell", Action: "git push"})
//	k.Quit()
//	teatest.RequireGolden(t, k.Transcript()) // testdata/<TestName>.golden; -update writes it
//
// # The kit
//
// New runs the model in a Bubble Tea program, as
// github.com/charmbracelet/x/exp/teatest's TestModel does, but without its
// traps: nothing calls t.Fatal off the test's goroutine (a failure in the
// program, a panic included, is reported by Quit), no signal handler or
// goroutine is left behind, and nothing waits by sleeping. Step delivers a
// message, waits until Update has run for it (a marker message follows it
// through Bubble Tea's in-order loop), then until every host has taken
// the reports it caused, so a transcript never depends on timing.
// WaitModel and WaitFor wait on conditions for what Cmds do later. The
// environment is a map built from the fakes, so kits run in parallel; the
// golden comparison and its -update flag are upstream's.
//
// # Hosts
//
// Terminal captures the program's output and reads the plain terminal's
// sequences out of it (OSC 9;4 progress, OSC 9 pings, through tmux and
// screen passthrough). Herdr, Tuios and Cmux are fakes of herdr's socket,
// the tuios daemon and the cmux CLI, usable on their own in a backend's
// tests. Each gives the variables its host sets in a pane as Env (a map)
// and Environ (sorted "K=V", for exec.Cmd.Env), and its own traffic as
// Transcript lines; one Herdr serves many panes (PaneEnv), so that many
// programs can share it. A Kit's Transcript lists one line per report,
// grouped by host in a fixed order, with ids, seqs, times and temporary
// paths left out or replaced by labels.
//
// # Colour
//
// While a Kit runs, lipgloss's default renderer has the Ascii profile and
// a dark background, so a view compares the same in any terminal and in
// CI. That setting is global: a test that needs colour must not run in
// parallel with a Kit in the same package.
package teatest
