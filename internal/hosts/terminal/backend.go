package terminal

import (
	"context"
	"fmt"
	"io"
	"os"
	"strconv"
	"strings"
	"sync/atomic"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/core"
)

// Support says whether the terminal gets the bar: SupportAuto unless it
// is known-bad, SupportOn or SupportOff whatever the list says.
type Support uint8

const (
	SupportAuto Support = iota
	SupportOn
	SupportOff
)

var supportNames = [...]string{"auto", "on", "off"}

func (s Support) String() string {
	if int(s) < len(supportNames) {
		return supportNames[s]
	}
	return "Support(" + strconv.Itoa(int(s)) + ")"
}

// Config is how a Backend behaves; the zero value writes to os.Stdout for
// an unknown terminal, with the bar and the ping on.
type Config struct {
	Output     io.Writer // default os.Stdout
	Info       Info
	NoProgress bool // no bar: another host shows the state
	NoPing     bool
	Progress   Support
	// BadProgress replaces the known-bad list (defaultBadProgress); nil
	// keeps it, empty trusts every terminal.
	BadProgress []string
	// Probe runs a command and returns its output (default: the command,
	// bounded by the report): it asks tmux whether it lets sequences pass.
	Probe func(ctx context.Context, name string, args ...string) (string, error)
	Tmux  *TmuxAsk // shared with the tmux pane's backend; nil: asks through Probe
	// HostShows, when set, says whether another host shows the state now,
	// waiting, bounded by ctx, while it finds out: the bar is drawn only
	// when it does not (a cmux that refuses its rows).
	HostShows func(ctx context.Context) bool
}

// Backend is the plain terminal. Like every backend it is driven by one
// goroutine at a time; Note and Probe are safe beside it.
type Backend struct {
	out        io.Writer
	info       Info
	tmux       *TmuxAsk
	hostShows  func(ctx context.Context) bool // Config.HostShows
	hostShown  bool                           // its last answer, for Refresh
	progress   bool                           // the bar wanted, and not known-bad
	ping       bool                           // the ping wanted
	shown      string                         // the bar the terminal shows, for a suspend; "" unknown
	owner      atomic.Uint32                  // barOwner: who writes the bar (renderer.go)
	released   atomic.Bool                    // the backend let go of the bar: the renderer draws it (renderer.go)
	releasedCh chan struct{}                  // closed once released is set
}

var (
	_ host.Refresher = (*Backend)(nil)
	_ host.Drawer    = (*Backend)(nil)
)

// New returns a Backend for cfg, or an error saying what in cfg is bad.
func New(cfg Config) (*Backend, error) {
	if cfg.Progress > SupportOff {
		return nil, fmt.Errorf("terminal: unknown Progress %v", cfg.Progress)
	}
	if cfg.Info.Mux > MuxScreen {
		return nil, fmt.Errorf("terminal: unknown Info.Mux %v", cfg.Info.Mux)
	}
	list := defaultBadProgress
	if cfg.BadProgress != nil {
		list = cfg.BadProgress
	}
	bad, err := parseBadList(list)
	if err != nil {
		return nil, err
	}
	in := cfg.Info
	b := &Backend{
		out: cfg.Output, info: in, tmux: cfg.Tmux, hostShows: cfg.HostShows,
		releasedCh: make(chan struct{}),
		// The Linux console and dumb terminals print a sequence they do not
		// know as text, over the chat's screen.
		ping:     !cfg.NoPing && !(in.Mux == MuxNone && (in.Term == "linux" || in.Term == "dumb")),
		progress: cfg.Progress == SupportOn || cfg.Progress == SupportAuto && !badProgress(bad, in),
	}
	if cfg.NoProgress {
		b.progress = false
	}
	if b.out == nil {
		b.out = os.Stdout
	}
	if b.tmux == nil {
		b.tmux = NewTmuxAsk(cfg.Probe, in.MuxPane)
	}
	return b, nil
}

func (b *Backend) Name() string { return "terminal" }

