package terminal

import (
	"context"
	"fmt"
	"io"
	"strings"
	"sync/atomic"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/hostbridge/hostbridge/host"
)

// KeepAlive is how often a bar is re-sent where the terminal forgets it:
// Ghostty drops a bar that has not been re-sent for about 15 s.
const KeepAlive = 10 * time.Second

// bar is the progress indicator the terminal shows, as far as the backend
// knows.
type bar uint8

const (
	barUnknown bar = iota // never written, or a write failed half-way
	barNone               // 0: removed
	barWorking            // 3: indeterminate
	barBlocked            // 4;100: warning
	barFailed             // 2;100: error
)

var barNames = [...]string{"unknown", "none", "working", "blocked", "failed"}

func (b bar) String() string { return barNames[b] }

func barFor(s host.State) bar {
	switch s {
	case host.Working:
		return barWorking
	case host.Blocked:
		return barBlocked
	case host.Failed:
		return barFailed
	}
	return barNone // Idle, Unknown
}

func (b bar) seq() string {
	switch b {
	case barWorking:
		return ansi.SetIndeterminateProgressBar
	case barBlocked:
		return ansi.SetWarningProgressBar(100)
	case barFailed:
		return ansi.SetErrorProgressBar(100)
	}
	return ansi.ResetProgressBar
}

// Backend is the plain terminal: the chat's state as an OSC 9;4 progress
// indicator, the attention ping as an OSC 9 notification. It implements
// host.Backend and host.Refresher. Like every backend it is driven by one
// goroutine at a time (core.Reporter's worker); it is not safe for
// concurrent Report calls.
type Backend struct {
	out      io.Writer
	info     Info
	probe    func(ctx context.Context, name string, args ...string) (string, error)
	gen      tmuxGen
	progress bool // OSC 9;4 wanted and not known-bad
	ping     bool // OSC 9 wanted

	shown         bar           // what the terminal shows
	pass          atomic.Uint32 // passState: tmux's allow-passthrough, once asked
	probeTimeouts int           // probes that ran out of time so far
}

var (
	_ host.Backend   = (*Backend)(nil)
	_ host.Refresher = (*Backend)(nil)
	_ host.Drawer    = (*Backend)(nil)
)

// DrawsInTerminal implements host.Drawer: the bar is in the chat's own
// terminal, so it is cleared before another program takes it.
func (b *Backend) DrawsInTerminal() {}

// Name implements host.Backend.
func (b *Backend) Name() string { return "terminal" }

// Report implements host.Backend: KindState sets the bar, KindPing
// notifies, KindSuspend removes a bar while someone else has the terminal,
// KindExit always removes it (a bar left set keeps animating after the
// chat is gone). Other kinds are ignored. Nothing is written when the
// terminal could not use it; where tmux would swallow the sequence
// (allow-passthrough off) Report says so with an error wrapping
// host.ErrDropped, which the Reporter counts as dropped, not sent.
func (b *Backend) Report(ctx context.Context, r host.Report) error {
	switch r.Kind {
	case host.KindState:
		want := barFor(r.State)
		if want == b.shown && !r.Repeat {
			return nil
		}
		return b.setBar(ctx, want)
	case host.KindSuspend:
		if b.shown == barNone {
			return nil
		}
		return b.setBar(ctx, barNone)
	case host.KindExit:
		return b.setBar(ctx, barNone)
	case host.KindPing:
		return b.notify(ctx, r.Message)
	}
	return nil
}

// Refresh implements host.Refresher. Two terminals lose a bar unless it is
// re-sent, every KeepAlive:
//   - Ghostty drops a bar (working, blocked, failed) that has not been
//     re-sent for about 15 s;
//   - tmux with allow-passthrough "on" (not "all") drops what a pane in a
//     hidden window passes through, so a state reached while the
//     chat's window was hidden (the final "no bar", typically) never
//     reaches the outer terminal; re-sending every state, "no bar"
//     included, brings the outer bar back to the truth once the window is
//     shown again.
//
// Nowhere else: a repeated sequence restarts Windows Terminal's animation.
// Inside a multiplexer the outer terminal is unknown, so no Ghostty
// keep-alive there.
func (b *Backend) Refresh(s host.State) time.Duration {
	switch {
	case !b.progress:
		return 0
	case b.info.Mux == MuxNone && barFor(s) != barNone && strings.EqualFold(b.info.Program, "ghostty"):
		return KeepAlive
	case b.info.Mux == MuxTmux && passState(b.pass.Load()) == passVisible:
		return KeepAlive
	}
	return 0
}

func (b *Backend) setBar(ctx context.Context, want bar) error {
	if !b.progress {
		return nil
	}
	ok, err := b.write(ctx, seqProgress, want.seq())
	switch {
	case err != nil:
		b.shown = barUnknown // part of it may have reached the terminal
	case ok:
		b.shown = want
	}
	return err
}

func (b *Backend) notify(ctx context.Context, msg string) error {
	text := pingText(msg)
	if !b.ping || text == "" {
		return nil
	}
	_, err := b.write(ctx, seqPing, ansi.Notify(text))
	return err
}

// write sends seq by the route the multiplexer allows, in one Write.
// written is false when the route drops it.
func (b *Backend) write(ctx context.Context, k seqKind, seq string) (written bool, err error) {
	allowed := false
	if needsProbe(b.info.Mux) {
		if allowed, err = b.passthrough(ctx); err != nil {
			return false, err
		}
	}
	r := decide(b.info.Mux, b.gen, k, allowed)
	if r == routeDrop {
		return false, errSwallowed
	}
	return true, writeSeq(ctx, b.out, []byte(wrap(r, seq)))
}

// errSwallowed is a sequence tmux would swallow: not written, not sent.
var errSwallowed = fmt.Errorf("terminal: %w: tmux's allow-passthrough is off", host.ErrDropped)
