package hosts

import "github.com/hostbridge/hostbridge/host"

// TmuxBackend is the tmux pane options' backend, for the tests in package
// hosts_test.
type TmuxBackend = tmuxBackend

var (
	TmuxValue     = tmuxValue
	TmuxArg       = tmuxArg
	ValidTmuxPane = validTmuxPane
)

func NewTmux(c Config, p TmuxPane) (*TmuxBackend, error) { return newTmux(c.S(), p, nil) }

// SetMine replaces how the backend tells the chat's terminal (ownTTY).
func (b *tmuxBackend) SetMine(mine func(tty string) bool) { b.mine = mine }

// SetArgs and UnsetArgs are the argv after the binary that Report runs.
func (b *tmuxBackend) SetArgs(r host.Report) []string { return b.setArgs(r) }
func (b *tmuxBackend) UnsetArgs() []string            { return b.argv(nil) }
