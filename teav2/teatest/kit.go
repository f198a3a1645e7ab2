package teatest

import (
	"image/color"
	"maps"
	"slices"

	tea "charm.land/bubbletea/v2"
	"github.com/charmbracelet/x/ansi"

	"github.com/hostbridge/hostbridge/host/hosttest"
	"github.com/hostbridge/hostbridge/teatest/kitcore"
	hostbridge "github.com/hostbridge/hostbridge/teav2"
)

// Kit runs an app's model, wrapped by hostbridge, in a Bubble Tea v2
// program against a hosttest.Rig: the captured terminal and the fakes
// given, in an environment of its own, so Kits run in parallel and a
// developer's TMUX never leaks in. It installs no signal handler and reads
// no input. Call its methods but Send, View and Transcript from the test's
// goroutine: they fail the test with Fatalf.
type Kit struct {
	t   hosttest.TB
	rig *hosttest.Rig
	// c is the kit's logic, shared with the v1 kit: settling, waits, quit.
	c *kitcore.Core[tea.Msg, tea.Model, tea.Cmd]
}

// WithBridgeOptions passes the app's own hostbridge options to Wrap, after
// the Kit's: WithAgent, WithBlockedMessage, WithSession... One that
// replaces one of the Kit's (WithEnv, WithOutput) replaces what it
// captures.
func WithBridgeOptions(opts ...hostbridge.Option) hosttest.Option {
	return kitcore.WithBridgeOptions(opts)
}

// darkTerminal is the background the kit answers with: black.
var darkTerminal = tea.BackgroundColorMsg{Color: color.Black}

// New wraps model with hostbridge, starts the program in the panes of the
// fakes among opts (hosttest.NewHerdr and the like), and returns once the
// program has settled (see Step) and the hosts have been told the chat is
// ready. The program ends, and the exit runs, at Quit or at the test's
// cleanup.
func New(t hosttest.TB, model tea.Model, opts ...hosttest.Option) *Kit {
	t.Helper()
	if _, ok := model.(*hostbridge.Model); ok {
		t.Fatalf("teatest: New wraps the model itself; pass the app's model, not what hostbridge.Wrap returned (Unwrap gives it)")
		return nil
	}
	rig := hosttest.NewRig(opts...)
	k := &Kit{t: t, rig: rig}
	// The terminal backend writes the bar too, one write per state,
	// instead of v2's renderer (see the package doc): the wrapper then
	// leaves View.ProgressBar to the app.
	b, err := hostbridge.New(kitcore.BridgeOptions(rig, kitcore.BarByBackend)...)
	if err != nil {
		t.Fatalf("teatest: %v", err)
	}
	wrapped := b.Wrap(model)
	var obs tea.Model
	k.c, obs = kitcore.New[tea.Msg, tea.Model, tea.Cmd, tea.View](t, rig.Timeout, wrapped)
	prog := tea.NewProgram(obs,
		tea.WithInput(nil), tea.WithOutput(rig.Terminal), tea.WithoutSignalHandler(),
		tea.WithoutRenderer(), tea.WithEnvironment(environ(rig.Env)),
		tea.WithWindowSize(rig.Width, rig.Height))
	k.c.Start(kitcore.Program[tea.Msg, tea.Model, tea.Cmd]{
		Batch:    tea.Batch,
		Sequence: tea.Sequence,
		Tick:     tea.Tick,
		Every:    tea.Every,
		Clocks:   clocks,
		Carrier:  hostbridge.Sequence(hostbridge.Idle{})(),
		Prog:     prog,
		Bridge:   b,
		Exit:     wrapped,
		QuitMsg:  tea.QuitMsg{},
		QuitCmd:  tea.Quit,
		View:     func() string { return plain(obs.View()) },
		App:      wrapped.Unwrap, // the app's model as its last Update left it
		KeyNamed: func(name string) (tea.Msg, bool) { return keyNamed(name) },
		RuneKey:  func(r rune) tea.Msg { return runeKey(r) },
		KeyNames: slices.Sorted(maps.Keys(specialKeys)),
	})
	k.Step(tea.WindowSizeMsg{Width: rig.Width, Height: rig.Height}, darkTerminal)
	return k
}

// Send queues msgs for the program, in order, and returns without waiting:
// a goroutine of the kit's hands them over, so that neither the test nor
// Send blocks on a busy or stuck program.
func (k *Kit) Send(msgs ...tea.Msg) { k.c.Send(msgs...) }

// Type types text, a key per rune, each a Step: a space is the space key,
// anything else the key that types the rune.
func (k *Kit) Type(text string) {
	k.t.Helper()
	k.c.Type(text)
}

// Key presses each named key, each a Step. A name is what
// tea.KeyPressMsg's String gives: "enter", "esc", "up", "ctrl+c",
// "alt+enter", "y", "space". An unknown name fails the test.
func (k *Kit) Key(names ...string) {
	k.t.Helper()
	k.c.Key(names...)
}

// View returns the content of the app's view as it was when the program
// last settled, its styles removed.
func (k *Kit) View() string { return k.c.View() }

// Transcript returns what the hosts were told so far, as a golden file
// holds it (see hosttest.Rig.Transcript); after Quit it includes the exit:
//
//	terminal progress 0
//	terminal progress 3
//	terminal ping "approve shell: git push"
//
//	herdr pane.report_agent idle
//	herdr pane.report_agent working
//	herdr pane.release_agent
func (k *Kit) Transcript() string { return k.rig.Transcript() }

// environ is env as a program's environment, sorted.
func environ(env map[string]string) []string {
	out := make([]string, 0, len(env))
	for _, name := range slices.Sorted(maps.Keys(env)) {
		out = append(out, name+"="+env[name])
	}
	return out
}

// plain is a view's content as a terminal without colours shows it.
func plain(v tea.View) string { return ansi.Strip(v.Content) }
