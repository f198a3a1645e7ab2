package kitcore

import "reflect"

// cmdRun is one counted Cmd: register counts it, run runs it.
type cmdRun[M any, C ~func() M] struct {
	tr   *tracker[M, C]
	cmd  C
	name string
	id   uint64
	at   *branch // where it runs among the tea.Batches around it
}

// branch is where a Cmd runs among the tea.Batches around it: which Cmd
// of the innermost one it is, or is behind in a tea.Sequence, and where
// that Batch runs in turn. nil is outside every Batch.
//
// Two ordered messages (hostbridge's) race if the Cmds that gave
// them are different Cmds of one Batch, at any depth: a Batch runs its
// Cmds concurrently, nested or not, and a tea.Sequence inside one orders
// only its own Cmds. Cmds of one tea.Sequence share its branch, and a
// Batch that a tea.Sequence runs is over before the next Cmd of the
// Sequence runs (charm.land/bubbletea/v2 tea.go execSequenceMsg, v2.0.7;
// github.com/charmbracelet/bubbletea tea.go eventLoop's sequenceMsg case,
// v1.3.0), so they do not race.
type branch struct {
	batch *batch
	index int // which Cmd of batch
	outer *branch
}

// batch is one tea.Batch followed: the first ordered message one of its
// Cmds gave, and which Cmd gave it.
type batch struct {
	first string // "" until then
	from  int
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
		tr.end(r.id)
		return none
	}
	out, ok := tr.followBatch(msg, r.at)
	if !ok {
		out, ok = tr.followSequence(msg, r.at)
	}
	if ok {
		tr.end(r.id) // its Cmds are counted now
		return out
	}
	if name := tr.fw.orderedName(msg); name != "" {
		tr.fromBranch(r.at, name)
	}
	// Bubble Tea would send msg; send it, then the marker behind it, from
	// this goroutine, so the marker arrives after it. Inside a Batch it
	// goes with its branch, which the Cmds its Update returns inherit
	// (see fromCmd).
	if r.at != nil && !tr.fw.isFramework(msg) {
		tr.send(any(fromCmd[M]{msg: msg, at: r.at}).(M))
	} else {
		tr.send(msg)
	}
	tr.send(any(cmdDone{r.id}).(M))
	return none
}

// fromCmd carries the message of a Cmd run inside a tea.Batch, and where
// it ran, to the kit's model, which hands msg on and tracks the Cmds its
// Update returns at the same branch: what they bring happens after msg,
// so it races with the other Cmds of the Batch as msg does. In
// tea.Batch(hostbridge.Sequence(hostbridge.TurnStarted{}), request), the
// Idle that the reply's Update returns may come before the turn starts.
// A message of Bubble Tea's own package (tea.QuitMsg, its unexported
// ones) goes as it is, for Bubble Tea to act on; chains through a timer
// start afresh, as the timer's message waits for work.
type fromCmd[M any] struct {
	msg M
	at  *branch
}

// track wraps cmd, returned by an Update of a message that a Cmd at at
// gave (nil: any other), and counts it from now; a timer is wrapped to
// wait for work (see the package doc) and not counted. A nil cmd stays
// nil.
func (tr *tracker[M, C]) track(cmd C, at *branch) C {
	if cmd == nil {
		return nil
	}
	wrapped, r := tr.wrap(cmd, nil, at)
	if r != nil {
		r.register()
	}
	return wrapped
}

// wrap wraps cmd, not nil, which runs at at: a timer to wait for work and
// then count then (see clock), any other Cmd as a run, returned to be
// registered.
func (tr *tracker[M, C]) wrap(cmd C, then []*cmdRun[M, C], at *branch) (C, *cmdRun[M, C]) {
	fn := funcOf(cmd)
	if tr.fw.waitsOnClock(fn) {
		return tr.clock(cmd, then), nil
	}
	r := &cmdRun[M, C]{tr: tr, cmd: cmd, name: describe(fn), at: at}
	return r.run, r
}

// clock wraps a Cmd that waits on the clock: once it has fired, its message
// waits until no counted Cmd runs, then the Cmds then (those behind it in a
// tea.Sequence) are counted, and it goes in.
func (tr *tracker[M, C]) clock(cmd C, then []*cmdRun[M, C]) C {
	return func() M {
		msg := cmd()
		_, idle := tr.busy()
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

// rewrap returns a copy of msg with each Cmd replaced by wrap's (given
// its index), last first, if msg is of kind, the version's slice of Cmds
// (BatchMsg, sequenceMsg).
func (tr *tracker[M, C]) rewrap(msg M, kind reflect.Type, wrap func(int, C) C) (M, bool) {
	t := reflect.TypeOf(msg)
	if t == nil || t != kind || t.Kind() != reflect.Slice || t.Elem() != reflect.TypeFor[C]() {
		return msg, false
	}
	in := reflect.ValueOf(msg)
	out := reflect.MakeSlice(t, in.Len(), in.Len())
	for i := in.Len() - 1; i >= 0; i-- {
		c, _ := in.Index(i).Interface().(C)
		out.Index(i).Set(reflect.ValueOf(wrap(i, c)))
	}
	return out.Interface().(M), true
}

// followBatch returns a copy of a tea.BatchMsg, run at at, with each Cmd
// tracked, each on a branch of its own.
func (tr *tracker[M, C]) followBatch(msg M, at *branch) (M, bool) {
	b := &batch{}
	return tr.rewrap(msg, tr.fw.batch, func(i int, cmd C) C {
		if cmd == nil {
			return nil
		}
		wrapped, r := tr.wrap(cmd, nil, &branch{batch: b, index: i, outer: at})
		if r != nil {
			r.register()
		}
		return wrapped
	})
}

// followSequence returns a copy of Bubble Tea's unexported sequence
// message (known by the type tea.Sequence's Cmd returns) with each Cmd
// wrapped, if msg is one. The Cmds before its first
// timer are counted now, those behind each timer once it has fired. Its
// Cmds run where the sequence does, at at.
func (tr *tracker[M, C]) followSequence(msg M, at *branch) (M, bool) {
	var then []*cmdRun[M, C] // the Cmds after the one wrapped, up to the next timer
	out, ok := tr.rewrap(msg, tr.fw.sequence, func(_ int, c C) C {
		if c == nil {
			return nil
		}
		wrapped, r := tr.wrap(c, then, at)
		if r == nil {
			then = nil // the timer counts them once it has fired
		} else {
			then = append(then, r)
		}
		return wrapped
	})
	for _, r := range then {
		r.register()
	}
	return out, ok
}
