package hosts

import (
	"log/slog"
	"time"
)

// The backends, for the tests that drive them against teatest's fake
// hosts (package hosts_test: teatest imports this package).
type (
	HerdrBackend = herdrBackend
	TuiosBackend = tuiosBackend
	CmuxBackend  = cmuxBackend
)

var (
	AgentID   = agentID
	StatusKey = statusKey
)

// HerdrConfig is every knob of a herdr backend, the clock included.
type HerdrConfig struct {
	Socket, Pane, Bin, Agent, Source           string
	CLI                                        bool
	BlockedMessage, SessionInReports, Metadata bool
	Now                                        func() time.Time
	Logger                                     *slog.Logger
}

func NewHerdr(c HerdrConfig) (*HerdrBackend, error) {
	b, err := newHerdr(Config{Agent: c.Agent, Source: c.Source, BlockedMessage: c.BlockedMessage,
		SessionInAll: c.SessionInReports, Metadata: c.Metadata, Logger: c.Logger}, c.Socket, c.Pane, c.Bin, c.CLI)
	if err == nil && c.Now != nil {
		b.now = c.Now
	}
	return b, err
}

type TuiosConfig struct {
	Socket, Session, Pane, Agent string
	Stall                        string // TUIOS_AGENT_STALL_SECONDS as detection read it
	NoStates                     bool
	Now                          func() time.Time
}

func NewTuios(c TuiosConfig) (*TuiosBackend, error) {
	b, err := newTuios(Config{Agent: c.Agent}, c.Socket, c.Session, c.Pane, c.Stall, c.NoStates)
	if err == nil && c.Now != nil {
		b.now = c.Now
	}
	return b, err
}

type CmuxConfig struct{ Bin, Surface, Workspace, Agent string }

func NewCmux(c CmuxConfig) (*CmuxBackend, error) {
	return newCmux(Config{Agent: c.Agent}, c.Bin, c.Workspace, c.Surface)
}

// FreshSequence gives b a seq counter of its own, as a new process would
// have, so one test can play a chat and its restarted successor.
func FreshSequence(b *HerdrBackend) { b.seq = new(sequence) }

func (b *herdrBackend) Source() string { return b.c.Source }
func (b *cmuxBackend) Bin() string     { return b.bin }
func (b *cmuxBackend) Key() string     { return b.key }
