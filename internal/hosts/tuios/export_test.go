package tuios

import (
	"time"

	"github.com/hostbridge/hostbridge/internal/settings"
)

var AgentID = agentID

// TestConfig is every knob of a tuios backend, the clock included.
type TestConfig struct {
	Socket, Session, Pane, Agent string
	Stall                        string // TUIOS_AGENT_STALL_SECONDS as detection read it
	NoStates                     bool
	Now                          func() time.Time
}

// NewTest is New for c, on the default settings but c.
func NewTest(c TestConfig) *Backend {
	s := settings.Default()
	s.Agent = c.Agent
	b := New(s, Pane{Socket: c.Socket, Session: c.Session, Window: c.Pane, Stall: c.Stall, HerdrAPI: c.NoStates})
	if c.Now != nil {
		b.now = c.Now
	}
	return b
}
