package kitcore

import (
	"maps"
	"slices"
	"strings"
	"sync"
)

// cmdDone follows the message of the Cmd ID into the program; the kit's
// model passes it to End.
type cmdDone struct{ ID uint64 }

// tracker follows a Bubble Tea app's Cmds, so that a kit's wait ends once
// everything the app set going has come back. It is written once for both
// versions: a Cmd is any func() M, and what differs between versions (the
// types of BatchMsg and the unexported sequenceMsg, which are followed
// into, and the closures of the clock's Cmds) is learnt from the version's
// own functions (see framework).
//
// Every Cmd that Init or Update returns is wrapped (track) and counts as
// running until its message has been through Update: the wrapper sends the
// message into the program itself, followed by a cmdDone marker, and the kit's
// model calls end when the marker comes through. A tea.Batch or
// tea.Sequence is followed into by reflection.
//
// Cmds that wait on the clock are not counted (a spinner re-arms its timer
// for ever). A timer is known by where its closure's code is, file and
// line (see site), learnt by calling the functions that make them. Once fired, it holds its message
// until no counted Cmd runs, so in tea.Batch(turnStarted, tea.Tick(d,
// reply)) the turn starts first on every run; in a tea.Sequence, the Cmds
// behind it are counted then, before its message goes in.
//
// Two ordered messages (hostbridge's) that race are reported (misuse):
// those from different Cmds of one tea.Batch, at any depth, and from the
// Cmds that the Updates of their messages return (see branch, fromCmd).
//
// A tracker counts the wrapped Cmds of one program that are running. M is
// the version's tea.Msg, C its tea.Cmd.
type tracker[M any, C ~func() M] struct {
	fw   *framework
	send func(M)         // the program's Send
	done <-chan struct{} // closed once the program has ended

	mu          sync.Mutex
	next        uint64
	running     map[uint64]string // id: the Cmd's function, for a timeout message
	idle        chan struct{}     // closed while nothing runs
	batchMisuse string            // the first two ordered messages that raced in a tea.Batch
}

// newTracker returns a tracker for a program of fw's version: send is the
// program's Send, done is closed once the program has ended (a fired timer
// then stops waiting for work).
func newTracker[M any, C ~func() M](fw *framework, send func(M), done <-chan struct{}) *tracker[M, C] {
	tr := &tracker[M, C]{fw: fw, send: send, done: done,
		running: map[uint64]string{}, idle: make(chan struct{})}
	close(tr.idle)
	return tr
}

func (tr *tracker[M, C]) start(name string) uint64 {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	if len(tr.running) == 0 {
		tr.idle = make(chan struct{})
	}
	tr.next++
	tr.running[tr.next] = name
	return tr.next
}

// end ends the count of the Cmd id: its message has been through Update.
// An unknown id is ignored.
func (tr *tracker[M, C]) end(id uint64) {
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
func (tr *tracker[M, C]) busy() (int, <-chan struct{}) {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	return len(tr.running), tr.idle
}

// names lists the running Cmds' functions, for a timeout message.
func (tr *tracker[M, C]) names() string {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	return strings.Join(slices.Compact(slices.Sorted(maps.Values(tr.running))), ", ")
}

// fromBranch records that the Cmd at at gave the ordered message named
// name; one from another Cmd of a Batch around it is a misuse.
func (tr *tracker[M, C]) fromBranch(at *branch, name string) {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	for ; at != nil; at = at.outer {
		b := at.batch
		switch {
		case b.first == "":
			b.first, b.from = name, at.index
		case b.from != at.index && tr.batchMisuse == "":
			tr.batchMisuse = b.first + " and " + name
		}
	}
}

// misuse says which two ordered messages (hostbridge's) came from
// different Cmds of one tea.Batch (see branch), which runs its Cmds
// concurrently: they arrive in either order, so what the hosts are shown
// differs from run to run. It is empty if none did.
func (tr *tracker[M, C]) misuse() string {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	return tr.batchMisuse
}
