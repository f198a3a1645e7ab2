package main

import (
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/hostbridge/hostbridge/internal/chatscript"
)

// The script, the turns, the conversation, the sessions and the command
// line are shared with the Bubble Tea v2 chat (teav2/examples/chat) in
// internal/chatscript; these are the names this chat knows them by.

type (
	flags        = chatscript.Flags
	profile      = chatscript.Profile
	session      = chatscript.Session
	transcript   = chatscript.Transcript
	conversation = chatscript.Conversation
	entry        = chatscript.Entry
	role         = chatscript.Role
	scriptKind   = chatscript.Kind
	step         = chatscript.Step
	turn         = chatscript.Turn
)

const (
	exitFailed = chatscript.ExitFailed
	exitUsage  = chatscript.ExitUsage

	profileIota     = chatscript.ProfileIota
	profileMendcode = chatscript.ProfileMendcode

	roleUser      = chatscript.RoleUser
	roleAssistant = chatscript.RoleAssistant
	roleInfo      = chatscript.RoleInfo
	roleSystem    = chatscript.RoleSystem

	scriptReply    = chatscript.KindReply
	scriptFail     = chatscript.KindFail
	scriptApprove  = chatscript.KindApprove
	scriptAsk      = chatscript.KindAsk
	scriptDelegate = chatscript.KindDelegate

	waitApproval = chatscript.WaitApproval
	waitSubAgent = chatscript.WaitSubAgent

	startModel     = chatscript.StartModel
	slowTurn       = chatscript.SlowTurn
	subAgentID     = chatscript.SubAgentID
	subType        = chatscript.SubType
	subTask        = chatscript.SubTask
	subWaitsOn     = chatscript.SubWaitsOn
	subResult      = chatscript.SubResult
	transcriptFile = chatscript.TranscriptFile
)

var (
	classify         = chatscript.Classify
	headlessTurn     = chatscript.HeadlessTurn
	checkSessionName = chatscript.CheckSessionName
	newSessionID     = chatscript.NewSessionID
	sessionsRoot     = chatscript.SessionsRoot
	openSession      = chatscript.OpenSession
	rootOf           = chatscript.RootOf
	systemPrompt     = chatscript.SystemPrompt
	errNoCache       = chatscript.ErrNoCache
)

// stepMsg tells the chat the next step of turn id is due.
type stepMsg struct{ turn int }

// tick is the timer before turn id's next step: a tea.Tick, so the chat
// runs no goroutine of its own, and a turn that ended or was interrupted
// just ignores its last tick.
func tick(id int, d time.Duration) tea.Cmd {
	return tea.Tick(d, func(time.Time) tea.Msg { return stepMsg{turn: id} })
}
