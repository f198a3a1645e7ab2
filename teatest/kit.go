package teatest

import (
	"context"
	"errors"
	"maps"
	"os"
	"os/exec"
	"path/filepath"
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/hostbridge/hostbridge"
	"github.com/hostbridge/hostbridge/backends"
	"github.com/hostbridge/hostbridge/host"
)

// TB is the part of testing.TB a Kit uses; *testing.T, *testing.B and
// *testing.F have it. It is this narrow so that an Example, which has no
// *testing.T, can run a Kit as well.
type TB interface {
	Helper()
	Cleanup(func())
	Errorf(format string, args ...any)
	Fatalf(format string, args ...any)
}

// Kit runs an app's model, wrapped by hostbridge.Wrap, in a Bubble Tea
// program against a captured terminal and the fake hosts it is given, so a
// test can drive it step by step and compare what the hosts were told with
// a golden file.
//
// The program runs as in a terminal that is WezTerm (TERM=xterm-256color,
// TERM_PROGRAM=WezTerm: on no known-bad list, no keep-alive) in the fake
// hosts' panes. Its environment is a map, not the process's, so Kits run
// in parallel and a developer's TMUX or HERDR_ENV never leaks in. Its
// output, the program's frames and hostbridge's sequences both, goes to a
// Terminal capture. It installs no signal handler (neither Bubble Tea's nor
// hostbridge's) and reads no input.
//
// Step, FocusIn, FocusOut, WaitFor, WaitModel and Quit must be called from
// the test's goroutine: they fail the test with Fatalf. Send and the
// accessors may be called from any goroutine.
type Kit struct {
	t     TB
	cfg   kitConfig
	term  *Terminal
	model *hostbridge.Model
	prog  *tea.Program
	norm  normaliser

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

// marker follows a message into the program; the observer answers it with
// the view once every message before it has been through Update.
type marker struct{ ack chan string }

// checkWaiters makes the observer test WaitModel's conditions once more.
type checkWaiters struct{}

type modelWaiter struct {
	cond func(tea.Model) bool
	done chan struct{}
}

// New wraps model with hostbridge (the Kit's environment and capture,
// then WithBridgeOptions), starts the program, waits until it has started
// and the hosts have been told the chat is ready, and returns. The program
// ends, and the exit runs, at Quit or at the test's cleanup.
func New(t TB, model tea.Model, opts ...Option) *Kit {
	t.Helper()
	k := &Kit{t: t, cfg: defaultKitConfig(), term: &Terminal{},
		done: make(chan struct{}), pumped: make(chan struct{}), wake: make(chan struct{}, 1)}
	for _, o := range opts {
		o(&k.cfg)
	}
	k.normalise()
	holdStableColor(t)
	hopts := append([]hostbridge.Option{
		hostbridge.WithEnv(k.environment()),
		hostbridge.WithOutput(k.term),
		hostbridge.WithoutSignalHandler(),
		// A loaded test machine must not turn a slow fake into a failed
		// report and a retry: that would make transcripts differ between
		// runs. The app's own options, after these, still win.
		hostbridge.WithTimeout(min(k.cfg.timeout, time.Minute)),
		hostbridge.WithExitTimeout(min(k.cfg.timeout, time.Minute)),
		// Steps come microseconds apart in real time: with the rate limit,
		// whether a ping waited out its interval would depend on the
		// machine's load. Every ping goes, in order.
		hostbridge.WithPingInterval(0),
	}, k.cfg.bridge...)
	k.model = hostbridge.Wrap(model, hopts...)
	if err := k.model.Err(); err != nil {
		_ = k.model.Close()
		t.Fatalf("teatest: %v", err)
	}
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
// terminal, sockets that exist, and the fake cmux as the only program on
// PATH.
func (k *Kit) environment() backends.Env {
	vars := map[string]string{"TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"}
	if h := k.cfg.herdr; h != nil {
		maps.Copy(vars, h.Env())
	}
	if f := k.cfg.tuios; f != nil {
		maps.Copy(vars, f.Env())
	}
	if c := k.cfg.cmux; c != nil {
		maps.Copy(vars, c.Env())
	}
	maps.Copy(vars, k.cfg.env)
	cmux := k.cfg.cmux
	return backends.Env{
		Getenv: func(name string) string { return vars[name] },
		Stat:   os.Stat,
		LookPath: func(name string) (string, error) {
			if cmux != nil && name == "cmux" {
				return cmux.Bin(), nil
			}
			return "", &exec.Error{Name: name, Err: exec.ErrNotFound}
		},
	}
}

// normalise lists the values of this run that change between runs.
func (k *Kit) normalise() {
	if h := k.cfg.herdr; h != nil {
		k.norm.add(filepath.Dir(h.SocketPath()), "<herdr-dir>")
	}
	if f := k.cfg.tuios; f != nil {
		k.norm.add(filepath.Dir(f.SocketPath()), "<tuios-dir>")
		k.norm.add(f.Window(), "<tuios-pane>")
	}
	if c := k.cfg.cmux; c != nil {
		k.norm.add(c.Dir(), "<cmux-dir>")
		k.norm.add(c.Surface(), "<cmux-surface>")
		k.norm.add(c.Workspace(), "<cmux-workspace>")
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

// Step sends each message in turn, waits until the wrapped model's Update
// has run for it, then until every host has taken, or failed to take, what
// it made hostbridge report. Waiting for the hosts after each message is
// what makes a transcript stable: a state that a slower host had not taken
// yet when the next one came would be skipped (coalesced) on some runs and
// not on others. Messages that Cmds return later (a reply arriving, a
// tick) are not waited for: use WaitModel or WaitFor. Once the program has
// ended, Step returns at once.
func (k *Kit) Step(msgs ...tea.Msg) {
	k.t.Helper()
	for _, msg := range msgs {
		ack := make(chan string, 1)
		k.Send(msg, marker{ack})
		ok := k.await(ack, "the program to take a %T", msg)
		k.Flush()
		if !ok {
			return
		}
	}
}

// await waits for ack (keeping the view it carries), reports false if the
// program ended first, and fails the test after the Kit's timeout.
func (k *Kit) await(ack <-chan string, what string, args ...any) bool {
	k.t.Helper()
	timer := time.NewTimer(k.cfg.timeout)
	defer timer.Stop()
	select {
	case view := <-ack:
		k.mu.Lock()
		k.view = view
		k.mu.Unlock()
		return true
	case <-k.done:
		return false
	case <-timer.C:
		k.t.Fatalf("teatest: waited %v for "+what, append([]any{k.cfg.timeout}, args...)...)
		return false
	}
}

// FocusIn says the terminal got focus (a tea.FocusMsg), as a Step.
func (k *Kit) FocusIn() { k.t.Helper(); k.Step(tea.FocusMsg{}) }

// FocusOut says the terminal lost focus (a tea.BlurMsg), as a Step.
func (k *Kit) FocusOut() { k.t.Helper(); k.Step(tea.BlurMsg{}) }

// Flush waits until every host has taken, or failed to take, every report
// made so far.
func (k *Kit) Flush() {
	k.t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), k.cfg.timeout)
	defer cancel()
	if err := k.model.Bridge().Flush(ctx); err != nil && !errors.Is(err, host.ErrClosed) {
		k.t.Fatalf("teatest: flushing the reports to the hosts: %v", err)
	}
}

// Model returns the wrapped model: its Bridge has the detection and the
// report counters.
func (k *Kit) Model() *hostbridge.Model { return k.model }

// Terminal returns the terminal capture: every byte the program wrote, and
// the sequences read from them.
func (k *Kit) Terminal() *Terminal { return k.term }

// View returns the app's view as it was after the last Step, or when the
// condition of the last WaitModel held.
func (k *Kit) View() string {
	k.mu.Lock()
	defer k.mu.Unlock()
	return k.view
}

// Transcript returns the host traffic so far (see Transcript), normalised.
// After Quit it includes the exit.
func (k *Kit) Transcript() Transcript {
	tr := Transcript{Terminal: k.norm.lines(k.term.Lines())}
	if h := k.cfg.herdr; h != nil {
		tr.Herdr = k.norm.lines(nonNil(h.Transcript()))
	}
	if f := k.cfg.tuios; f != nil {
		tr.Tuios = k.norm.lines(nonNil(f.Transcript()))
	}
	if c := k.cfg.cmux; c != nil {
		tr.Cmux = k.norm.lines(nonNil(c.Transcript()))
	}
	return tr
}

func nonNil(s []string) []string {
	if s == nil {
		return []string{}
	}
	return s
}
