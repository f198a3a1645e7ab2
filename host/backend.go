package host

import (
	"context"
	"errors"
	"time"
)

// Backend is one host the chat reports to: a terminal, a multiplexer's
// socket, a sidebar CLI.
//
// The Reporter calls Report from one goroutine per backend, one report at a
// time, in the order the reports were made; a backend needs no locking of
// its own for Report. ctx carries the report's deadline: Report must return
// once ctx is done, whatever the host does. A non-nil error means the host
// did not take the report; it is logged at debug level and counted, never
// shown, and a snapshot report (state, meta, agents) is tried again later so
// the host converges. An error wrapping ErrDropped means the host cannot
// show the report and never will; it is counted Dropped and not tried
// again. A backend ignores the kinds it has no use for and returns nil for
// them.
type Backend interface {
	// Name is a short, stable name for logs and diagnostics ("terminal",
	// "herdr").
	Name() string
	// Report tells the host about r.
	Report(ctx context.Context, r Report) error
}

// ErrDropped is wrapped by a Backend's error when the host cannot show a
// report and trying again would not change that: tmux swallows the
// sequence (allow-passthrough off), the host refused the method as
// unknown. It is no failure: the Reporter counts the report Dropped, not
// Sent, logs nothing (the backend says why, once) and never retries it.
var ErrDropped = errors.New("dropped: the host cannot show this report")

// Closer is implemented by a backend that holds resources (a connection).
// The Reporter calls Close once, from the backend's goroutine, after the
// last report.
type Closer interface {
	Close() error
}

// Refresher is implemented by a backend whose host forgets a state unless
// it is re-sent (Ghostty drops a progress bar after about 15 s). After a
// state report is delivered, the Reporter re-sends it with Repeat set every
// Refresh(state), for as long as the state holds; zero means never.
type Refresher interface {
	Refresh(s State) time.Duration
}

// Drawer is implemented by a backend that draws in the chat's own
// terminal (the progress bar). Before another program takes the terminal
// (KindSuspend), only these are waited for: a slow multiplexer socket must
// not delay the user's editor.
type Drawer interface {
	DrawsInTerminal()
}

// Func adapts a function to a Backend.
type Func struct {
	N string
	F func(ctx context.Context, r Report) error
}

// Name implements Backend.
func (f Func) Name() string { return f.N }

// Report implements Backend.
func (f Func) Report(ctx context.Context, r Report) error { return f.F(ctx, r) }

var _ Backend = Func{}
