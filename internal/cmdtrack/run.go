package cmdtrack

import "reflect"

// cmdRun is one counted Cmd: register counts it, run runs it.
type cmdRun[M any, C ~func() M] struct {
	tr   *Tracker[M, C]
	cmd  C
	name string
	id   uint64
}

func (r *cmdRun[M, C]) register() { r.id = r.tr.start(r.name) }

// run runs the Cmd; a Batch or Sequence it returns has its Cmds wrapped
// and counted before this one ends, and any other message goes into the
// program with the marker that ends the count behind it.
func (r *cmdRun[M, C]) run() M {
	tr := r.tr
	msg := r.cmd()
	var none M
	if any(msg) == nil {
		tr.End(r.id)
		return none
	}
	if out, ok := tr.followBatch(msg); ok {
		tr.End(r.id) // its Cmds are counted now
		return out
	}
	if out, ok := tr.followSequence(msg); ok {
		tr.End(r.id)
		return out
	}
	// Bubble Tea would send msg; send it, then the marker behind it, from
	// this goroutine, so the marker arrives after it.
	tr.send(msg)
	tr.send(any(Done{r.id}).(M))
	return none
}

// Track wraps cmd and counts it from now; a timer is wrapped to wait for
// work (see the package doc) and not counted. A nil cmd stays nil.
func (tr *Tracker[M, C]) Track(cmd C) C {
	if cmd == nil {
		return nil
	}
	fn := funcOf(cmd)
	if tr.fw.waitsOnClock(fn) {
		return tr.clock(cmd, nil)
	}
	r := &cmdRun[M, C]{tr: tr, cmd: cmd, name: describe(fn)}
	r.register()
	return r.run
}

// clock wraps a Cmd that waits on the clock: once it has fired, its message
// waits until no counted Cmd runs, then the Cmds then (those behind it in a
// tea.Sequence) are counted, and it goes in.
func (tr *Tracker[M, C]) clock(cmd C, then []*cmdRun[M, C]) C {
	return func() M {
		msg := cmd()
		_, idle := tr.Busy()
		select {
		case <-idle:
		case <-tr.done:
		}
		for _, r := range then {
			r.register()
		}
		return msg
	}
}

// cmds returns msg as a reflect.Value if it is the version's slice of Cmds
// named name (BatchMsg, sequenceMsg).
func (tr *Tracker[M, C]) cmds(msg M, name string) (reflect.Value, bool) {
	t := reflect.TypeOf(msg)
	if t == nil || t.Kind() != reflect.Slice || t.Elem() != reflect.TypeFor[C]() ||
		t.Name() != name || t.PkgPath() != tr.fw.pkg {
		return reflect.Value{}, false
	}
	return reflect.ValueOf(msg), true
}

// followBatch returns a copy of a tea.BatchMsg with each Cmd tracked.
func (tr *Tracker[M, C]) followBatch(msg M) (M, bool) {
	in, ok := tr.cmds(msg, "BatchMsg")
	if !ok {
		return msg, false
	}
	out := reflect.MakeSlice(in.Type(), in.Len(), in.Len())
	for i := range in.Len() {
		c, _ := in.Index(i).Interface().(C)
		out.Index(i).Set(reflect.ValueOf(tr.Track(c)))
	}
	return out.Interface().(M), true
}

// followSequence returns a copy of Bubble Tea's unexported sequence
// message with each Cmd wrapped, if msg is one. The Cmds before its first
// timer are counted now, those behind each timer once it has fired.
func (tr *Tracker[M, C]) followSequence(msg M) (M, bool) {
	in, ok := tr.cmds(msg, "sequenceMsg")
	if !ok {
		return msg, false
	}
	out := reflect.MakeSlice(in.Type(), in.Len(), in.Len())
	var then []*cmdRun[M, C] // the Cmds after i, up to the next timer
	for i := in.Len() - 1; i >= 0; i-- {
		c, _ := in.Index(i).Interface().(C)
		if c == nil {
			continue
		}
		var wrapped C
		if fn := funcOf(c); tr.fw.waitsOnClock(fn) {
			wrapped, then = tr.clock(c, then), nil
		} else {
			r := &cmdRun[M, C]{tr: tr, cmd: c, name: describe(fn)}
			wrapped, then = r.run, append(then, r)
		}
		out.Index(i).Set(reflect.ValueOf(wrapped))
	}
	for _, r := range then {
		r.register()
	}
	return out.Interface().(M), true
}
