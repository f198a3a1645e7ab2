package herdr

import (
	"cmp"
	"log/slog"
	"time"

	"github.com/hostbridge/hostbridge/internal/settings"
)

// TestConfig is every knob of a herdr backend, the clock included.
type TestConfig struct {
	Socket, Pane, Bin, Agent, Source           string
	CLI                                        bool
	BlockedMessage, SessionInReports, Metadata bool
	Now                                        func() time.Time
	Logger                                     *slog.Logger
}

// NewTest is New for c, on the default settings but c; the source
// defaults as bridge's Config.settings makes it.
func NewTest(c TestConfig) *Backend {
	s := settings.Default()
	s.Agent, s.Source, s.BlockedMessage, s.Metadata = c.Agent, cmp.Or(c.Source, "custom:"+c.Agent), c.BlockedMessage, c.Metadata
	if c.SessionInReports { // as with a resume command: the session in every state report
		s.ResumeCommand = func(string) string { return "" }
	}
	if c.Logger != nil {
		s.Logger = c.Logger
	}
	b := New(s, Pane{Socket: c.Socket, ID: c.Pane, Bin: c.Bin, CLI: c.CLI})
	if c.Now != nil {
		b.now = c.Now
	}
	return b
}

// FreshSequence gives b a seq counter of its own, as a new process would
// have, so one test can play a chat and its restarted successor.
func FreshSequence(b *Backend) { b.seq = new(sequence) }

func (b *Backend) Source() string { return b.c.Source }
