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
	// (hostbridge's messages): two of them from different Cmds of one
	// tea.Batch arrive in either order, which the kit then reports.
	Ordered func(msg any) bool
	// Carrier is a message of hostbridge.Sequence's Cmd, which carries
	// messages (a slice of them): a message of its type is ordered if one
	// it carries is. It is known by its type, not its name.
	Carrier any
}

// Timer names a function, outside Bubble Tea, whose Cmds wait on a timer:
// a Cmd's closure whose file is under Module and ends in File, and whose
// function name holds Func.
type Timer struct{ Module, File, Func string }

// framework is a Framework ready to answer waitsOnClock.
type framework struct {
	ordered func(msg any) bool
	carrier reflect.Type
	pkg     string
	sites   map[string]bool
	timers  []Timer
}

func (fw Framework) compile() *framework {
	c := &framework{ordered: fw.Ordered, carrier: reflect.TypeOf(fw.Carrier),
		pkg: fw.Pkg, sites: map[string]bool{}, timers: fw.Timers}
	for _, cmd := range fw.Clocks {
		if fn := funcOf(cmd); fn != nil {
			c.sites[site(fn)] = true
		}
	}
	return c
}

// orderedName names msg if it is ordered (Framework.Ordered), or a
// carrier of ordered messages, for the kit's report of a race; it is ""
// for any other message.
func (fw *framework) orderedName(msg any) string {
	if fw.ordered == nil || msg == nil {
		return ""
	}
	if fw.ordered(msg) {
		return "hostbridge." + reflect.TypeOf(msg).Name()
	}
	v := reflect.ValueOf(msg)
	if fw.carrier == nil || v.Type() != fw.carrier || v.Kind() != reflect.Slice {
		return ""
	}
	var names []string
	for i := range v.Len() {
		if name := fw.orderedName(v.Index(i).Interface()); name != "" {
			names = append(names, name)
		}
	}
	if len(names) == 0 {
		return ""
	}
	return "hostbridge.Sequence(" + strings.Join(names, ", ") + ")"
}

// isFramework says msg is of Bubble Tea's own package (Pkg), which
// Bubble Tea acts on before any model sees it (tea.QuitMsg, its
// unexported messages).
func (fw *framework) isFramework(msg any) bool {
	t := reflect.TypeOf(msg)
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t != nil && t.PkgPath() == fw.pkg
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
