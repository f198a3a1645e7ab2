package main

import "github.com/hostbridge/hostbridge/internal/chatscript"

// The names of internal/chatscript only this chat's tests use (shared.go
// has those its program uses).

type (
	transcript = chatscript.Transcript
	role       = chatscript.Role
)

const (
	roleUser      = chatscript.RoleUser
	roleAssistant = chatscript.RoleAssistant
	roleInfo      = chatscript.RoleInfo
	roleSystem    = chatscript.RoleSystem

	subAgentID     = chatscript.SubAgentID
	subResult      = chatscript.SubResult
	transcriptFile = chatscript.TranscriptFile
)

var openSession = chatscript.OpenSession
