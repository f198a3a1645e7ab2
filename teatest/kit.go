package teatest

import (
	"context"
	"errors"
	"maps"
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/hostbridge/hostbridge"
	"github.com/hostbridge/hostbridge/internal/bridge"
	"github.com/hostbridge/hostbridge/internal/core"
)

// Kit runs an app's model, wrapped by hostbridge.Wrap, in a Bubble Tea
// program against a captured terminal and the fake hosts it is given, so a
// test can drive it as a person would and compare what the hosts were
// told with a golden file.
//
// The program runs as in a terminal that is WezTerm (TERM=xterm-256color,
// TERM_PROGRAM=WezTerm: on no known-bad list, no keep-alive) in the fake
// hosts' panes. Its environment is a map, not the process's, so Kits run
// in parallel and a developer's TMUX or HERDR_ENV never leaks in. Its
// output, the program's frames and hostbridge's sequences both, goes to a
// Terminal capture. It installs no signal handler (neither Bubble Tea's nor
// hostbridge's) and reads no input.
//
// Every method but Send, View and Transcript must be called from the
// test's goroutine: they fail the test with Fatalf.
type Kit struct {
	t      TB
	cfg    config
	term   *Terminal
	model  *hostbridge.Model
	bridge *hostbridge.Bridge
	app    *tap // the app's model, as its last Update left it
	prog   *tea.Program
	norm   normaliser
	cmds   tracker

	done   chan struct{} // closed once Run has returned
	runErr error         // Run's error, read after done
	pumped chan struct{} // closed once the pump has stopped

	mu       sync.Mutex
	queue    []tea.Msg
	wake     chan struct{}
	view     string
	waiters  []*modelWaiter
	panicked string // the app's panic and its stack

	quitOnce sync.Once
	exitErr  error
}

// New wraps model with hostbridge (the Kit's environment and capture,
// then WithBridgeOptions), starts the program in the panes of the fake
// hosts among opts, and returns once the program has settled (see Settle)
// and the hosts have been told the chat is ready. Under the kit every
// report reaches every host, none skipped however slow a host is, so a
// transcript depends on the app's messages alone. The program ends, and
// the exit runs, at Quit or at the test's cleanup.
func New(t TB, model tea.Model, opts ...Option) *Kit {
	t.Helper()
	k := &Kit{t: t, cfg: newConfig(opts), term: &Terminal{},
		done: make(chan struct{}), pumped: make(chan struct{}), wake: make(chan struct{}, 1)}
	k.cmds.init()
	k.normalise()
	holdStableColor(t)
	hopts := append([]hostbridge.Option{
		hostbridge.WithEnv(k.environment()),
		hostbridge.WithOutput(k.term),
		hostbridge.WithSignalHandler(false),
		// A loaded test machine must not turn a slow fake into a failed
		// report and a retry: that would make transcripts differ between
		// runs. The app's own options, after these, still win.
		hostbridge.WithTimeout(min(k.cfg.timeout, time.Minute)),
		hostbridge.WithExitTimeout(min(k.cfg.timeout, time.Minute)),
		bridge.WithEveryReport(),
		// Steps come microseconds apart in real time: with the rate limit,
		// whether a ping waited out its interval would depend on the
		// machine's load. Every ping goes, in order.
		bridge.WithPingInterval(0),
	}, k.cfg.bridge...)
	b, err := hostbridge.New(hopts...)
	if err != nil {
		t.Fatalf("teatest: %v", err)
	}
	k.bridge, k.app = b, &tap{inner: model}
	k.model = b.Wrap(k.app)
	k.prog = tea.NewProgram(&observer{k: k, inner: k.model},
		tea.WithInput(nil), tea.WithOutput(k.term), tea.WithoutSignalHandler())
	go func() {
		defer close(k.done)
		_, k.runErr = k.prog.Run()
	}()
	go k.pump()
	t.Cleanup(func() { _ = k.Quit() })
	k.Step(tea.WindowSizeMsg{Width: k.cfg.width, Height: k.cfg.height})
	return k
}

// environment is what detection reads: the fakes' variables over a fixed
// terminal; the fake cmux is the only program on its PATH.
func (k *Kit) environment() func(string) string {
	vars := map[string]string{"TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"}
	if h := k.cfg.herdr; h != nil {
		maps.Copy(vars, h.Env())
	}
	if f := k.cfg.tuios; f != nil {
		maps.Copy(vars, f.Env())
	}
	if c := k.cfg.cmux; c != nil {
		maps.Copy(vars, c.Env()) // its PATH has the fake cmux alone
	}
	maps.Copy(vars, k.cfg.env)
	return func(name string) string { return vars[name] }
}

