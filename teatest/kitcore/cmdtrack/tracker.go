package cmdtrack

import (
	"fmt"
	"maps"
	"slices"
	"strings"
	"sync"
)

// Done follows the message of the Cmd ID into the program; the kit's
// model passes it to End.
type Done struct{ ID uint64 }

// Tracker counts the wrapped Cmds of one program that are running. M is
// the version's tea.Msg, C its tea.Cmd.
type Tracker[M any, C ~func() M] struct {
	fw   *framework
	send func(M)         // the program's Send
	done <-chan struct{} // closed once the program has ended

	mu      sync.Mutex
	next    uint64
	running map[uint64]string // id: the Cmd's function, for a timeout message
	idle    chan struct{}     // closed while nothing runs
	misuse  string            // the first two ordered messages of one tea.Batch
}

// New returns a tracker for a program of fw's version: send is the
// program's Send, done is closed once the program has ended (a fired timer
// then stops waiting for work).
func New[M any, C ~func() M](fw Framework, send func(M), done <-chan struct{}) *Tracker[M, C] {
	tr := &Tracker[M, C]{fw: fw.compile(), send: send, done: done,
		running: map[uint64]string{}, idle: make(chan struct{})}
	close(tr.idle)
	return tr
}

func (tr *Tracker[M, C]) start(name string) uint64 {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	if len(tr.running) == 0 {
		tr.idle = make(chan struct{})
	}
	tr.next++
	tr.running[tr.next] = name
	return tr.next
}

// End ends the count of the Cmd id: its message has been through Update.
// An unknown id is ignored.
func (tr *Tracker[M, C]) End(id uint64) {
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

// Busy returns how many Cmds run, and a channel closed once none does.
func (tr *Tracker[M, C]) Busy() (int, <-chan struct{}) {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	return len(tr.running), tr.idle
}

// Names lists the running Cmds' functions, for a timeout message.
func (tr *Tracker[M, C]) Names() string {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	return strings.Join(slices.Compact(slices.Sorted(maps.Values(tr.running))), ", ")
}

// fromBatch records that a Cmd of b gave the ordered message msg; the
// second of one batch is a misuse.
func (tr *Tracker[M, C]) fromBatch(b *batch, msg M) {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	b.ordered = append(b.ordered, fmt.Sprintf("%T", msg))
	if len(b.ordered) == 2 && tr.misuse == "" {
		tr.misuse = strings.Join(b.ordered, " and ")
	}
}

// Misuse says which two ordered messages (Framework.Ordered) came from the
// Cmds of one tea.Batch, which runs its Cmds concurrently: they arrive in
// either order, so what the hosts are shown differs from run to run. It is
// empty if none did.
func (tr *Tracker[M, C]) Misuse() string {
	tr.mu.Lock()
	defer tr.mu.Unlock()
	return tr.misuse
}
