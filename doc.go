// Package hostbridge makes a Bubble Tea chat program tell the terminal host
// it runs in what the chat is doing: a turn is running, the model needs
// you, the last turn failed, it is your move. The tab's progress indicator,
// herdr's and tuios's pane sidebars, cmux's status rows and a desktop
// notification then show it while the user looks elsewhere.
//
// # Use
//
// Wrap the model, send a few messages from Update, and close after Run:
//
//	m := hostbridge.Wrap(model, hostbridge.WithAgent("chat"))
//	defer m.Close()
//	_, err := tea.NewProgram(m).Run()
//
// and in the app's Update, as the Msg of a tea.Cmd or with Program.Send:
// TurnStarted, ApprovalNeeded, TurnFailed, Idle, SessionSaved (and
// MetaChanged, SubAgent...); Sequence sends several in order from one Cmd
// (tea.Batch would deliver them in any order). The wrapped model sees every
// message unchanged and its View is untouched.
//
// # Hosts
//
// The host is recognised from the environment it injects; nothing is
// configured by the end user. Detection runs inside out (herdr, tuios,
// cmux) and keeps the first match; the plain terminal is always behind it
// and carries what that host does not (the attention ping, the background
// answer). What each host is told:
//
//	chat state        terminal OSC 9;4   herdr               tuios              cmux status row
//	ready             0                  idle                idle               Idle, grey
//	turn running      3                  working             working            Running, blue, indicator on
//	needs you         4;100              blocked             needs_input        Needs input, bell, on top
//	turn failed       2;100              idle, "failed"      errored + headline Failed, red, on top
//	your move         0                  idle                done               Idle, grey
//	exit              0                  release             none               row cleared, indicator off
//
// Inside another host the terminal carries the ping only; inside tuios,
// which alerts for needs_input, errored and done itself, not even that.
// Inside tmux it passes only where allow-passthrough lets it; what tmux
// would swallow is counted as dropped, and Bridge.Channels says so with
// the fix (see the README's support matrix). The attention
// ping (OSC 9) fires when the model needs you or a turn ends while the
// terminal is not focused; it is never sent while focused, and while focus
// is unknown (before the terminal's first focus report, or in a terminal
// that never sends one) it is sent unless WithQuietWhileFocusUnknown.
// WithNotify(false) silences it entirely. The bar is never gated by focus.
//
// # Concurrency
//
// Update and View never wait for a host. A message hostbridge owns costs a
// state-machine step under a mutex and a queue append; every other message
// costs a type switch. Reports go to each host from its own worker
// goroutine (package host's Reporter), which keeps that host's reports in
// order, bounds each one (WithTimeout, default 500 ms), skips intermediate
// states when the host is slow, and re-sends the latest state after a
// failure so the host converges. Close stops every worker within
// WithExitTimeout (default 1 s), whatever the hosts do.
//
// # Errors
//
// A host that is slow, absent, hung or failing is never an error the app
// sees: each failure is one debug line on WithLogger's logger and a counter
// in Bridge.Stats. What a host cannot show and never will (tmux with
// passthrough off, a method an older host lacks) is counted as dropped. A bad option value is an error from New (wrapping
// ErrOption); Wrap ignores it, logs it and keeps it in Model.Err. Malformed
// host variables are not errors either: detection falls back to the plain
// terminal and Bridge.Detection().Problems says why.
//
// # Exit
//
// On exit the bar is cleared, the herdr pane released, the tuios state set
// to none and the cmux row removed. Wrap runs the exit itself when the
// app's Update returns tea.Quit, when the process gets SIGINT or SIGTERM
// (Bubble Tea then quits), on SIGHUP (Bubble Tea v1 has no handler: the
// exit runs, then the signal ends the process as it would have), and when
// Update or View panics (the exit runs, then the panic goes on). Every other
// way out (tea.Batch with tea.Quit, Program.Quit, Program.Kill, a cancelled
// context, os.Exit) needs Close after Run; Close is idempotent and bounded,
// so always defer it. Use Exec, ExecProcess and Suspend instead of Bubble
// Tea's own so the bar is cleared while another program has the terminal.
//
// # Background and palette
//
// DetectBackground asks the terminal's background once, before the program
// takes the terminal, reusing the answer Bubble Tea v1 already got at init
// where there is one, and PaletteFor turns it into a light or dark palette.
//
// # Testing
//
// Package teatest runs a wrapped model against fake hosts and compares a
// golden transcript of host traffic. Package host has a Recorder backend
// (WithBackends) for unit tests.
package hostbridge
