package tmux

import (
	"log/slog"
	"os/exec"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/hosts/terminal"
	"github.com/hostbridge/hostbridge/internal/settings"
)

var (
	TmuxValue = tmuxValue
	TmuxArg   = tmuxArg
	ValidPane = validPane
)

// TestConfig is what the tests set of the settings.
type TestConfig struct {
	Agent  string
	Logger *slog.Logger
}

// NewTest is New with its own ask, on the default settings but c, p.Bin
// found on PATH as detection finds it.
func NewTest(c TestConfig, p Pane) (*Backend, error) {
	s := settings.Default()
	s.Agent = c.Agent
	if c.Logger != nil {
		s.Logger = c.Logger
	}
	bin, err := exec.LookPath(p.Bin)
	if err != nil {
		return nil, err
	}
	p.Bin = bin
	return New(s, p, terminal.NewTmuxAsk(probe(p), p.ID)), nil
}

// SetMine replaces how the backend tells the chat's terminal (ownTTY).
func (b *Backend) SetMine(mine func(tty string) bool) { b.mine = mine }

// SetArgs and UnsetArgs are the argv after the binary that Report runs.
func (b *Backend) SetArgs(r host.Report) []string { return b.setArgs(r) }
func (b *Backend) UnsetArgs() []string            { return b.argv(nil) }
