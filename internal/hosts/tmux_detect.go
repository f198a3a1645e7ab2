package hosts

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
)

// TmuxPane is the chat's tmux pane; zero outside tmux or when not usable.
type TmuxPane struct {
	Socket string // the server's socket: TMUX's first comma field
	Pane   string // TMUX_PANE, "%<digits>"
	Bin    string // the tmux on PATH
}

// detectTmux reads the pane of a terminal inside tmux. The socket is TMUX up
// to its first comma, as tmux's client takes it (tmux.c, main, tmux 3.3a).
// A malformed value or no tmux leaves out the tmux channel alone.
func detectTmux(r *reader, in terminal.Info) TmuxPane {
	if in.Mux != terminal.MuxTmux {
		return TmuxPane{}
	}
	tm := r.getenv("TMUX")
	bad := func(name, reason string) TmuxPane {
		r.d.Problems = append(r.d.Problems, &Problem{Host: Tmux, Var: name, Reason: reason, Ignored: true})
		return TmuxPane{}
	}
	socket, _, _ := strings.Cut(tm, ",")
	switch {
	case hostio.HasControl(tm):
		return bad("TMUX", "contains a control character")
	case !filepath.IsAbs(socket):
		return bad("TMUX", "does not start with an absolute socket path: "+hostio.Quote(tm))
	case !validTmuxPane(in.MuxPane):
		return bad("TMUX_PANE", "is not a tmux pane id (%<digits>): "+hostio.Quote(in.MuxPane))
	}
	bin, err := hostio.LookPath(r.getenv, "tmux")
	if err != nil {
		return bad("PATH", "has no tmux executable")
	}
	return TmuxPane{Socket: socket, Pane: in.MuxPane, Bin: bin}
}

// validTmuxPane: tmux names a pane '%' and its decimal id (window.c,
// window_pane_find_by_id_str, tmux 3.3a).
func validTmuxPane(p string) bool {
	id, ok := strings.CutPrefix(p, "%")
	if !ok || len(id) > 10 {
		return false
	}
	_, err := strconv.ParseUint(id, 10, 64) // digits only: no sign, no '_'
	return err == nil
}

// tmuxProbe asks the tmux detection found, on TMUX's server, so it reaches
// the pane options' server even under WithEnv; nil without a usable pane.
func tmuxProbe(p TmuxPane) func(ctx context.Context, name string, args ...string) (string, error) {
	if p.Bin == "" || p.Socket == "" {
		return nil
	}
	return func(ctx context.Context, _ string, args ...string) (string, error) {
		out, stderr, err := proc.Run(ctx, nil, p.Bin, append([]string{"-S", p.Socket}, args...)...)
		if line, _, _ := strings.Cut(strings.TrimSpace(string(stderr)), "\n"); err != nil && line != "" && ctx.Err() == nil {
			err = fmt.Errorf("%w: %s", err, core.Clean(line, 200))
		}
		return string(out), err
	}
}

// tmuxAsk is the process's shared question about p's pane, or its own.
func tmuxAsk(p TmuxPane, pane string) *terminal.TmuxAsk {
	if p.Bin == "" || p.Socket == "" {
		return terminal.NewTmuxAsk(nil, pane)
	}
	return terminal.SharedTmuxAsk(p.Bin+"\x00"+p.Socket+"\x00"+p.Pane, tmuxProbe(p), p.Pane)
}

// TmuxVersion is the version of the tmux server getenv names, from the
// shared probe, bounded by ctx; "" outside tmux or unknown.
func TmuxVersion(ctx context.Context, getenv func(string) string) string {
	r := &reader{getenv: getenv}
	p := detectTmux(r, terminal.Detect(getenv))
	if p.Pane == "" {
		return ""
	}
	f, _, _ := tmuxAsk(p, p.Pane).Facts(ctx)
	return f.Version
}