// DrawsInTerminal: the bar is cleared before another program takes the
// terminal.
func (b *Backend) DrawsInTerminal() {}

// barSeq is the bar for a state: 3 indeterminate (working), 4;100
// warning (blocked), 2;100 error (failed), 0 removed.
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
	case host.KindSuspend:
		if b.shown == ansi.ResetProgressBar {
			return nil
		}
		return b.setBar(ctx, ansi.ResetProgressBar)
	case host.KindExit:
		return b.setBar(ctx, ansi.ResetProgressBar)
	case host.KindPing:
		text := pingText(r.Message)
		if !b.ping || text == "" {
			return nil
		}
		return b.write(ctx, seqPing, ansi.Notify(text), rings(r.State))
	}
	return nil
}

const keepAlive = 10 * time.Second

// Refresh has a bar re-sent where the terminal loses it, and nowhere else
// (a repeated sequence restarts Windows Terminal's animation): Ghostty
// drops a bar not re-sent for about 15 s; tmux with allow-passthrough "on"
// (not "all") drops what a hidden window passes (measured on 3.3a;
// tty.c), so every state, "no bar" too, is re-sent to set the outer bar
// right once the window shows. Inside a multiplexer the outer terminal is
// unknown: no Ghostty keep-alive there.
func (b *Backend) Refresh(s host.State) time.Duration {
	switch {
	case !b.progress || b.hostShown:
		return 0
	case b.info.Mux == MuxNone && barSeq(s) != ansi.ResetProgressBar && strings.EqualFold(b.info.Program, "ghostty"):
		return keepAlive
	case b.info.Mux == MuxTmux && b.pass() == passVisible && !b.progressBar():
		return keepAlive
	}
	return 0
}

func (b *Backend) setBar(ctx context.Context, want string) error {
	if !b.progress {
		return nil
	}
	if b.hostShows != nil {
		if b.hostShown = b.hostShows(ctx); b.hostShown {
			return nil
		}
	}
	if err := b.write(ctx, seqProgress, want, false); err != nil {
		b.shown = "" // part of it may have reached the terminal
		return err
	}
	b.shown = want
	return nil
}

// pingLimit caps a ping's text, in runes: a notification is one short line.
const pingLimit = 120

// pingText is msg as an OSC 9 body, capped and without controls: the
// Machine has cleaned it, and this is the protocol's charset, as one BEL,
// ESC or 0x9c would end the sequence and hand the rest to the terminal as
// commands. ConEmu-family terminals (and Ghostty) read a body that starts
// with a digit as a command ("4;" progress, "9;" directory): such text
// gets a leading space.
func pingText(msg string) string {
	s := core.Clean(msg, pingLimit)
	if s != "" && s[0] >= '0' && s[0] <= '9' {
		return " " + s
	}
	return s
}

// write sends seq of kind k by the route the multiplexer allows, in one
// Write, so it never lands inside a frame (Go serialises Write calls on
// one *os.File). With ring (a ping that rings: see rings) tmux's bell
// goes with it, unless tmux passes the OSC 9 from every window. A
// sequence the route drops is errSwallowed, unless the bell still goes.
func (b *Backend) write(ctx context.Context, k seqKind, seq string, ring bool) error {
	allowed, bell := false, ""
	if b.info.Mux == MuxTmux {
		var err error
		if allowed, err = b.passthrough(ctx); err != nil {
			return err
		}
		if ring && b.pass() != passAll {
			bell = "\a"
		}
	}
	r := decide(b.info.Mux, b.gen(), k, allowed)
	if k == seqProgress && b.progressBar() {
		r = routeRaw // tmux draws the bar itself (see progressBar)
	}
	seq = wrap(r, seq) + bell
	if seq == "" {
		return errSwallowed
	}
	return writeSeq(ctx, b.out, []byte(seq))
}

// errSwallowed is a sequence tmux would swallow: not written, not sent.
var errSwallowed = fmt.Errorf("terminal: %w: tmux's allow-passthrough is off", host.ErrDropped)
