package hosts

import (
	"context"
	"fmt"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/hostbridge/hostbridge/internal/core"
	"github.com/hostbridge/hostbridge/internal/hosts/terminal"
	"github.com/hostbridge/hostbridge/internal/proc"
)

// TmuxPane is the tmux pane the chat runs in, read from the variables tmux
// gives every pane; the zero value: not inside tmux, or not usable. It is
// an extra channel beside whichever host carries the state.
type TmuxPane struct {
	Socket string // the server's socket: TMUX's first comma field
	Pane   string // TMUX_PANE, "%<digits>"
	Bin    string // the tmux on PATH
}

// detectTmux reads the tmux pane of a terminal inside tmux: in is what
// terminal.Detect read, which decides from TMUX whether it is, and holds
// TMUX_PANE. The socket is what comes before TMUX's first comma
// ("<socket>,<pid>,<session>"), as tmux's own client takes it (tmux.c,
// main, tmux 3.3a). Whatever the innermost host, a malformed value or a
// missing tmux executable leaves out the tmux channel alone (an ignored
// Problem); the socket is not checked here: a server that is gone shows
// at the first report (see tmuxBackend).
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
	case hasControl(tm):
		return bad("TMUX", "contains a control character")
	case !filepath.IsAbs(socket):
		return bad("TMUX", "does not start with an absolute socket path: "+quote(tm))
	}
	pane := in.MuxPane
	if !validTmuxPane(pane) {
		return bad("TMUX_PANE", "is not a tmux pane id (%<digits>): "+quote(pane))
	}
	bin, err := lookPath(r.getenv, "tmux")
	if err != nil {
		return bad("PATH", "has no tmux executable")
	}
	return TmuxPane{Socket: socket, Pane: pane, Bin: bin}
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

// tmuxProbe is how the terminal asks tmux about passthrough: the tmux that
// detection found, on the server TMUX names, so the question reaches the
// same server as the pane options even when the environment detection
// read is not the process's (WithEnv, a test kit). nil (the terminal's
// default: "tmux" on the process's PATH) when there is no usable pane.
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

// tmuxAsk is the process's question to p's server about p's pane (see
// terminal.TmuxAsk); one of its own, asking the tmux on PATH, without one.
func tmuxAsk(p TmuxPane, pane string) *terminal.TmuxAsk {
	if p.Bin == "" || p.Socket == "" {
		return terminal.NewTmuxAsk(nil, pane)
	}
	return terminal.SharedTmuxAsk(p.Bin+"\x00"+p.Socket+"\x00"+p.Pane, tmuxProbe(p), p.Pane)
}

// TmuxVersion is the version of the tmux the environment getenv reads
// puts the process in, from the server, bounded by ctx: the question the
// bridge asks too, asked once in a process. "" outside tmux or unknown.
func TmuxVersion(ctx context.Context, getenv func(string) string) string {
	r := &reader{getenv: getenv}
	p := detectTmux(r, terminal.Detect(getenv))
	if p.Pane == "" {
		return ""
	}
	f, _, _ := tmuxAsk(p, p.Pane).Facts(ctx)
	return f.Version
}
