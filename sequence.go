package hostbridge

import tea "github.com/charmbracelet/bubbletea"

// Sequence returns one Cmd whose message carries msgs, in order: the
// wrapper applies them one after the other in a single Update, and each
// reaches the app's model as if it had been sent alone. Use it to send
// several hostbridge messages from a Cmd, or from a Cmd's Msg (return
// Sequence(...)() there):
//
//	return m, hostbridge.Sequence(hostbridge.TurnStarted{}, hostbridge.ApprovalNeeded{Tool: "shell"})
//
// Hosts are told the states in that order (a slow host may skip the
// one in between, as for any two states in a row). tea.Batch is the wrong
// tool for this: it runs its Cmds concurrently, so their messages arrive in
// any order, and a host can end up showing "working" while the chat waits
// for y/n. tea.Sequence keeps the order but lets other messages (a key, a
// tick) come in between. The Cmds the app's Update returns for the
// messages run together, as a tea.Batch. Nil messages are skipped; with
// none left, Sequence returns nil.
func Sequence(msgs ...tea.Msg) tea.Cmd {
	seq := make(sequenceMsg, 0, len(msgs))
	for _, m := range msgs {
		if m != nil {
			seq = append(seq, m)
		}
	}
	if len(seq) == 0 {
		return nil
	}
	return func() tea.Msg { return seq }
}

// sequenceMsg is Sequence's message: the wrapper unpacks it.
type sequenceMsg []tea.Msg

// updateAll passes each message of seq through Update, in order, and
// batches the Cmds they return.
func (m *Model) updateAll(seq sequenceMsg) tea.Cmd {
	cmds := make([]tea.Cmd, 0, len(seq))
	for _, msg := range seq {
		cmds = append(cmds, m.update(msg))
	}
	return tea.Batch(cmds...)
}
