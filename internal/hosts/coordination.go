package hosts

// Where two rooms coordinate. Each room owns its host; these are the only
// places one room's backend depends on another's, all wired by Build.
//
//   - cmux → terminal: a cmux that calls set-status an unknown command
//     (cmuxd-remote, in a remote workspace) shows no row, so the plain
//     terminal draws the bar instead:
//     manaflow-ai/cmux@12e06c7 daemon/remote/cmd/cmuxd-remote/commands.go The two backends run on two workers:
//     cmux's settles its cmux.Handoff at cmux's first answer to a row
//     command, and the terminal asks it (terminal.Wiring.HostShows) before
//     each state, waiting, bounded, until cmux has answered. Both channels
//     hold the Handoff, so what they say changes when cmux refuses.
//   - tuios → herdr: a tuios pane with herdr's variables (tuios answers
//     herdr's API on its socket) gets room herdr's backend for the states,
//     and tuios's own for what herdr's API lacks (rail facts, sub-agents):
//     tuios.Pane.HerdrAPI, read by tuios.Detect through herdr.Read.
//   - tuios → terminal: tuios raises its own alert (an OSC 9 to the user's
//     terminal) when a pane turns needs_input, errored or done, whatever set
//     the state, so the terminal sends no ping of its own beside tuios (termRole.hostAlerts):
//     Gaurav-Gosain/tuios@6037a8a internal/app/agent_alert.go considerAgentAlert
//   - tmux → terminal: one question to tmux about the pane (terminal.TmuxAsk,
//     tmux.Ask), asked at the first report by whichever backend comes first:
//     the terminal needs the passthrough, the pane options the pane's tty.

// What the channels say of the cmux fallback, before and after cmux refuses.
const (
	cmuxFallbackPending = "progress (OSC 9;4) if cmux refuses its status rows (as a remote workspace's cmux does)"
	cmuxRefusedRows     = "it refused set-status as an unknown command (a remote workspace's cmux): the terminal shows the state"
)

// termRole is what the terminal channel is left to carry beside the other
// hosts; its words are made when asked (Channel.String), from the plan
// chosen for the terminal then and who draws the bar then.
type termRole struct {
	stateElsewhere bool // another host shows the state
	hostAlerts     bool // tuios raises its own alerts
	noPing, bell   bool // pings off; tmux's bell for needs you and failed
}
