package teatest

import (
	"context"
	"errors"
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/muesli/termenv"

	"github.com/hostbridge/hostbridge"
	"github.com/hostbridge/hostbridge/host/hosttest"
	"github.com/hostbridge/hostbridge/internal/bridge"
	"github.com/hostbridge/hostbridge/internal/cmdtrack"
	"github.com/hostbridge/hostbridge/internal/core"
	"github.com/hostbridge/hostbridge/internal/kitcore"
)

// Kit runs an app's model, wrapped by hostbridge, in a Bubble Tea program
// against a hosttest.Rig: the captured terminal and the fakes given, in an
// environment of its own, so Kits run in parallel and a developer's TMUX
// never leaks in. It installs no signal handler and reads no input. Call
// its methods but Send, View and Transcript from the test's goroutine:
// they fail the test with Fatalf.
type Kit struct {
	t      hosttest.TB
	rig    *hosttest.Rig
	model  *hostbridge.Model
	bridge *hostbridge.Bridge
	app    *tap // the app's model, as its last Update left it
	prog   *tea.Program
	cmds   *tracker

	done    chan struct{} // closed once Run has returned
	runErr  error         // Run's error, read after done
	in      *kitcore.Queue[tea.Msg]
	waiters kitcore.Waiters[tea.Model]

	mu       sync.Mutex
	view     string
	panicked string // the app's panic and its stack

	quitOnce sync.Once
	exitErr  error
}

type bridgeOptions []hostbridge.Option

// WithBridgeOptions passes the app's own hostbridge options to Wrap, after
// the Kit's: WithAgent, WithBlockedMessage, WithSession... One that
// replaces one of the Kit's (WithEnv, WithOutput) replaces what it
// captures.
func WithBridgeOptions(opts ...hostbridge.Option) hosttest.Option {
	return hosttest.KitOption(bridgeOptions(opts))
}

// New wraps model with hostbridge, starts the program in the panes of the
// fakes among opts (hosttest.NewHerdr and the like), and returns once the
// program has settled (see Step) and the hosts have been told the chat is
// ready. The program ends, and the exit runs, at Quit or at the test's
// cleanup.
func New(t hosttest.TB, model tea.Model, opts ...hosttest.Option) *Kit {
	t.Helper()
	k := &Kit{t: t, rig: hosttest.NewRig(opts...),
		done: make(chan struct{}), in: kitcore.NewQueue[tea.Msg]()}
	holdStableColor(t)
	env := k.rig.Env
	hopts := []hostbridge.Option{
		hostbridge.WithEnv(func(name string) string { return env[name] }),
		hostbridge.WithOutput(k.rig.Terminal),
		hostbridge.WithSignalHandler(false),
		// A slow fake on a loaded machine must not fail a report and
		// retry it: transcripts would differ between runs.
		hostbridge.WithTimeout(min(k.rig.Timeout, time.Minute)),
		hostbridge.WithExitTimeout(min(k.rig.Timeout, time.Minute)),
		// Every report reaches every host, none coalesced while a host is
		// busy, and every ping goes, none rate-limited: a transcript
		// depends on the app's messages alone.
		bridge.WithEveryReport(),
		bridge.WithPingInterval(0),
	}
	for _, v := range k.rig.Kit {
		if o, ok := v.(bridgeOptions); ok {
			hopts = append(hopts, o...)
		}
	}
	b, err := hostbridge.New(hopts...)
	if err != nil {
		t.Fatalf("teatest: %v", err)
	}
	k.bridge, k.app = b, &tap{inner: model}
	k.model = b.Wrap(k.app)
	k.prog = tea.NewProgram(&observer{k: k, inner: k.model},
		tea.WithInput(nil), tea.WithOutput(k.rig.Terminal), tea.WithoutSignalHandler())
	k.cmds = cmdtrack.New[tea.Msg, tea.Cmd](bubbleTea, k.prog.Send, k.done)
	go func() {
		defer close(k.done)
		_, k.runErr = k.prog.Run()
	}()
	go k.in.Pump(k.prog.Send, k.done)
	t.Cleanup(func() { _ = k.Quit() })
	k.Step(tea.WindowSizeMsg{Width: k.rig.Width, Height: k.rig.Height})
	return k
}

// Send queues msgs for the program, in order, and returns without waiting:
// a goroutine of the kit's hands them over, so that neither the test nor
// Send blocks on a busy or stuck program.
func (k *Kit) Send(msgs ...tea.Msg) { k.in.Send(msgs...) }

// Step sends each message in turn and, after each, waits until the
// program has settled: every message sent so far has been through Update,
// and so has every message that came back from the Cmds those Updates
// returned, through chains, tea.Batch and tea.Sequence; then every host has
// taken every report. With no message, Step only waits. Cmds that wait on
// the clock are not waited for (see the package doc); one that waits for
// ever on something else fails the test after the timeout, named. Once
// the program has ended, Step returns at once.
func (k *Kit) Step(msgs ...tea.Msg) {
	k.t.Helper()
	if len(msgs) == 0 {
		k.settle(nil)
	}
	for _, msg := range msgs {
		k.Send(msg)
		if !k.settle(msg) {
			return
		}
	}
}

// Type types text, a key per rune, each a Step: a space is the space key,
// anything else a rune key.
func (k *Kit) Type(text string) {
	k.t.Helper()
	for _, r := range text {
		k.Step(runeKey(r))
	}
}

// Key presses each named key, each a Step. A name is what tea.KeyMsg's
// String gives: "enter", "esc", "up", "ctrl+c", "alt+enter", "y", "space".
// An unknown name fails the test.
func (k *Kit) Key(names ...string) {
	k.t.Helper()
	for _, name := range names {
		key, ok := keyNamed(name)
		if !ok {
			k.t.Fatalf("teatest: no key is named %q", name)
			return
		}
		k.Step(key)
	}
}

// flush waits until every host has taken, or failed to take, every report.
func (k *Kit) flush() {
	k.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), k.rig.Timeout)
	defer cancel()
	if err := k.bridge.Flush(ctx); err != nil && !errors.Is(err, core.ErrClosed) {
		k.t.Fatalf("teatest: flushing the reports to the hosts: %v", err)
	}
}

// View returns the app's view as it was when the program last settled.
func (k *Kit) View() string {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.view
}

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

// tap sits between hostbridge's wrapper and the app's model, keeping the
// model the app's Update last returned.
type tap struct{ inner tea.Model }

func (t *tap) Init() tea.Cmd { return t.inner.Init() }

func (t *tap) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	var cmd tea.Cmd
	t.inner, cmd = t.inner.Update(msg)
	return t, cmd
}

func (t *tap) View() string { return t.inner.View() }

// stableColor is lipgloss's default renderer's settings from before the
// first of the Kits running; the last one to end puts them back.
var stableColor struct {
	sync.Mutex
	users   int
	profile termenv.Profile
	dark    bool
}

func holdStableColor(t hosttest.TB) {
	stableColor.Lock()
	defer stableColor.Unlock()
	if stableColor.users == 0 {
		stableColor.profile, stableColor.dark = lipgloss.ColorProfile(), lipgloss.HasDarkBackground()
		lipgloss.SetColorProfile(termenv.Ascii)
		lipgloss.SetHasDarkBackground(true)
	}
	stableColor.users++
	t.Cleanup(func() {
		stableColor.Lock()
		defer stableColor.Unlock()
		if stableColor.users--; stableColor.users == 0 {
			lipgloss.SetColorProfile(stableColor.profile)
			lipgloss.SetHasDarkBackground(stableColor.dark)
		}
	})
}
