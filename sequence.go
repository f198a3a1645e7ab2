package hostbridge

import tea "github.com/charmbracelet/bubbletea"

// Sequence returns one Cmd whose message carries msgs: the wrapper
// applies them in order in one Update, each reaching the app's model as if
// sent alone, and batches the Cmds the app returns. Use it to send several
// hostbridge messages from one Cmd:
//
//	return m, hostbridge.Sequence(hostbridge.TurnStarted{}, hostbridge.ApprovalNeeded{Tool: "shell"})
//
// tea.Batch would not do (concurrent: a host could show "working" while
// the chat waits for y/n), nor tea.Sequence (others come between). Nil
// messages are skipped; with none left, Sequence returns nil.
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

// updateAll passes each message of seq through update, in order.
func (m *Model) updateAll(seq sequenceMsg) tea.Cmd {
	cmds := make([]tea.Cmd, 0, len(seq))
	for _, msg := range seq {
		cmds = append(cmds, m.update(msg))
	}
	return tea.Batch(cmds...)
}
