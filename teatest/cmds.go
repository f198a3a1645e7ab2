package teatest

import (
	"fmt"
	"maps"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// The kit follows the app's Cmds so that a wait ends once everything the
// app set going has come back. Every Cmd that Init or Update returns is
// wrapped and counts as running until its message has been through Update
// (a marker, cmdDone, follows the message into the program). A tea.Batch
// or tea.Sequence is followed into; v1's sequence message is unexported
// and found by reflection, as the wrapper finds v1's focus report.
//
// Cmds that wait on the clock are not counted (a spinner re-arms its timer
// for ever). A timer is known by where its closure's code is, file and
// line, which inlining does not change. Once fired, it holds its message
// until no counted Cmd runs, so in tea.Batch(turnStarted, tea.Tick(d,
// reply)) the turn starts first on every run; in a tea.Sequence, the Cmds
// behind it are counted then, before its message goes in.

// cmdDone follows the message of the Cmd id into the program.
type cmdDone struct{ id uint64 }

// tracker counts the wrapped Cmds that are running.
type tracker struct {
	mu      sync.Mutex
	next    uint64
	running map[uint64]string // id: the Cmd's function, for a timeout message
	idle    chan struct{}     // closed while nothing runs
}

func (tr *tracker) init() {
	tr.running = map[uint64]string{}
	tr.idle = make(chan struct{})
	close(tr.idle)
}

func (tr *tracker) start(name string) uint64 {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	if len(tr.running) == 0 {
		tr.idle = make(chan struct{})
	}
	tr.next++
	tr.running[tr.next] = name
	return tr.next
}

func (tr *tracker) end(id uint64) {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	if _, ok := tr.running[id]; !ok {
		return
	}
	delete(tr.running, id)
	if len(tr.running) == 0 {
		close(tr.idle)
	}
}

// busy returns how many Cmds run, and a channel closed once none does.
func (tr *tracker) busy() (int, <-chan struct{}) {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	return len(tr.running), tr.idle
}

// names lists the running Cmds' functions, for a timeout message.
func (tr *tracker) names() string {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	return strings.Join(slices.Compact(slices.Sorted(maps.Values(tr.running))), ", ")
}

// cmdRun is one counted Cmd: register counts it, run runs it.
type cmdRun struct {
	k    *Kit
	cmd  tea.Cmd
	name string
	id   uint64
}

func (r *cmdRun) register() { r.id = r.k.cmds.start(r.name) }

// run runs the Cmd; a Batch or Sequence it returns has its Cmds wrapped
// and counted before this one ends, and any other message goes into the
// program with the marker that ends the count behind it.
func (r *cmdRun) run() tea.Msg {
	k := r.k
	msg := r.cmd()
	if msg == nil {
		k.cmds.end(r.id)
		return nil
	}
	if cmds, ok := msg.(tea.BatchMsg); ok {
		out := make(tea.BatchMsg, len(cmds))
		for i, c := range cmds {
			out[i] = k.track(c)
		}
		k.cmds.end(r.id) // its Cmds are counted now
		return out
	}
	if seq, ok := k.trackSequence(msg); ok {
		k.cmds.end(r.id)
		return seq
	}
	// Bubble Tea would send msg; send it, then the marker behind it, from
	// this goroutine, so the marker arrives after it.
	k.prog.Send(msg)
	k.prog.Send(cmdDone{r.id})
	return nil
}

// track wraps cmd and counts it from now; a timer is wrapped to wait for
// work (see clock) and not counted.
func (k *Kit) track(cmd tea.Cmd) tea.Cmd {
	if cmd == nil {
		return nil
	}
	fn := funcOf(cmd)
	if waitsOnClock(fn) {
		return k.clock(cmd, nil)
	}
	r := &cmdRun{k: k, cmd: cmd, name: describe(fn)}
	r.register()
	return r.run
}

// clock wraps a Cmd that waits on the clock: once it has fired, its message
// waits until no counted Cmd runs, then the Cmds then (those behind it in a
// tea.Sequence) are counted, and it goes in.
func (k *Kit) clock(cmd tea.Cmd, then []*cmdRun) tea.Cmd {
	return func() tea.Msg {
		msg := cmd()
		_, idle := k.cmds.busy()
		select {
		case <-idle:
		case <-k.done:
		}
		for _, r := range then {
			r.register()
		}
		return msg
	}
}

var cmdType = reflect.TypeFor[tea.Cmd]()

// trackSequence returns a copy of Bubble Tea v1's unexported sequence
// message with each Cmd wrapped, if msg is one. The Cmds before its first
// timer are counted now, those behind each timer once it has fired.
func (k *Kit) trackSequence(msg tea.Msg) (tea.Msg, bool) {
	t := reflect.TypeOf(msg)
	if t.Kind() != reflect.Slice || t.Elem() != cmdType || t.Name() != "sequenceMsg" ||
		t.PkgPath() != "github.com/charmbracelet/bubbletea" {
		return nil, false
	}
	in := reflect.ValueOf(msg)
	out := reflect.MakeSlice(t, in.Len(), in.Len())
	var then []*cmdRun // the Cmds after i, up to the next timer
	for i := in.Len() - 1; i >= 0; i-- {
		c, _ := in.Index(i).Interface().(tea.Cmd)
		if c == nil {
			continue
		}
		var wrapped tea.Cmd
		if fn := funcOf(c); waitsOnClock(fn) {
			wrapped, then = k.clock(c, then), nil
		} else {
			r := &cmdRun{k: k, cmd: c, name: describe(fn)}
			wrapped, then = r.run, append(then, r)
		}
		out.Index(i).Set(reflect.ValueOf(wrapped))
	}
	for _, r := range then {
		r.register()
	}
	return out.Interface(), true
}

func funcOf(cmd tea.Cmd) *runtime.Func { return runtime.FuncForPC(reflect.ValueOf(cmd).Pointer()) }

// clockSites are where the closures of tea.Tick and tea.Every are, taken
// from the ones this package makes.
var clockSites = map[string]bool{
	site(runtime.FuncForPC(reflect.ValueOf(tea.Tick(0, nil)).Pointer())):                true,
	site(runtime.FuncForPC(reflect.ValueOf(tea.Every(time.Nanosecond, nil)).Pointer())): true,
}

// bubblesTimers are the functions of Charm's bubbles v0/v1 whose Cmds wait
// on a timer: the file under github.com/charmbracelet/bubbles and the
// function that makes the closure.
var bubblesTimers = []struct{ file, fn string }{
	{"/cursor/cursor.go", ".BlinkCmd."},
	{"/list/list.go", ".NewStatusMessage."},
}

func waitsOnClock(fn *runtime.Func) bool {
	if fn == nil {
		return false
	}
	s := site(fn)
	for _, t := range bubblesTimers {
		if strings.Contains(s, "github.com/charmbracelet/bubbles") && strings.Contains(s, t.file+":") &&
			strings.Contains(fn.Name(), t.fn) {
			return true
		}
	}
	return clockSites[s]
}

// site is where fn's code starts: its file and line.
func site(fn *runtime.Func) string {
	file, line := fn.FileLine(fn.Entry())
	return fmt.Sprintf("%s:%d", file, line)
}

// describe names a Cmd for a timeout message: its function and where it is.
func describe(fn *runtime.Func) string {
	if fn == nil {
		return "a Cmd"
	}
	return fn.Name() + " (" + site(fn) + ")"
}
