package tmux

import (
	"context"
	"fmt"
	"os"
	"strings"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/core"
	"github.com/hostbridge/hostbridge/internal/hosts/hostio"
	"github.com/hostbridge/hostbridge/internal/hosts/terminal"
	"github.com/hostbridge/hostbridge/internal/settings"
)

// Options are the pane options, set together and unset at the exit: the
// state's word, the agent, the request or headline, and the pane's
// #{pane_current_command}: a status line shows the state only while that
// matches, so a killed chat shows nothing once its shell is back.
var Options = [...]string{"@hostbridge_state", "@hostbridge_agent", "@hostbridge_text", "@hostbridge_command"}

// State is the word @hostbridge_state holds for a state, a stable
// vocabulary for tmux.conf: "ready" is idle before any turn, "idle" after.
func State(s host.State, turned bool) string {
	if s == host.Idle && !turned {
		return "ready"
	}
	return tmuxWords[s]
}

var tmuxWords = map[host.State]string{
	host.Working: "working", host.Blocked: "needs-you", host.Failed: "failed", host.Idle: "idle",
}

// Backend keeps the chat's state as its tmux pane's user options, one
// tmux exec (-S TMUX's server) per change, quiet for the run once tmux refuses
// one (a server or pane gone: TMUX inherited by a process that outlived its
// pane). Before the first exec the shared probe must show the pane exists and
// its tty is the chat's (not TMUX inherited through herdr or tuios inside tmux).
type Backend struct {
	c                 settings.Settings
	bin, socket, pane string
	ask               *terminal.TmuxAsk
	mine              func(tty string) bool // the chat's terminal is tty (ownTTY)
	checked           bool
	command           string          // the pane's pane_current_command at the check
	turned            bool            // a turn has run: Idle is "idle", not "ready"
	refused           hostio.Refusals // tmuxOptionsFeature, once tmux refuses one exec: not asked again
	exited            bool
}

// New makes the backend for pane p, asking tmux through ask (Ask's). Nothing
// is checked again here: detection gave p (a pane id, an absolute socket,
// the tmux on PATH) or left it zero, and then the registry makes none.
func New(c settings.Settings, p Pane, ask *terminal.TmuxAsk) *Backend {
	return &Backend{c: c, bin: p.Bin, socket: p.Socket, pane: p.ID, ask: ask, mine: ownTTY,
		refused: hostio.Refusals{Host: "tmux", Log: c.Logger}}
}

// check takes the pane's facts once, before the first exec: nil, an ask
// out of time (tried again), or the backend's quiet error.
func (b *Backend) check(ctx context.Context) error {
	if b.checked {
		return nil
	}
	f, done, err := b.ask.Facts(ctx)
	if !done {
		return err
	}
	b.checked = true
	if p := problem(f, err, b.pane, b.mine); p != nil {
		return b.quiet(p)
	}
	b.command = f.Command
	return nil
}

// Problem is what tmux's answer, once asked (Probe), says against the pane's
// options: a *hostio.Problem, or nil. It never blocks.
func (b *Backend) Problem() error {
	f, done, err := b.ask.Known()
	if !done {
		return nil
	}
	return problem(f, err, b.pane, b.mine)
}

// Probe asks tmux now, bounded by ctx, what Problem depends on.
func (b *Backend) Probe(ctx context.Context) { b.ask.Facts(ctx) }

// problem is what tmux's answer says against the pane's options: a *hostio.Problem, or nil.
func problem(f terminal.TmuxFacts, err error, pane string, mine func(string) bool) error {
	switch {
	case err != nil:
		return &hostio.Problem{Host: "tmux", Var: "TMUX", Reason: "names a server that cannot be reached: " + err.Error()}
	case f.Gone:
		return &hostio.Problem{Host: "tmux", Var: "TMUX_PANE", Reason: "names a pane that is gone: " + hostio.Quote(pane)}
	case f.TTY != "" && !mine(f.TTY):
		return &hostio.Problem{Host: "tmux", Var: "TMUX_PANE", Reason: "names a pane on another terminal (" + hostio.Quote(f.TTY) +
			"): inherited through a host inside tmux?"}
	}
	return nil
}

