package host

import (
	"context"
	"errors"
	"time"
)

// Backend is one host the chat reports to: a terminal, a multiplexer's
// socket, a sidebar CLI.
//
// Report is called from one goroutine per backend, one report at a time,
// in the order the reports were made: a backend needs no locking for it.
// It must return once ctx is done, whatever the host does.
//
// A state, meta or agents report comes only when it differs from the last
// one of its kind the backend took, or with Repeat set: after a failed one
// (the host may have applied it), after a KindSuspend a Drawer took, or as
// a Refresher's keep-alive. So a backend sends what it is given, keeping
// only the wire state it needs to encode it.
//
// An error means the host did not take the report: it is counted, logged
// at debug level, and a state, meta, agents or session report is retried.
// One wrapping ErrDropped (the host never can) is counted Dropped, not
// retried. A backend returns nil for the kinds it has no use for.
type Backend interface {
	// Name is short and stable, for logs and diagnostics ("herdr").
	Name() string
	Report(ctx context.Context, r Report) error
}

// ErrDropped is wrapped by a Backend's error when the host cannot show the
// report and trying again would not change that (tmux with passthrough
// off, a method the host lacks). The backend says why, once.
var ErrDropped = errors.New("dropped: the host cannot show this report")

// Stats counts what happened to one backend's reports.
type Stats struct {
	Backend   string
	Sent      int64 // delivered
	Failed    int64 // attempts that returned an error
	Coalesced int64 // superseded before delivery, or unchanged
	Dropped   int64 // the queue was full, the exit ran out of time, or ErrDropped
	Retried   int64 // sent again after a failure
	Refreshed int64 // sent again so the host does not forget it
}

// Closer is a backend that holds resources: Close is called once, from the
// backend's goroutine, after the last report.
type Closer interface {
	Close() error
}

// Refresher is a backend whose host forgets a state unless it is sent
// again (Ghostty drops a progress bar after about 15 s): a state it took
// is sent again as a Repeat every Refresh(state) while it holds; zero
// means never.
type Refresher interface {
	Refresh(s State) time.Duration
}

// Drawer is a backend that draws in the chat's own terminal. Before
// another program takes the terminal (KindSuspend), only Drawers are
// waited for: a slow socket must not delay the user's editor.
type Drawer interface {
	DrawsInTerminal()
}

// Func returns a Backend named name whose Report is report.
func Func(name string, report func(ctx context.Context, r Report) error) Backend {
	return funcBackend{name, report}
}

type funcBackend struct {
	name   string
	report func(ctx context.Context, r Report) error
}

func (f funcBackend) Name() string                               { return f.name }
func (f funcBackend) Report(ctx context.Context, r Report) error { return f.report(ctx, r) }
