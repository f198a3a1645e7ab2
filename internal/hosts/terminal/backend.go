package terminal

import (
	"context"
	"errors"
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

// ErrConfig is wrapped by every error New returns.
var ErrConfig = errors.New("terminal: bad config")

// Support says whether the terminal gets OSC 9;4 progress sequences.
type Support uint8

const (
	// SupportAuto sends them unless the terminal is on the known-bad list.
	SupportAuto Support = iota
	// SupportOn sends them whatever the list says.
	SupportOn
	// SupportOff never sends them.
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
	// Output receives the sequences (default os.Stdout).
	Output io.Writer
	// Info is what the environment says about the terminal (Detect).
	Info Info
	// NoProgress sends no bar: another host shows the state.
	NoProgress bool
	// NoPing sends no OSC 9 notification.
	NoPing bool
	// Progress overrides the known-bad list.
	Progress Support
	// BadProgress replaces the built-in known-bad list (see
	// defaultBadProgress for the format); nil keeps it, empty trusts every
	// terminal.
	BadProgress []string
	// Probe runs a command and returns its output, to ask tmux whether it
	// lets sequences pass (default: the command, bounded by the report).
	Probe func(ctx context.Context, name string, args ...string) (string, error)
}

// Backend is the plain terminal: the chat's state as an OSC 9;4 progress
// bar, the attention ping as an OSC 9 notification. Like every backend it
// is driven by one goroutine at a time; Note and Probe are safe beside it.
type Backend struct {
	out      io.Writer
	info     Info
	probe    func(ctx context.Context, name string, args ...string) (string, error)
	gen      tmuxGen
	progress bool // OSC 9;4 wanted and not known-bad
	ping     bool // OSC 9 wanted

	shown         bar           // what the terminal shows, for a suspend
	pass          atomic.Uint32 // passState: tmux's allow-passthrough, once asked
	probeTimeouts int
}

var (
	_ host.Backend   = (*Backend)(nil)
	_ host.Refresher = (*Backend)(nil)
	_ host.Drawer    = (*Backend)(nil)
)

// New returns a Backend for cfg; a bad cfg gives an error wrapping
// ErrConfig.
func New(cfg Config) (*Backend, error) {
	if cfg.Progress > SupportOff {
		return nil, fmt.Errorf("%w: Progress %v", ErrConfig, cfg.Progress)
	}
	if cfg.Info.Mux > MuxScreen {
		return nil, fmt.Errorf("%w: Info.Mux %v", ErrConfig, cfg.Info.Mux)
	}
	list := defaultBadProgress
	if cfg.BadProgress != nil {
		list = cfg.BadProgress
	}
	bad, err := parseBadList(list)
	if err != nil {
		return nil, err
	}
	b := &Backend{
		out:   cfg.Output,
		info:  cfg.Info,
		probe: cfg.Probe,
		gen:   tmuxGeneration(cfg.Info.MuxVersion),
		// The Linux console and dumb terminals print what they do not know
		// as text: a ping would print over the chat's screen.
		ping:  !cfg.NoPing && !(cfg.Info.Mux == MuxNone && (cfg.Info.Term == "linux" || cfg.Info.Term == "dumb")),
		shown: barUnknown,
	}
	if b.out == nil {
		b.out = os.Stdout
	}
	if b.probe == nil {
		b.probe = execProbe
	}
	switch {
	case cfg.NoProgress || cfg.Progress == SupportOff:
	case cfg.Progress == SupportOn:
		b.progress = true
	default:
		b.progress = !badProgress(bad, cfg.Info)
	}
	return b, nil
}

// Name implements host.Backend.
func (b *Backend) Name() string { return "terminal" }

// DrawsInTerminal implements host.Drawer: the bar is cleared before
// another program takes the terminal.
func (b *Backend) DrawsInTerminal() {}

// bar is the progress indicator the terminal shows.
type bar uint8

const (
	barUnknown bar = iota // never written, or a write failed half-way
	barNone               // 0: removed
	barWorking            // 3: indeterminate
	barBlocked            // 4;100: warning
	barFailed             // 2;100: error
)

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

// Report implements host.Backend: a state sets the bar, a ping notifies, a
// suspend removes a shown bar, the exit always removes it (a bar left set
// keeps animating after the chat is gone). Where tmux would swallow the
// sequence, nothing is written and the error wraps host.ErrDropped.
func (b *Backend) Report(ctx context.Context, r host.Report) error {
	switch r.Kind {
	case host.KindState:
		return b.setBar(ctx, barFor(r.State))
	case host.KindSuspend:
		if b.shown == barNone {
			return nil
		}
		return b.setBar(ctx, barNone)
	case host.KindExit:
		return b.setBar(ctx, barNone)
	case host.KindPing:
		text := pingText(r.Message)
		if !b.ping || text == "" {
			return nil
		}
		_, err := b.write(ctx, seqPing, ansi.Notify(text))
		return err
	}
	return nil
}

// keepAlive is how often Refresh has a bar re-sent where the terminal
// forgets it.
const keepAlive = 10 * time.Second

// Refresh implements host.Refresher, re-sending where a bar is lost
// otherwise, and nowhere else (a repeated sequence restarts Windows
// Terminal's animation): Ghostty drops a bar not re-sent for about 15 s;
// tmux with allow-passthrough "on" (not "all") drops what a hidden window
// passes (measured on 3.3a; tty.c), so every state, "no bar" included, is
// re-sent to bring the outer bar back once the window shows. Inside a
// multiplexer the outer terminal is unknown: no Ghostty keep-alive there.
func (b *Backend) Refresh(s host.State) time.Duration {
	switch {
	case !b.progress:
		return 0
	case b.info.Mux == MuxNone && barFor(s) != barNone && strings.EqualFold(b.info.Program, "ghostty"):
		return keepAlive
	case b.info.Mux == MuxTmux && passState(b.pass.Load()) == passVisible:
		return keepAlive
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

// pingLimit caps a ping's text, in runes: a notification is one short line.
const pingLimit = 120

// pingText is msg as an OSC 9 body: capped, and with every control gone,
// since one BEL, ESC or 0x9c would end the sequence and hand the rest to
// the terminal as commands (the Machine has cleaned it; this is the
// protocol's charset). ConEmu-family terminals (and Ghostty) read a body
// that starts with a digit as a command ("4;" progress, "9;" directory),
// so such text gets a leading space. "" means no ping.
func pingText(msg string) string {
	s := core.Clean(msg, pingLimit)
	if s != "" && s[0] >= '0' && s[0] <= '9' {
		return " " + s
	}
	return s
}

// write sends seq by the route the multiplexer allows, in one Write, so it
// never lands inside a frame (Go serialises Write calls on one *os.File).
// written is false when the route drops it.
func (b *Backend) write(ctx context.Context, k seqKind, seq string) (written bool, err error) {
	allowed := false
	if b.info.Mux == MuxTmux {
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
