package hosts

// TmuxBackend is the tmux pane options' backend, for the tests in package
// hosts_test.
type TmuxBackend = tmuxBackend

var (
	TmuxValue     = tmuxValue
	TmuxArg       = tmuxArg
	ValidTmuxPane = validTmuxPane
)

func NewTmux(c Config, p TmuxPane) (*TmuxBackend, error) { return newTmux(c, p) }

// SetArgs and UnsetArgs are the argv after the binary.
func (b *tmuxBackend) SetArgs(state, text string) []string {
	return b.argv([]string{state, b.c.Agent, text})
}
func (b *tmuxBackend) UnsetArgs() []string { return b.argv(nil) }