// normalise lists the values of this run that change between runs.
func (k *Kit) normalise() {
	if h := k.cfg.herdr; h != nil {
		k.norm.add(h.dir, "<herdr-dir>")
	}
	if f := k.cfg.tuios; f != nil {
		k.norm.add(f.dir, "<tuios-dir>")
		k.norm.add(f.window, "<tuios-pane>")
	}
	if c := k.cfg.cmux; c != nil {
		k.norm.add(c.dir, "<cmux-dir>")
		k.norm.add(c.surface, "<cmux-surface>")
		k.norm.add(c.workspace, "<cmux-workspace>")
	}
	k.norm.plain = k.cfg.replace
}

// pump hands queued messages to the program, in order, so that neither the
// test nor Send ever blocks on a busy or stuck program. It stops when the
// program has ended.
func (k *Kit) pump() {
	defer close(k.pumped)
	for {
		k.mu.Lock()
		q := k.queue
		k.queue = nil
		k.mu.Unlock()
		for _, msg := range q {
			k.prog.Send(msg) // returns at once once the program has ended
		}
		select {
		case <-k.wake:
		case <-k.done:
			return
		}
	}
}

// Send queues msgs for the program, in order, and returns without waiting.
func (k *Kit) Send(msgs ...tea.Msg) {
	k.mu.Lock()
	k.queue = append(k.queue, msgs...)
	k.mu.Unlock()
	select {
	case k.wake <- struct{}{}:
	default:
	}
}

// Step sends each message in turn and, after each, waits until the
// program has settled (see Settle): Update has run for it, and for every
// message that came back from the Cmds it caused, and the hosts have taken
// every report. Once the program has ended, Step returns at once.
func (k *Kit) Step(msgs ...tea.Msg) {
	k.t.Helper()
	for _, msg := range msgs {
		k.Send(msg)
		if !k.settle(msg) {
			return
		}
	}
}

// Type types text, one key per rune, each a Step, as a person typing:
// a space is the space key, anything else a rune key.
func (k *Kit) Type(text string) {
	k.t.Helper()
	for _, r := range text {
		k.Step(runeKey(r))
	}
}

// Key presses each named key, each a Step. A name is what tea.KeyMsg's
// String gives: "enter", "esc", "tab", "up", "ctrl+c", "alt+enter", "y",
// "space". An unknown name fails the test.
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

// flush waits until every host has taken, or failed to take, every report
// made so far.
func (k *Kit) flush() {
	k.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), k.cfg.timeout)
	defer cancel()
	if err := k.bridge.Flush(ctx); err != nil && !errors.Is(err, core.ErrClosed) {
		k.t.Fatalf("teatest: flushing the reports to the hosts: %v", err)
	}
}

// View returns the app's view as it was when the program last settled
// (the last Step, Settle or WaitModel).
func (k *Kit) View() string {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.view
}

// Transcript returns the host traffic so far, normalised, as a golden file
// holds it: one readable line per report each host took, grouped by host
// in a fixed order (terminal, herdr, tuios, cmux) so that how the hosts'
// deliveries interleaved cannot change it, each host's lines in the order
// that host received them, a blank line between hosts:
//
//	terminal progress 0
//	terminal progress 3
//	terminal ping "approve shell: git push"
//
//	herdr pane.report_agent idle
//	herdr pane.report_agent working
//	herdr pane.release_agent
//
// It holds no time, seq, request id or temporary path, so it is the same on
// every run; a host that was told nothing reads "<host> (nothing)". After
// Quit it includes the exit.
func (k *Kit) Transcript() string {
	sections := [][]string{k.norm.lines(k.term.Transcript())}
	names := []string{"terminal"}
	if h := k.cfg.herdr; h != nil {
		sections, names = append(sections, k.norm.lines(h.Transcript())), append(names, "herdr")
	}
	if f := k.cfg.tuios; f != nil {
		sections, names = append(sections, k.norm.lines(f.Transcript())), append(names, "tuios")
	}
	if c := k.cfg.cmux; c != nil {
		sections, names = append(sections, k.norm.lines(c.Transcript())), append(names, "cmux")
	}
	return renderTranscript(names, sections)
}

// renderTranscript writes each host's lines, a blank line between hosts.
func renderTranscript(names []string, sections [][]string) string {
	var b []byte
	for i, s := range sections {
		if i > 0 {
			b = append(b, '\n')
		}
		if len(s) == 0 {
			b = append(b, names[i]+" (nothing)\n"...)
		}
		for _, line := range s {
			b = append(b, line+"\n"...)
		}
	}
	return string(b)
}

// tap sits between hostbridge's wrapper and the app's model, keeping the
// model the app's Update last returned (the app's own, not the wrapper).
type tap struct{ inner tea.Model }

func (t *tap) Init() tea.Cmd { return t.inner.Init() }

func (t *tap) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	var cmd tea.Cmd
	t.inner, cmd = t.inner.Update(msg)
	return t, cmd
}

func (t *tap) View() string { return t.inner.View() }
