package kitcore

import (
	"context"
	"reflect"
	"sync"
	"time"

	"github.com/hostbridge/hostbridge/bridge"
	"github.com/hostbridge/hostbridge/host/hosttest"
)

// Program is what a Core needs of a kit's Bubble Tea version and of the
// program it runs. M is the version's tea.Msg, Model its tea.Model, C its
// tea.Cmd. The hooks are set once, before Start.
type Program[M any, Model any, C ~func() M] struct {
	// The version's own functions, which Start calls once (running none of
	// the Cmds they make) to learn what the Cmd tracker follows: tea.Batch
	// and tea.Sequence (the types of the messages their Cmds return),
	// tea.Tick and tea.Every (where the closures they return are: a Cmd
	// whose closure is one of those waits on the clock).
	Batch, Sequence func(...C) C
	Tick, Every     func(time.Duration, func(time.Time) M) C
	// Clocks are other Cmds that wait on the clock, each made once by the
	// function an app gets them from (cursor.New().BlinkCmd() of Charm's
	// bubbles) and never run: a Cmd whose closure's code is where one of
	// these has its code is not waited for either.
	Clocks []C
	// Carrier is a message of hostbridge.Sequence's Cmd, which carries
	// hostbridge's messages in order (a slice of them): one of its type is
	// ordered if one it carries is.
	Carrier M

	// The program (a *tea.Program), hostbridge's Bridge, and hostbridge's
	// wrapper around the app's model, whose Close runs the exit.
	Prog interface {
		Run() (Model, error)
		Send(M)
		Kill()
	}
	Bridge interface{ Flush(context.Context) error }
	Exit   interface{ Close() error }

	QuitMsg M // tea.QuitMsg{}: its package is Bubble Tea's
	QuitCmd C // tea.Quit

	// View is the program model's view (a string in v1, a tea.View in v2)
	// as text, as View of the kit returns it.
	View func() string
	// App is the app's model as its last Update left it (the wrapper's
	// Unwrap), read on the program's goroutine and after it has ended.
	App func() Model

	// KeyNamed is the key whose name (Key.String) is name; RuneKey the
	// key that types r.
	KeyNamed func(name string) (M, bool)
	RuneKey  func(r rune) M
	// KeyNames are the names KeyNamed knows besides one rune, listed when
	// a test names a key it does not.
	KeyNames []string
}

// Core is a kit's logic that does not depend on the Bubble Tea version:
// the program model's message handling (its observer), settling (Step),
// the waits, and the quit and exit. Each kit keeps its own public Kit,
// which forwards to a Core.
type Core[M any, Model any, C ~func() M] struct {
	t       hosttest.TB
	timeout time.Duration
	p       Program[M, Model, C]

	done    chan struct{} // closed once Run has returned
	runErr  error         // Run's error, read after done
	in      *queue[M]
	cmds    *tracker[M, C]
	waiters waiters[Model]
	broken  bool // the app panicked: it gets no more messages (program's goroutine)
	misused bool // a Batch misuse was reported (test goroutine)

	mu       sync.Mutex
	view     string
	panicked string // the app's panic and its stack

	quitOnce sync.Once
	exitErr  error
}

// New returns a Core that fails t after timeout, and the program's model
// around inner (hostbridge's wrapper around the app's model): the model
// passes every message to inner, follows the Cmds, answers the kit's own
// messages and catches the app's panics. Make the program with that
// model, then Start the Core. V is what the version's View returns.
func New[M any, Model any, C ~func() M, V any](t hosttest.TB, timeout time.Duration, inner Model) (*Core[M, Model, C], Model) {
	c := &Core[M, Model, C]{t: t, timeout: timeout, done: make(chan struct{}), in: newQueue[M]()}
	return c, any(&observer[M, Model, C, V]{c: c, inner: any(inner).(teaModel[M, Model, C, V])}).(Model)
}

// Start runs the program on a goroutine of its own, starts handing it the
// queued messages, and quits it at the test's cleanup.
func (c *Core[M, Model, C]) Start(p Program[M, Model, C]) {
	c.p = p
	c.cmds = newTracker[M, C](frameworkOf(p, isBridgeMessage), p.Prog.Send, c.done)
	go func() {
		defer close(c.done)
		_, c.runErr = p.Prog.Run()
	}()
	go c.in.Pump(p.Prog.Send, c.done)
	c.t.Cleanup(func() { _ = c.Quit() })
}

// Send queues msgs for the program, in order, and returns without waiting.
func (c *Core[M, Model, C]) Send(msgs ...M) { c.in.Send(msgs...) }

// View returns the view as it was when the program last settled.
func (c *Core[M, Model, C]) View() string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return c.view
}

// isBridgeMessage says msg is one of hostbridge's messages, whose order
// decides what the hosts show.
func isBridgeMessage(msg any) bool {
	t := reflect.TypeOf(msg)
	return t != nil && t.PkgPath() == reflect.TypeFor[bridge.TurnStarted]().PkgPath()
}
