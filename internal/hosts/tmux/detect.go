// Package tmux is tmux's room: tmux is never the innermost host but an
// extra channel wherever the chat's terminal is a tmux pane. Its detection
// (TMUX, TMUX_PANE and the tmux on PATH into a [Pane]), its backend (the
// pane's user options [Options], one tmux exec per change), and the facts
// they follow (FACTS.md). The probe that asks tmux about the pane is the
// plain terminal's (terminal.TmuxAsk), shared with it: one exec for both.
package tmux

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/hostbridge/hostbridge/internal/core"
	"github.com/hostbridge/hostbridge/internal/hosts/hostio"
	"github.com/hostbridge/hostbridge/internal/hosts/terminal"
	"github.com/hostbridge/hostbridge/internal/proc"
	"github.com/hostbridge/hostbridge/internal/settings"
)

// Pane is the chat's tmux pane; zero outside tmux or when not usable.
type Pane struct {
	Socket string // the server's socket: TMUX's first comma field
	ID     string // TMUX_PANE, "%<digits>"
	Bin    string // the tmux on PATH
}

// Detect reads the pane of a terminal inside tmux. The socket is TMUX up
// to its first comma, as tmux's client takes it (tmux/tmux@c1f947a tmux.c main).
// A malformed value or no tmux leaves out the tmux channel alone.
func Detect(e *hostio.Env, in terminal.Info) Pane {
	if in.Mux != terminal.MuxTmux {
		return Pane{}
	}
	tm := e.Get("TMUX")
	bad := func(name, reason string) Pane {
		e.Ignore("tmux", name, reason)
		return Pane{}
	}
	socket, _, _ := strings.Cut(tm, ",")
	switch {
	case hostio.HasControl(tm):
		return bad("TMUX", "contains a control character")
	case !filepath.IsAbs(socket):
		return bad("TMUX", "does not start with an absolute socket path: "+hostio.Quote(tm))
	case !validPane(in.MuxPane):
		return bad("TMUX_PANE", "is not a tmux pane id (%<digits>): "+hostio.Quote(in.MuxPane))
	}
	bin, err := hostio.LookPath(e.Get, "tmux")
	if err != nil {
		return bad("PATH", "has no tmux executable")
	}
	return Pane{Socket: socket, ID: in.MuxPane, Bin: bin}
}

// validPane: tmux names a pane '%' and its decimal id
// (tmux/tmux@c1f947a window.c window_pane_find_by_id_str).
func validPane(p string) bool {
	id, ok := strings.CutPrefix(p, "%")
	if !ok || len(id) > 10 {
		return false
	}
	_, err := strconv.ParseUint(id, 10, 64) // digits only: no sign, no '_'
	return err == nil
}

// probe asks the tmux detection found, on TMUX's server, so it reaches
// the pane options' server even under WithEnv; for a usable pane only (Ask).
func probe(p Pane) func(ctx context.Context, name string, args ...string) (string, error) {
	return func(ctx context.Context, _ string, args ...string) (string, error) {
		out, stderr, err := proc.Run(ctx, nil, p.Bin, append([]string{"-S", p.Socket}, args...)...)
		if line, _, _ := strings.Cut(strings.TrimSpace(string(stderr)), "\n"); err != nil && line != "" && ctx.Err() == nil {
			err = fmt.Errorf("%w: %s", err, core.Clean(line, 200))
		}
		return string(out), err
	}
}

// Ask is the process's shared question about p's pane (outside a usable
// pane, pane's own: the terminal's TMUX_PANE, asked through PATH's tmux).
// Shared by the process, not owned by a Bridge: DetectBackground asks the
// same question before the program (and so before any Bridge) starts, and
// the Bridge made next reuses the answer instead of a second exec
// (terminal.SharedTmuxAsk keys it by tmux, server and pane).
func Ask(p Pane, pane string) *terminal.TmuxAsk {
	if p.Bin == "" || p.Socket == "" {
		return terminal.NewTmuxAsk(nil, pane)
	}
	return terminal.SharedTmuxAsk(p.Bin+"\x00"+p.Socket+"\x00"+p.ID, probe(p), p.ID)
}

// Version is the version of the tmux server getenv names, from the
// shared probe, bounded by ctx; "" outside tmux or unknown.
func Version(ctx context.Context, getenv func(string) string) string {
	p := Detect(&hostio.Env{S: settings.Settings{Getenv: getenv}}, terminal.Detect(getenv))
	if p.ID == "" {
		return ""
	}
	f, _, _ := Ask(p, p.ID).Facts(ctx)
	return f.Version
}
