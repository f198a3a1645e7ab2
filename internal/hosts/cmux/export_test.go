package cmux

import "github.com/hostbridge/hostbridge/internal/settings"

var StatusKey = statusKey

// TestConfig is what the tests set of a cmux backend.
type TestConfig struct{ Bin, Surface, Workspace, Agent string }

// NewTest is New for c, on the default settings but c.
func NewTest(c TestConfig) *Backend {
	s := settings.Default()
	s.Agent = c.Agent
	return New(s, Surface{ID: c.Surface, Workspace: c.Workspace, Bin: c.Bin})
}

func (b *Backend) Bin() string { return b.bin }
func (b *Backend) Key() string { return b.key }
