package terminal

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
	"strings"
	"sync/atomic"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/core"
	"github.com/hostbridge/hostbridge/internal/proc"
	"github.com/hostbridge/hostbridge/internal/settings"
)

// Wiring is what Build tells a Backend beside the settings (whose Output,
// Ping, Progress, KnownBadProgress and Agent, the notification's title, it
// reads): what was detected and what the other hosts do. The zero value is
// an unknown terminal alone.
type Wiring struct {
	Info       Info
	NoProgress bool // no bar: another host shows the state
	// Probe runs the tmux probe's command and returns its output (nil: execProbe).
	Probe func(ctx context.Context, name string, args ...string) (string, error)
	Tmux  *TmuxAsk // shared with the tmux pane's backend; nil: asks through Probe
	// HostShows, when set, says whether another host shows the state now
	// (a cmux that refuses its rows), waiting, bounded by ctx, while it finds
	// out; an error: not known yet. The bar is drawn only when it does not.
	HostShows func(ctx context.Context) (bool, error)
}

// Backend is the plain terminal. Like every backend it is driven by one
// goroutine at a time; Note and Probe are safe beside it.
type Backend struct {
	out        io.Writer
	info       Info
	tmux       *TmuxAsk
	hostShows  func(ctx context.Context) (bool, error) // Wiring.HostShows
	hostShown  bool                                    // its last answer, for Refresh
	progress   bool                                    // the bar wanted (the plan may still say none)
	force      settings.Support                        // Settings.Progress
	bad        []badEntry                              // Settings.KnownBadProgress parsed; nil: the table decides
	title      string                                  // Settings.Agent
	ping       bool                                    // the ping wanted
	shown      string                                  // the bar the terminal shows, for a suspend; "" unknown
	owner      atomic.Uint32                           // barOwner: who writes the bar (renderer.go)
	released   atomic.Bool                             // the backend let go of the bar: the renderer draws it (renderer.go)
	releasedCh chan struct{}                           // closed once released is set
}

var (
	_ host.Refresher = (*Backend)(nil)
	_ host.Drawer    = (*Backend)(nil)
)

// New returns a Backend for s and w. Nothing is checked again here: bridge
// checked s (the known-bad list by CheckKnownBad, Progress by support) and
// detection made w.Info.
func New(s settings.Settings, w Wiring) *Backend {
	var bad []badEntry
	if s.KnownBadProgress != nil {
		bad, _ = parseBadList(s.KnownBadProgress)
	}
	b := &Backend{
		out: s.Output, info: w.Info, tmux: w.Tmux, hostShows: w.HostShows,
		releasedCh: make(chan struct{}), ping: s.Ping, bad: bad, force: s.Progress,
		title:    core.Clean(s.Agent, 32),
		progress: !w.NoProgress && s.Progress != settings.Off,
	}
	if b.tmux == nil {
		b.tmux = NewTmuxAsk(w.Probe, w.Info.MuxPane)
	}
	return b
}

func (b *Backend) Name() string { return "terminal" }

// DrawsInTerminal: the bar is cleared before another program takes the terminal.
func (b *Backend) DrawsInTerminal() {}

// barSeq is the bar for a state, BEL-terminated (terminate ends it as
// the terminal needs); "no bar" for the states that have none.
func barSeq(s host.State) string {
	switch s {
	case host.Working:
		return ansi.SetIndeterminateProgressBar
	case host.Blocked:
		return ansi.SetWarningProgressBar(100)
	case host.Failed:
		return ansi.SetErrorProgressBar(100)
	}
	return ansi.ResetProgressBar
}

// terminate ends an OSC the way the plan says: ST for a terminal known to
// take it (VTE 0.80+ takes OSC 9;4 only so), BEL for an unknown one and
// inside GNU screen's passthrough (choose).
func terminate(seq string, e Terminator) string {
	if e == EndBEL {
		return seq
	}
	return strings.TrimSuffix(seq, "\a") + "\x1b\\"
}

// Report writes a state's bar, a ping, no bar for a suspend (when one is
// shown) and always for the exit: a bar left set keeps animating after
// the chat is gone.
func (b *Backend) Report(ctx context.Context, r host.Report) error {
	if r.Kind != host.KindPing && b.skipBar(r) {
		return nil
	}
	defer b.release()
	switch r.Kind {
	case host.KindState:
		return b.setBar(ctx, barSeq(r.State))
	case host.KindSuspend, host.KindExit:
		if r.Kind == host.KindSuspend && b.shown == ansi.ResetProgressBar {
			return nil
		}
		return b.setBar(ctx, ansi.ResetProgressBar)
	case host.KindPing:
		if !b.ping || pingText(r.Message, "") == "" {
			return nil
		}
		p, err := b.planAsked(ctx)
		if err != nil {
			return err
		}
		seq := b.pingSeq(p, r.Message)
		if seq == "" {
			return nil
		}
		return b.write(ctx, seqPing, seq, rings(r.State) && p.Ping != PingBEL, p.Ping == PingBEL)
	}
	return nil
}

