package cmux

import (
	"errors"
	"fmt"
	"log/slog"
	"os/exec"
	"strings"

	"github.com/hostbridge/hostbridge/internal/core"
)

// MaxKey caps the status key: it names a row in a sidebar.
const MaxKey = 64

// Config says which cmux to run and how the chat's row is keyed. Agent is
// required; the rest may be left zero.
type Config struct {
	// Bin is the cmux executable; empty means "cmux" looked up on PATH.
	Bin string
	// SurfaceID is the surface the chat runs in (CMUX_SURFACE_ID). The
	// commands a Backend runs are workspace-scoped, so it is kept for
	// diagnostics only.
	SurfaceID string
	// WorkspaceID is the surface's workspace (CMUX_WORKSPACE_ID), passed as
	// --workspace when set.
	WorkspaceID string
	// Agent names the chat's status row (see StatusKey).
	Agent string
	// Logger receives debug lines: a command this cmux lacks (default:
	// none).
	Logger *slog.Logger
}

var (
	// ErrConfig is wrapped by New's errors about the Config.
	ErrConfig = errors.New("bad config")
	// ErrNotFound is wrapped by New when there is no cmux executable.
	ErrNotFound = errors.New("no cmux executable")
)

// New checks cfg, resolves the executable and returns a Backend. It runs
// nothing.
func New(cfg Config) (*Backend, error) {
	key := StatusKey(cfg.Agent)
	if key == "" {
		return nil, fmt.Errorf("cmux: %w: agent %q gives no status key", ErrConfig, cfg.Agent)
	}
	if w := cfg.WorkspaceID; w != "" && (strings.HasPrefix(w, "-") || core.Clean(w, MaxKey*4) != w || strings.Contains(w, " ")) {
		return nil, fmt.Errorf("cmux: %w: workspace id %q", ErrConfig, w)
	}
	bin := cfg.Bin
	if bin == "" {
		bin = "cmux"
	}
	path, err := exec.LookPath(bin)
	if err != nil {
		return nil, fmt.Errorf("cmux: %w: %v", ErrNotFound, err)
	}
	if cfg.Logger == nil {
		cfg.Logger = slog.New(slog.DiscardHandler)
	}
	return &Backend{cfg: cfg, bin: path, key: key}, nil
}

// StatusKey turns an agent name into the key of its status row: ASCII
// letters, digits, ".", "_" and "-" kept, every other character replaced by
// "_", leading "-" dropped (a key must never read as an option), cut to
// MaxKey. It is also the loader id of "workspace loading", which takes the
// same characters. It returns "" when nothing usable is left.
func StatusKey(agent string) string {
	var b strings.Builder
	for _, r := range agent {
		switch {
		case r >= 'a' && r <= 'z', r >= 'A' && r <= 'Z', r >= '0' && r <= '9', r == '.', r == '_':
		case r == '-':
			if b.Len() == 0 {
				continue
			}
		default:
			r = '_'
		}
		if b.Len() == MaxKey {
			break
		}
		b.WriteRune(r)
	}
	if strings.Trim(b.String(), "_.") == "" {
		return ""
	}
	return b.String()
}
