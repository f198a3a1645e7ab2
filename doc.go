// Package hostbridge makes a Bubble Tea (v1) chat program tell the
// terminal host it runs in what the chat is doing: a turn runs, the model
// needs you, the turn failed, it is your move. The tab's progress bar,
// herdr's and tuios's sidebars, cmux's status rows and a desktop
// notification then show it while the user looks elsewhere.
//
//	m := hostbridge.Wrap(model, hostbridge.WithAgent("chat"))
//	defer m.Close()
//	_, err := tea.NewProgram(m).Run()
//
// The app's Update returns the messages (TurnStarted, ApprovalNeeded,
// TurnFailed, Idle, SessionSaved, MetaChanged, the SubAgent ones) as the
// Msg of a tea.Cmd; Sequence sends several in order. The wrapped model
// sees every message and its View is untouched. A headless run uses New
// and Bridge.Send. DetectBackground, before Run, and PaletteFor give
// colours that read on the terminal's background.
//
// The host is recognised from the variables it injects (herdr, tuios,
// cmux, else the plain terminal, which also carries the attention ping
// while it is not focused); the README's tables say what each is told.
//
// # Concurrency and errors
//
// Update never waits for a host: reports go from one worker goroutine per
// host, in order, each bounded (WithTimeout); a slow host gets the latest
// state, a failed one gets it again until it takes it. A host's failure is
// never the app's error: it is a debug line (WithLogger) and a counter
// (Bridge.Stats). A bad option value is an error from New wrapping
// ErrOption; Wrap leaves that option out and logs it (debug level).
//
// # Exit
//
// The exit clears the bar, releases the pane and removes the row, within
// WithExitTimeout. It runs when Update returns tea.Quit, on SIGINT, SIGTERM
// and SIGHUP, and when Update or View panics; every other way out needs
// Close after Run, which is idempotent. Exec, ExecProcess and Suspend
// clear the bar while another program has the terminal.
//
// Package teatest runs a wrapped model against fake hosts and compares
// golden transcripts; WithBackends(&host.Recorder{}) records reports in a
// unit test.
package hostbridge
