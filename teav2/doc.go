// Package hostbridge makes a Bubble Tea v2 chat tell the terminal host it
// runs in what the chat is doing — the plain terminal's progress bar
// (OSC 9;4) and attention ping (a notification sequence chosen per
// terminal), herdr, tuios, cmux — with the
// same messages, options, hosts and exits as the Bubble Tea v1 frontend,
// github.com/hostbridge/hostbridge. It is a nested module, so a v1 app
// never downloads v2; import it under the package's name:
//
//	import hostbridge "github.com/hostbridge/hostbridge/teav2"
//
//	m := hostbridge.Wrap(model, hostbridge.WithAgent("chat"))
//	defer m.Close()
//	_, err := tea.NewProgram(m).Run()
//
// What differs from v1, and why:
//
//   - The bar is drawn by v2's renderer from View.ProgressBar, which the
//     wrapper fills in from the chat's state (unless the app sets its
//     own): v2 then writes it, resets it on every way the program ends
//     but a hangup, and clears and redraws it around tea.Exec and
//     tea.Suspend. The hand-over comes once hostbridge has cleared what
//     the terminal may show (the ready state's reset, as in v1, or a bar
//     a Bridge drew before Wrap). Inside tmux or screen, and where another
//     host shows the state, hostbridge writes the bar as in v1 (see bar.go
//     and the README's table).
//   - Use Exec, ExecProcess and Suspend instead of Bubble Tea's, as in v1:
//     hostbridge then suspends the state while the other program runs,
//     so Ghostty's keep-alive and the bar hostbridge draws inside tmux or
//     screen stay off it.
//   - Focus reports are turned on through View.ReportFocus.
//   - The background is asked once, in Init, with tea.RequestBackgroundColor;
//     nothing blocks. BackgroundDetected brings the Background and its
//     Palette to the app, or the fallback (COLORFGBG, else dark) after
//     BackgroundTimeout.
//   - tea.Interrupt runs the exit as tea.Quit does.
package hostbridge
