package kitcore

import (
	"fmt"
	"reflect"
	"runtime"
	"strings"
	"time"
)

// framework is what the tracker knows of a Bubble Tea version, every part
// of it learnt from the version's own functions and types (Program's
// Batch, Sequence, Tick, Every, Clocks, QuitMsg and Carrier), none from a
// name: a rename upstream changes what the kit finds, not whether it
// finds it.
type framework struct {
	ordered  func(msg any) bool
	carrier  reflect.Type    // hostbridge.Sequence's message
	batch    reflect.Type    // tea.BatchMsg, as tea.Batch(a, b)() returns it
	sequence reflect.Type    // the unexported sequenceMsg, as tea.Sequence(a, b)() returns it
	pkg      string          // Bubble Tea's package, tea.QuitMsg's
	sites    map[string]bool // where the clock's closures' code is (see site)
}

// frameworkOf learns p's version by calling its functions once: the
// message types of a Batch and a Sequence of two Cmds (one Cmd is
// returned as it is), and the closures that Tick, Every and p.Clocks
// return. None of those Cmds is run.
func frameworkOf[M any, Model any, C ~func() M](p Program[M, Model, C], ordered func(any) bool) *framework {
	noop := func() M { var none M; return none }
	fw := &framework{ordered: ordered, carrier: reflect.TypeOf(p.Carrier),
		pkg: reflect.TypeOf(p.QuitMsg).PkgPath(), sites: map[string]bool{}}
	if p.Batch != nil {
		fw.batch = reflect.TypeOf(p.Batch(noop, noop)())
	}
	if p.Sequence != nil {
		fw.sequence = reflect.TypeOf(p.Sequence(noop, noop)())
	}
	clocks := p.Clocks
	for _, mk := range []func(time.Duration, func(time.Time) M) C{p.Tick, p.Every} {
		if mk != nil {
			clocks = append(clocks, mk(time.Second, nil))
		}
	}
	for _, cmd := range clocks {
		if fn := funcOf(cmd); fn != nil {
			fw.sites[site(fn)] = true
		}
	}
	return fw
}

// orderedName names msg if it is ordered (hostbridge's messages), or a
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

// isFramework says msg is of Bubble Tea's own package (tea.QuitMsg's),
// which Bubble Tea acts on before any model sees it (tea.QuitMsg, its
// unexported messages).
func (fw *framework) isFramework(msg any) bool {
	t := reflect.TypeOf(msg)
	for t != nil && t.Kind() == reflect.Pointer {
		t = t.Elem()
	}
	return t != nil && t.PkgPath() == fw.pkg
}

// waitsOnClock says fn, a Cmd's function, is the closure of one of the
// clock's Cmds: its code is where theirs is.
func (fw *framework) waitsOnClock(fn *runtime.Func) bool {
	return fn != nil && fw.sites[site(fn)]
}

func funcOf[C any](cmd C) *runtime.Func {
	v := reflect.ValueOf(cmd)
	if v.Kind() != reflect.Func || v.IsNil() {
		return nil
	}
	return runtime.FuncForPC(v.Pointer())
}

// site is where fn's code starts: its file and line. A closure is known
// by it, not by its function's entry: where the function that returns it
// is inlined, the compiler makes a copy of the closure, with an entry and
// a name of its own, from the same source line (go1.26: a closure of mk
// is main.main.mk.func1 where main inlines mk, main.f.mk.func1 in f).
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
