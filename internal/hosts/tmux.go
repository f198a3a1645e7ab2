package hosts

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/core"
	"github.com/hostbridge/hostbridge/internal/hosts/terminal"
)

// The user options hostbridge keeps on the chat's own tmux pane, for a
// status line or window-status-format to read (#{@hostbridge_state}, in a
// #{P:…} loop for every pane of a window). They are set together, one
// tmux exec per change, and unset together at the exit.
const (
	TmuxStateOption = "@hostbridge_state" // one of the TmuxState words
	TmuxAgentOption = "@hostbridge_agent" // the agent's name
	TmuxTextOption  = "@hostbridge_text"  // the request or failure headline; "" otherwise
	// The pane's #{pane_current_command} while the chat runs: a status line
	// shows the state only while they match, so a chat killed (no exit ran)
	// shows nothing once its shell is back in front.
	TmuxCommandOption = "@hostbridge_command"
)

// TmuxOptions lists the pane options, in the order they are set.
var TmuxOptions = [...]string{TmuxStateOption, TmuxAgentOption, TmuxTextOption, TmuxCommandOption}

// TmuxState is the word @hostbridge_state holds for a state: a stable
// vocabulary a tmux.conf compares against. "ready" is idle before any
// turn ran, "idle" your move after one.
func TmuxState(s host.State, turned bool) string {
	switch s {
	case host.Working:
		return "working"
	case host.Blocked:
		return "needs-you"
	case host.Failed:
		return "failed"
	case host.Idle:
		if turned {
			return "idle"
		}
		return "ready"
	}
	return ""
}

// tmuxBackend is the extra channel inside tmux: the chat's pane carries its
// state as pane user options, beside whichever host shows it elsewhere.
// It runs the tmux client with -S (the server TMUX names, as the client
// itself would find it) and one set-option per option, joined by ";"
// arguments into one exec.
//
// A tmux that refuses a command (exit status non-zero: a server that is
// gone, a pane that no longer exists, both common when TMUX is inherited
// by a process that outlived its pane) makes the backend quiet for the
// rest of the run: one debug line, every later report dropped, nothing
// retried. A tmux out of time, or one that did not start, is only a
// failure, tried again with the worker's back-off.
//
// Before its first exec it takes the pane's facts from the probe it shares
// with the terminal (one display-message): a pane that is gone, or whose
// tty is not the chat's (TMUX and TMUX_PANE inherited through herdr or
// tuios inside tmux), makes it quiet too.
type tmuxBackend struct {
	c                 Config
	bin, socket, pane string
	ask               *terminal.TmuxAsk
	mine              func(tty string) bool // the chat's terminal is tty (ownTTY)
	checked           bool
	command           string // the pane's pane_current_command at the check
	turned            bool   // a turn has run: Idle is "idle", not "ready"
	gone              error  // why tmux is not asked again
	exited            bool
}

var _ host.Backend = (*tmuxBackend)(nil)

func newTmux(c Config, p TmuxPane, ask *terminal.TmuxAsk) (*tmuxBackend, error) {
	if !validTmuxPane(p.Pane) {
		return nil, fmt.Errorf("tmux: %w: pane %q", ErrConfig, p.Pane)
	}
	if p.Socket == "" || strings.HasPrefix(p.Socket, "-") {
		return nil, fmt.Errorf("tmux: %w: socket %q", ErrConfig, p.Socket)
	}
	path, err := lookCommand("tmux", p.Bin)
	if err != nil {
		return nil, err
	}
	c.Logger = orDiscard(c.Logger)
	if ask == nil {
		ask = terminal.NewTmuxAsk(tmuxProbe(TmuxPane{Socket: p.Socket, Bin: path}), p.Pane)
	}
	return &tmuxBackend{c: c, bin: path, socket: p.Socket, pane: p.Pane, ask: ask, mine: ownTTY}, nil
}

// check takes the pane's facts once, before the first exec: nil when the
// options may be set; the error of an ask out of time (tried again) or
// the backend's quiet error.
func (b *tmuxBackend) check(ctx context.Context) error {
	if b.checked {
		return nil
	}
	f, done, err := b.ask.Facts(ctx)
	if !done {
		return err
	}
	b.checked = true
	if p := tmuxProblem(f, err, b.pane, b.mine); p != nil {
		return b.quiet(p)
	}
	b.command = f.Command
	return nil
}

// tmuxProblem is what tmux's answer says against setting the pane's
// options, for the backend and -doctor; nil when nothing does.
func tmuxProblem(f terminal.TmuxFacts, err error, pane string, mine func(string) bool) *Problem {
	switch {
	case err != nil:
		return &Problem{Host: Tmux, Var: "TMUX", Reason: "names a server that cannot be reached: " + err.Error()}
	case f.Gone:
		return &Problem{Host: Tmux, Var: "TMUX_PANE", Reason: "names a pane that is gone: " + quote(pane)}
	case f.TTY != "" && !mine(f.TTY):
		return &Problem{Host: Tmux, Var: "TMUX_PANE", Reason: "names a pane on another terminal (" + quote(f.TTY) +
			"): inherited through a host inside tmux?"}
	}
	return nil
}

