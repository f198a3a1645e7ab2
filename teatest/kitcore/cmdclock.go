package kitcore

import (
	"fmt"
	"reflect"
	"runtime"
	"strings"
)

// Framework is what the tracker needs to know of a Bubble Tea version.
type Framework struct {
	// Pkg is Bubble Tea's import path: its BatchMsg and sequenceMsg (a
	// slice of Cmds each) are followed into.
	Pkg string
	// Clocks are Cmds made by tea.Tick and tea.Every: every closure whose
	// code is where theirs is waits on the clock.
	Clocks []any
	// Timers are the other functions whose Cmds wait on the clock.
	Timers []Timer
	// Ordered, if set, says a message's order against others matters
	// (hostbridge's messages): two of them from the Cmds of one tea.Batch
	// arrive in either order, which Misuse then reports.
	Ordered func(msg any) bool
}

// Timer names a function, outside Bubble Tea, whose Cmds wait on a timer:
// a Cmd's closure whose file is under Module and ends in File, and whose
// function name holds Func.
type Timer struct{ Module, File, Func string }

// framework is a Framework ready to answer waitsOnClock.
type framework struct {
	ordered func(msg any) bool
	pkg     string
	sites   map[string]bool
	timers  []Timer
}

func (fw Framework) compile() *framework {
	c := &framework{ordered: fw.Ordered, pkg: fw.Pkg, sites: map[string]bool{}, timers: fw.Timers}
	for _, cmd := range fw.Clocks {
		if fn := funcOf(cmd); fn != nil {
			c.sites[site(fn)] = true
		}
	}
	return c
}

func (fw *framework) waitsOnClock(fn *runtime.Func) bool {
	if fn == nil {
		return false
	}
	s := site(fn)
	for _, t := range fw.timers {
		if strings.Contains(s, t.Module) && strings.Contains(s, t.File+":") && strings.Contains(fn.Name(), t.Func) {
			return true
		}
	}
	return fw.sites[s]
}

func funcOf[C any](cmd C) *runtime.Func {
	return runtime.FuncForPC(reflect.ValueOf(cmd).Pointer())
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