// ownTTY reports whether a standard file is tty, or none is a terminal.
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

func (b *Backend) Name() string { return "tmux" }

func (b *Backend) Report(ctx context.Context, r host.Report) error {
	if b.exited {
		return nil
	}
	if err := b.refused.Before(tmuxOptionsFeature); err != nil {
		return err
	}
	if err := b.check(ctx); err != nil {
		return err
	}
	switch r.Kind {
	case host.KindState:
		if args := b.setArgs(r); args != nil {
			if err := b.run(ctx, "set", args); err != nil {
				return err
			}
			b.turned = b.turned || r.State != host.Idle
		}
	case host.KindExit:
		b.exited = true
		return b.run(ctx, "unset", b.argv(nil))
	}
	return nil
}

// setArgs is the argv that sets the options for r; nil for a state not shown.
func (b *Backend) setArgs(r host.Report) []string {
	word := State(r.State, b.turned)
	if word == "" {
		return nil
	}
	text := ""
	if r.State == host.Blocked || r.State == host.Failed {
		text = r.Message
	}
	// [...]: a value missing for an option in Options does not compile.
	// The command is compared, never drawn: as tmux spells it.
	return b.argv(&[...]string{tmuxValue(word), tmuxValue(b.c.Agent), tmuxValue(text), core.Clean(b.command, tmuxMax)})
}

// argv is one set-option per option, joined by ";" arguments, setting
// each to its value, or with nil unsetting each.
func (b *Backend) argv(values *[len(Options)]string) []string {
	args := []string{"-S", b.socket}
	for i, name := range Options {
		if i > 0 {
			args = append(args, ";")
		}
		if values == nil {
			args = append(args, "set-option", "-p", "-u", "-t", b.pane, "--", name)
		} else {
			args = append(args, "set-option", "-p", "-t", b.pane, "--", name, tmuxArg(values[i]))
		}
	}
	return args
}

// tmuxMax bounds a value, in runes: a status line has little room.
const tmuxMax = 200

// tmuxValue is s as a value a status line shows as it is. tmux (3.3a on)
// does not expand a #{@option}'s value again, but format_draw reads "#[…]"
// as a style and "##" as '#': each '#' is doubled, which E: expands back
// and =N: counts as one.
// tmux/tmux@c1f947a format.c format_replace, format-draw.c format_draw, format_trim_left
func tmuxValue(s string) string {
	return strings.ReplaceAll(core.Clean(s, tmuxMax), "#", "##")
}

// tmuxArg is v as one argument among several commands: tmux takes an
// argument ending in ';' as a command's end and "\;" as a plain ';' (3.3a on):
// tmux/tmux@c1f947a cmd-parse.y cmd_parse_from_arguments
func tmuxArg(v string) string {
	if strings.HasSuffix(v, ";") {
		return v[:len(v)-1] + `\;`
	}
	return v
}

// run runs tmux with args, bounded by ctx: a refusal makes the backend quiet.
func (b *Backend) run(ctx context.Context, op string, args []string) error {
	_, exit, err := hostio.RunCommand(ctx, "tmux", op, nil, b.bin, args...)
	if exit <= 0 {
		return err
	}
	return b.quiet(err)
}

// tmuxOptionsFeature is what tmux refuses all at once: a server or pane
// gone is gone for the run, and a pane that is not the chat's stays so.
const tmuxOptionsFeature = "pane options"

// quiet makes the backend drop every later report, for err.
func (b *Backend) quiet(err error) error {
	return b.refused.Note(tmuxOptionsFeature, fmt.Errorf("pane %s on %s: %w", b.pane, b.socket, err))
}