// Problem is what the pane's facts, once asked (Probe), say against its
// options; nil before, or when nothing does. It never blocks.
func (b *tmuxBackend) Problem() *Problem {
	f, done, err := b.ask.Known()
	if !done {
		return nil
	}
	return tmuxProblem(f, err, b.pane, b.mine)
}

// ownTTY reports whether one of the process's standard files is the
// terminal tty, or none is a terminal (nothing to tell it by).
func ownTTY(tty string) bool {
	want, err := os.Stat(tty)
	if err != nil {
		return true
	}
	seen := false
	for _, f := range []*os.File{os.Stdin, os.Stdout, os.Stderr} {
		if !terminal.IsTerminal(f) {
			continue
		}
		seen = true
		if fi, err := f.Stat(); err == nil && os.SameFile(fi, want) {
			return true
		}
	}
	return !seen
}

func (b *tmuxBackend) Name() string { return "tmux" }

func (b *tmuxBackend) Report(ctx context.Context, r host.Report) error {
	if b.exited {
		return nil
	}
	if b.gone != nil {
		return b.gone
	}
	if err := b.check(ctx); err != nil {
		return err
	}
	switch r.Kind {
	case host.KindState:
		args := b.setArgs(r)
		if args == nil {
			return nil
		}
		if err := b.run(ctx, "set", args); err != nil {
			return err
		}
		b.turned = b.turned || r.State != host.Idle
		return nil
	case host.KindExit:
		b.exited = true
		return b.run(ctx, "unset", b.unsetArgs())
	}
	return nil
}

// setArgs is the argv after the binary for the state report r: the pane
// options set, in TmuxOptions' order, to the state's word, the agent and
// the request or failure headline; nil for a state tmux does not show.
// Report and the tests both take it from here.
func (b *tmuxBackend) setArgs(r host.Report) []string {
	word := TmuxState(r.State, b.turned)
	if word == "" {
		return nil
	}
	text := ""
	if r.State == host.Blocked || r.State == host.Failed {
		text = r.Message
	}
	// [...] counts the values: one more option in TmuxOptions without its
	// value here does not compile.
	return b.argv(&[...]string{word, b.c.Agent, text, b.command})
}

// unsetArgs is the argv after the binary that unsets every pane option.
func (b *tmuxBackend) unsetArgs() []string { return b.argv(nil) }

// argv is the argv after the binary: one set-option per option, joined by
// ";" arguments, that sets each to its value in values, or with nil
// unsets every one.
func (b *tmuxBackend) argv(values *[len(TmuxOptions)]string) []string {
	args := []string{"-S", b.socket}
	for i, name := range TmuxOptions {
		if i > 0 {
			args = append(args, ";")
		}
		if values == nil {
			args = append(args, "set-option", "-p", "-u", "-t", b.pane, "--", name)
		} else {
			v := tmuxValue(values[i])
			if name == TmuxCommandOption {
				v = core.Clean(values[i], tmuxMax) // compared, never drawn: as tmux spells it
			}
			args = append(args, "set-option", "-p", "-t", b.pane, "--", name, tmuxArg(v))
		}
	}
	return args
}

// tmuxMax bounds a value, in runes: a status line has little room.
const tmuxMax = 200

// tmuxValue is text as a pane option's value that a status line shows as
// it is. The Machine cleaned it already (no controls). tmux 3.3a does not
// expand a #{@option}'s value again (format.c, format_replace: only the
// E: and T: modifiers do), so "#{pane_id}" or "#(cmd)" in it are text;
// but the status line, window-status-format and pane-border-format draw
// what a format expanded to through format_draw (format-draw.c), which
// reads "#[…]" as a style and "##" as one '#'. Every '#' is doubled,
// tmux's own escape: the status line shows one, never a style, and with
// the E: modifier "##" expands to '#' again, never to a format. The =N:
// trim counts "##" as one character (format_trim_left). A script reading
// the option with show-options sees the doubled form.
func tmuxValue(s string) string {
	return strings.ReplaceAll(core.Clean(s, tmuxMax), "#", "##")
}

// tmuxArg is v as one argument of a tmux command line that holds several
// commands: tmux takes any argument that ends in ';' as the end of a
// command, the ';' cut off, and one that ends in "\;" as a plain ';'
// (cmd-parse.y, cmd_parse_from_arguments, tmux 3.3a).
func tmuxArg(v string) string {
	if strings.HasSuffix(v, ";") {
		return v[:len(v)-1] + `\;`
	}
	return v
}

// run runs tmux with args, bounded by ctx. A refusal makes the backend
// quiet (see tmuxBackend); any other failure is only that (runCommand).
func (b *tmuxBackend) run(ctx context.Context, op string, args []string) error {
	_, exit, err := runCommand(ctx, "tmux", op, nil, b.bin, args...)
	if exit <= 0 {
		return err
	}
	return b.quiet(err)
}

// quiet makes the backend drop every later report, for err.
func (b *tmuxBackend) quiet(err error) error {
	b.gone = fmt.Errorf("tmux: pane %s on %s: %w (%w)", b.pane, b.socket, host.ErrDropped, err)
	b.c.Logger.Debug("tmux: the pane options cannot be set; not asking tmux again", "pane", b.pane, "socket", b.socket, "err", err)
	return b.gone
}