// pingSeq is the ping the plan's method shows, text made safe for the
// terminal; "" where it shows none.
func (b *Backend) pingSeq(p Plan, msg string) string {
	text := pingText(msg, p.Cut)
	switch p.Ping {
	case PingBEL:
		return "\a"
	case PingOSC9:
		return terminate(ansi.Notify(text), p.End)
	case PingOSC777:
		// The title and body are fields: neither may hold a ';' (Konsole,
		// Contour: a body with one is cut or dropped; see the table).
		title := strings.ReplaceAll(b.title, ";", ",")
		return terminate("\x1b]777;notify;"+title+";"+strings.ReplaceAll(text, ";", ",")+"\a", p.End)
	case PingOSC99:
		// kitty's desktop notification protocol: o=unfocused has the
		// terminal drop it while it has the focus; the payload is the
		// title, plain UTF-8 (e=0, the default). Read at
		// kovidgoyal/kitty@9475a58 kitty/notifications.py, and in foot's
		// osc.c and Konsole's Vt102Emulation.cpp (terminals.go cites each).
		return terminate("\x1b]99;o=unfocused;"+text+"\a", p.End)
	}
	return ""
}

const keepAlive = 10 * time.Second

// Refresh has a bar re-sent where the terminal loses it, and nowhere else:
// a repeated sequence restarts Windows Terminal's animation (each OSC 9;4
// sets the tab's progress ring again: see its row in terminals.go). That is
// every row of the table with an expiry (Ghostty, Rio, kitty 0.39+),
// directly or through tmux's passthrough, and under tmux with
// allow-passthrough "on" every state, "no bar" too, as tmux drops what a
// hidden window passes (measured on 3.3a; tty.c).
func (b *Backend) Refresh(s host.State) time.Duration {
	p := b.plan()
	switch {
	case !b.barOn(p) || b.hostShown:
		return 0
	case b.info.Mux == MuxTmux && b.pass() == passVisible && !b.progressBar():
		return keepAlive
	case b.info.Mux == MuxNone || b.info.Mux == MuxTmux && b.pass() == passAll && !b.progressBar():
		if barSeq(s) != ansi.ResetProgressBar {
			return p.Keep
		}
	}
	return 0
}

// barOn says whether the bar is sent to the terminal the plan is for: the
// app's Progress and known-bad list first, then the table.
func (b *Backend) barOn(p Plan) bool {
	switch {
	case !b.progress:
		return false
	case b.force == settings.On:
		return true
	case b.bad != nil && !p.Forbid:
		return !badProgress(b.bad, Info{Program: p.Program, Version: p.Version, Term: b.info.Term})
	}
	return p.Bar
}

// plan is the table's choice for the terminal as known now, never
// blocking: inside tmux, the outer terminal once the probe told it.
func (b *Backend) plan() Plan {
	in := b.info
	if in.Mux == MuxTmux {
		f, _, _ := b.tmux.Known()
		in.Program, in.Version, in.From = outer(f)
	}
	return choose(in)
}

// planAsked is plan after asking tmux (bounded by ctx) who the outer
// terminal is; an ask out of time fails the report, so it is retried.
func (b *Backend) planAsked(ctx context.Context) (Plan, error) {
	if b.info.Mux == MuxTmux {
		if _, err := b.tmuxFacts(ctx); err != nil {
			return Plan{}, err
		}
	}
	return b.plan(), nil
}

// tmuxFacts is tmux's answer, asked (bounded by ctx) if not known yet; an
// ask out of time fails the report, so it is retried.
func (b *Backend) tmuxFacts(ctx context.Context) (TmuxFacts, error) {
	if f, done, _ := b.tmux.Known(); done {
		return f, nil
	}
	if ctx.Err() != nil {
		return TmuxFacts{}, context.Cause(ctx)
	}
	f, done, _ := b.tmux.Facts(ctx)
	if !done {
		return f, fmt.Errorf("terminal: asking tmux about passthrough: %w", context.Cause(ctx))
	}
	return f, nil
}

// Plan is what the backend chose for the terminal as known now (-doctor,
// the channels); inside tmux, after Probe, for the outer terminal.
func (b *Backend) Plan() Plan {
	p := b.plan()
	if on := b.barOn(p); on != p.Bar {
		p.Bar, p.BarWhy = on, "the app's setting (Progress, known-bad list)"
		if !on {
			p.Keep = 0
		}
	}
	if !b.ping {
		p.Ping, p.PingWhy = PingNone, "off (another host alerts, or the app turned it off)"
	}
	return p
}

