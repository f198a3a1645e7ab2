package main

import (
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hostbridge/hostbridge/internal/chatscript"
)

// The script, the turns, the conversation, the sessions and the command
// line are shared with the Bubble Tea v1 chat (examples/chat) in
// internal/chatscript; these are the names this chat knows them by.

type (
	flags        = chatscript.Flags
	session      = chatscript.Session
	conversation = chatscript.Conversation
	entry        = chatscript.Entry
	turn         = chatscript.Turn
)

const (
	exitUsage = chatscript.ExitUsage

	waitApproval = chatscript.WaitApproval
	waitSubAgent = chatscript.WaitSubAgent

	startModel = chatscript.StartModel
)

var (
	rootOf       = chatscript.RootOf
	systemPrompt = chatscript.SystemPrompt
)

// stepMsg tells the chat the next step of turn id is due.
type stepMsg struct{ turn int }

// tick is the timer before turn id's next step: a tea.Tick, so the chat
// runs no goroutine of its own, and a turn that ended or was interrupted
// just ignores its last tick.
func tick(id int, d time.Duration) tea.Cmd {
	return tea.Tick(d, func(time.Time) tea.Msg { return stepMsg{turn: id} })
}
