package terminal

import (
	"context"
	"errors"
	"fmt"
	"io"
	"os"
)

// ErrConfig is wrapped by every error New returns for a bad Config.
var ErrConfig = errors.New("terminal: bad config")

// Support says whether the terminal gets OSC 9;4 progress sequences.
type Support uint8

const (
	// SupportAuto (the default) sends them unless the terminal is on the
	// known-bad list (Config.BadProgress).
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
	return "Support(" + itoa(int(s)) + ")"
}

// Config is how a Backend behaves. The zero value is the default: write to
// os.Stdout, an unknown terminal with no multiplexer, progress and pings
// on, the built-in known-bad list.
type Config struct {
	// Output receives the escape sequences (default os.Stdout). Give it the
	// Writer handed to tea.WithOutput so no sequence lands inside a frame.
	Output io.Writer
	// Info is what the environment says about the terminal: fill it with
	// Detect(os.Getenv). The zero Info is an unknown terminal, no
	// multiplexer; New never reads the environment itself.
	Info Info
	// NoProgress sends no OSC 9;4 at all: set it when another host (herdr,
	// tuios, cmux) shows the state, so the terminal carries only pings.
	NoProgress bool
	// NoPing sends no OSC 9 notification.
	NoPing bool
	// Progress overrides the known-bad list: SupportOn forces OSC 9;4,
	// SupportOff disables it (as NoProgress does).
	Progress Support
	// BadProgress replaces the built-in list of terminals that get no OSC
	// 9;4 (KnownBadProgress). Entries are "NAME" (Info.Program, any
	// version), "NAME<VERSION" (below VERSION, or version unknown) and
	// "TERM=VALUE" (Info.Term). nil keeps the built-in list; an empty,
	// non-nil list trusts every terminal.
	BadProgress []string
	// Probe runs a command and returns its standard output; the backend
	// uses it to ask tmux whether it lets sequences pass through. It runs on
	// the reporting goroutine, bounded by the report's context. nil runs
	// the command with os/exec.
	Probe func(ctx context.Context, name string, args ...string) (string, error)
}

// New returns a Backend for cfg. A bad cfg gives an error wrapping
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
		ping:  !cfg.NoPing && !printsSequences(cfg.Info),
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

// printsSequences reports whether the terminal shows escape sequences it
// does not know as text (the Linux console, a dumb terminal): a ping there
// would print its text over the chat's screen.
func printsSequences(in Info) bool {
	return in.Mux == MuxNone && (in.Term == "linux" || in.Term == "dumb")
}
