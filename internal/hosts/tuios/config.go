package tuios

import (
	"context"
	"errors"
	"fmt"
	"log/slog"
	"net"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hostbridge/hostbridge/internal/core"
)

// MaxAgent caps the agent name: it is a harness id on a rail row.
const MaxAgent = 64

// Config says where the pane is and who reports. SocketPath, Session,
// PaneID and Agent are required; the rest may be left zero.
type Config struct {
	// SocketPath is the daemon's socket (TUIOS_SOCKET).
	SocketPath string
	// Session is the pane's session (TUIOS_SESSION), sent as it is: it may
	// hold blanks, never control characters.
	Session string
	// PaneID is the pane's window id (TUIOS_PANE_ID, the same UUID as
	// TUIOS_WINDOW_ID), sent as "window".
	PaneID string
	// Agent is the harness name tuios shows for the chat, and the source of
	// its facts.
	Agent string
	// NoStates leaves states to another backend (a tuios pane that also
	// speaks herdr's API gets them there): KindState reports are ignored
	// and Exit clears facts and sub-agents itself.
	NoStates bool
	// Dial opens the connection (default: a Unix socket dial of path).
	Dial func(ctx context.Context, path string) (net.Conn, error)
	// Logger receives debug lines: a verb tuios lacks, a reconnect
	// (default: none).
	Logger *slog.Logger
}

// ErrConfig is wrapped by New's errors.
var ErrConfig = errors.New("bad config")

// New checks cfg and returns a Backend. It does not connect: the first
// report does.
func New(cfg Config) (*Backend, error) {
	for _, f := range []struct{ name, v string }{
		{"socket path", cfg.SocketPath}, {"session", cfg.Session},
		{"pane id", cfg.PaneID}, {"agent", cfg.Agent},
	} {
		if f.v == "" {
			return nil, fmt.Errorf("tuios: %w: no %s", ErrConfig, f.name)
		}
	}
	agent := core.Clean(cfg.Agent, MaxAgent)
	if agent != cfg.Agent {
		return nil, fmt.Errorf("tuios: %w: agent %q is not a short plain name", ErrConfig, cfg.Agent)
	}
	if core.Clean(cfg.PaneID, core.MaxField) != cfg.PaneID {
		return nil, fmt.Errorf("tuios: %w: pane id %q has control or blank characters", ErrConfig, cfg.PaneID)
	}
	// A session is a name the user chose: tuios allows blanks in it ("my
	// work"), and it must reach tuios exactly as TUIOS_SESSION says.
	if !utf8.ValidString(cfg.Session) || strings.IndexFunc(cfg.Session, unicode.IsControl) >= 0 {
		return nil, fmt.Errorf("tuios: %w: session %q has control characters", ErrConfig, cfg.Session)
	}
	if cfg.Dial == nil {
		cfg.Dial = dialUnix
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	return &Backend{
		cfg:     cfg,
		conn:    &client{path: cfg.SocketPath, dial: cfg.Dial, log: cfg.Logger},
		lacks:   map[string]bool{},
		meta:    map[string]string{},
		agents:  map[string]sentAgent{},
		session: cfg.Session,
		window:  cfg.PaneID,
	}, nil
}

func dialUnix(ctx context.Context, path string) (net.Conn, error) {
	var d net.Dialer
	return d.DialContext(ctx, "unix", path)
}