func (b *Backend) setBar(ctx context.Context, want string) error {
	if !b.progress {
		return nil
	}
	p, err := b.planAsked(ctx)
	if err != nil {
		return err
	}
	if !b.barOn(p) {
		return nil
	}
	if b.hostShows != nil {
		var err error
		if b.hostShown, err = b.hostShows(ctx); err != nil && want != ansi.ResetProgressBar {
			return fmt.Errorf("terminal: bar: %w", err) // not taken: it comes again
		}
		if b.hostShown {
			return nil
		}
	}
	if err := b.write(ctx, seqProgress, terminate(want, p.End), false, false); err != nil {
		b.shown = "" // part of it may have reached the terminal
		return err
	}
	b.shown = want
	return nil
}

// pingLimit caps a ping's text, in runes: a notification is one short line.
const pingLimit = 120

// pingText is msg as a notification's text, capped and without controls,
// as one BEL, ESC or 0x9c would end the sequence and hand the rest to the
// terminal as commands; each character of cut (the terminal drops or cuts
// the text at it: the table's text rules) becomes ','. ConEmu-family
// terminals (and Ghostty) read an OSC 9 body that starts with a digit as a
// command ("4;" progress, "9;" directory): such text gets a leading space.
func pingText(msg, cut string) string {
	s := core.Clean(msg, pingLimit)
	for _, c := range cut {
		s = strings.ReplaceAll(s, string(c), ",")
	}
	if s != "" && s[0] >= '0' && s[0] <= '9' {
		return " " + s
	}
	return s
}

// rings says which pings also ring the pane's bell inside tmux (unless
// tmux passes every window's OSC 9): tmux flags a hidden window that rang
// and alerts the attached clients (alerts.c, tmux 3.3a), the one alert that
// reaches a user behind allow-passthrough off. The README says why an
// ended turn does not ring.
func rings(s host.State) bool { return s == host.Blocked || s == host.Failed }

// write sends seq of kind k by the route the multiplexer allows, in one
// Write, so it never lands inside a frame (Go serialises Write calls on
// one *os.File), with tmux's bell if ring (see rings); raw is a BEL ping,
// which goes as it is. A sequence the route drops is errSwallowed, unless
// the bell still goes.
func (b *Backend) write(ctx context.Context, k seqKind, seq string, ring, raw bool) error {
	allowed, bell := false, ""
	if b.info.Mux == MuxTmux {
		f, err := b.tmuxFacts(ctx)
		if err != nil {
			return err
		}
		allowed = f.Pass == passVisible || f.Pass == passAll
		if ring && f.Pass != passAll {
			bell = "\a"
		}
	}
	r := decide(b.info.Mux, b.gen(), k, allowed)
	if k == seqProgress && b.progressBar() || raw {
		r = routeRaw // tmux draws the bar itself (see progressBar); a BEL is the pane's bell
	}
	seq = wrap(r, seq) + bell
	if seq == "" {
		return errSwallowed
	}
	return writeSeq(ctx, b.out, []byte(seq))
}

// errSwallowed is a sequence tmux would swallow: not written, not sent.
var errSwallowed = fmt.Errorf("terminal: %w: tmux's allow-passthrough is off", host.ErrDropped)

// writeSeq writes p in one Write, ended with ctx where out takes write
// deadlines (a pipe, a pty the program opened). A chat's terminal takes
// none (a file whose Fd was called, as Bubble Tea does, is blocking), so a
// terminal that stops reading (XOFF, a frozen ssh link) blocks the write,
// as it blocks Bubble Tea's renderer, until the Reporter's Close gives up.
func writeSeq(ctx context.Context, out io.Writer, p []byte) error {
	if err := ctx.Err(); err != nil {
		return fmt.Errorf("terminal: write: %w", context.Cause(ctx))
	}
	if d, ok := out.(interface{ SetWriteDeadline(time.Time) error }); ok {
		if release, err := proc.Bound(ctx, d.SetWriteDeadline); err == nil {
			defer release()
		}
	}
	n, err := out.Write(p)
	if err == nil && n < len(p) {
		err = io.ErrShortWrite
	}
	switch {
	case err == nil:
		return nil
	case ctx.Err() != nil:
		return fmt.Errorf("terminal: write: %w (%w)", err, context.Cause(ctx))
	case errors.Is(err, os.ErrDeadlineExceeded):
		// The file's deadline is ctx's; its timer fired before ctx's own.
		return fmt.Errorf("terminal: write: %w (%w)", err, context.DeadlineExceeded)
	}
	return fmt.Errorf("terminal: write: %w", err)
}
