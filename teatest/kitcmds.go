package teatest

import (
	"fmt"
	"reflect"
	"runtime"
	"slices"
	"strings"
	"sync"
	"time"

	tea "github.com/charmbracelet/bubbletea"
)

// The kit follows the app's Cmds so that a wait ends once everything the
// app has set going has come back, and no earlier. Every Cmd that Init or
// Update returns is wrapped: it counts as running from the moment it is
// returned until the message it produced has been through Update (a
// marker, cmdDone, follows the message into the program, whose loop runs
// Update in order). A tea.Batch or tea.Sequence is followed into: each
// Cmd in it is wrapped and counted, the whole sequence from the start.
// Bubble Tea v1's sequence message is unexported; it is found by
// reflection, as hostbridge's wrapper finds v1's unexported focus report.
//
// Cmds that wait on the clock are not counted: tea.Tick, tea.Every, and
// the timers of Charm's bubbles (a cursor's blink, a list's status
// message). A spinner or a blinking cursor re-arms one forever; waiting
// for them would never end, and what happens when a timer fires is the
// test's to wait for (WaitModel, WaitFor). A timer is recognised by where
// its closure's code is (file and line), which stays the same when the
// compiler inlines the function that made it; model.go in hostbridge
// recognises tea.Quit by its code pointer in the same spirit.

// cmdDone follows the message of the Cmd id into the program.
type cmdDone struct{ id uint64 }

// tracker counts the wrapped Cmds that are running. Safe for concurrent
// use.
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
	names := slices.Sorted(func(yield func(string) bool) {
		for _, n := range tr.running {
			if !yield(n) {
				return
			}
		}
	})
	return strings.Join(slices.Compact(names), ", ")
}

// track wraps cmd so that the kit knows when it and what it leads to are
// done. A timer, or nil, is returned as it is.
func (k *Kit) track(cmd tea.Cmd) tea.Cmd {
	if cmd == nil {
		return nil
	}
	fn := runtime.FuncForPC(reflect.ValueOf(cmd).Pointer())
	if waitsOnClock(fn) {
		return cmd
	}
	id := k.cmds.start(describe(fn))
	return func() tea.Msg {
		msg := cmd()
		if msg == nil {
			k.cmds.end(id)
			return nil
		}
		if cmds, ok := msg.(tea.BatchMsg); ok {
			out := make(tea.BatchMsg, len(cmds))
			for i, c := range cmds {
				out[i] = k.track(c)
			}
			k.cmds.end(id) // its Cmds are counted now
			return out
		}
		if seq, ok := k.trackSequence(msg); ok {
			k.cmds.end(id)
			return seq
		}
		// Bubble Tea would send msg; send it, then the marker behind it,
		// from this goroutine, so the marker arrives after it.
		k.prog.Send(msg)
		k.prog.Send(cmdDone{id})
		return nil
	}
}

var cmdType = reflect.TypeFor[tea.Cmd]()

// trackSequence returns a copy of Bubble Tea v1's unexported sequence
// message with each Cmd wrapped, if msg is one.
func (k *Kit) trackSequence(msg tea.Msg) (tea.Msg, bool) {
	t := reflect.TypeOf(msg)
	if t.Kind() != reflect.Slice || t.Elem() != cmdType || t.Name() != "sequenceMsg" ||
		t.PkgPath() != "github.com/charmbracelet/bubbletea" {
		return nil, false
	}
	in := reflect.ValueOf(msg)
	out := reflect.MakeSlice(t, in.Len(), in.Len())
	for i := range in.Len() {
		c, _ := in.Index(i).Interface().(tea.Cmd)
		if c = k.track(c); c != nil {
			out.Index(i).Set(reflect.ValueOf(c))
		}
	}
	return out.Interface(), true
}

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
	if clockSites[s] {
		return true
	}
	if !strings.Contains(s, "github.com/charmbracelet/bubbles") {
		return false
	}
	for _, t := range bubblesTimers {
		if strings.Contains(s, t.file+":") && strings.Contains(fn.Name(), t.fn) {
			return true
		}
	}
	return false
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
	file, line := fn.FileLine(fn.Entry())
	return fmt.Sprintf("%s (%s:%d)", fn.Name(), file, line)
}
