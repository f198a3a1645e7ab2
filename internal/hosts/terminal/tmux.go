package terminal

import (
	"context"
	"fmt"
	"slices"
	"strings"
	"sync"

	"github.com/charmbracelet/x/ansi"

	"github.com/hostbridge/hostbridge/internal/core"
	"github.com/hostbridge/hostbridge/internal/proc"
)

// seqKind is a sequence's family, which multiplexers treat differently.
type seqKind uint8

const (
	seqProgress seqKind = iota // OSC 9;4
	seqPing                    // OSC 9
)

// route is how a sequence reaches the terminal.
type route uint8

const (
	routeDrop   route = iota // nothing would get through: write nothing
	routeRaw                 // as it is
	routeTmux                // tmux's DCS passthrough, ESC doubled
	routeScreen              // screen's DCS passthrough, in 767-byte chunks
)

// tmuxGen is what a tmux version does with OSC 9 and OSC 9;4.
type tmuxGen uint8

const (
	tmuxUnknown tmuxGen = iota
	tmuxOld             // <= 3.6: swallows both
	tmuxNew             // >= 3.7: parses 9;4 itself and forwards the active pane's bar; drops OSC 9
)

func tmuxGeneration(version string) tmuxGen {
	switch below, known := VersionBelow(version, "3.7"); {
	case !known:
		return tmuxUnknown
	case below:
		return tmuxOld
	}
	return tmuxNew
}

// decide routes a sequence of kind k through mux, given tmux's generation
// and whether its allow-passthrough lets sequences pass:
//
//	mux      tmux    allow-passthrough   OSC 9;4   OSC 9
//	none     -       -                   raw       raw
//	screen   -       -                   screen    screen
//	tmux     any     on, all             tmux      tmux
//	tmux     >= 3.7  off                 raw       dropped
//	tmux     <= 3.6  off                 dropped   dropped
//	tmux     unknown off                 raw       dropped
//
// DCS passthrough needs allow-passthrough on or all (3.3+, default off;
// input.c, input_dcs_dispatch). tmux 3.7 forwards its own bar only to a
// terminal with the progressbar feature (3.7-3.7c: tmux and iTerm2,
// tty-features.c) and drops other OSC 9 (input.c, input_osc_9), so a raw
// bar to a tmux of unknown age is harmless. GNU screen always passes DCS.
func decide(mux Mux, gen tmuxGen, k seqKind, allowed bool) route {
	switch {
	case mux == MuxScreen:
		return routeScreen
	case mux != MuxTmux:
		return routeRaw
	case allowed:
		return routeTmux
	case k == seqProgress && gen != tmuxOld:
		return routeRaw
	}
	return routeDrop
}

// screenChunk is the longest string GNU screen passes in one DCS: it
// stores MAXSTR-1 = 767 bytes and prints the rest of a longer one as text
// (alexander-naumov/gnu-screen@81b3c2c src/ansi.c StringChar, src/screen.h).
const screenChunk = 767

func wrap(r route, seq string) string {
	switch r {
	case routeTmux:
		return ansi.TmuxPassthrough(seq)
	case routeScreen:
		return ansi.ScreenPassthrough(seq, screenChunk)
	case routeRaw:
		return seq
	}
	return ""
}

// passState is allow-passthrough as the probe found it.
type passState uint32

const (
	passUnasked passState = iota
	passDenied            // off, an old tmux without the option, or the probe failed
	passVisible           // on: passes only while the pane is visible
	passAll               // all: passes from hidden panes too (3.4+)
)

// parsePassthrough reads the expanded option: a number (a flag in 3.3a,
// off/on/all from 3.4; format.c format_find) or its name.
func parsePassthrough(out string) passState {
	switch strings.TrimSpace(out) {
	case "on", "1":
		return passVisible
	case "all", "2":
		return passAll
	}
	return passDenied
}

// tmuxFormat is the one question, a line per answer, pane_current_command
// (which may hold anything) last. A format a tmux lacks expands empty
// (3.3a format.c); -t a pane that is gone answers with its formats empty
// (cmd-display-message.c: CMD_FIND_CANFAIL). client_termname is the outer
// terminal's TERM, client_termtype its XTVERSION answer ("kitty(0.47.1)";
// tmux/tmux@c1f947a tty-keys.c tty_keys_extended_device_attributes,
// format.c format_cb_client_termtype): the outer terminal, for the table.
const tmuxFormat = "#{allow-passthrough}\n#{version}\n#{pane_id}\n#{pane_tty}\n#{client_termfeatures}\n" +
	"#{client_termname}\n#{client_termtype}\n#{pane_current_command}"

// TmuxFacts is tmux's answer about the chat's pane.
type TmuxFacts struct {
	Pass        passState
	Version     string
	Gone        bool   // the server answered but has no such pane
	TTY         string // the pane's tty
	ProgressBar bool   // the session's best client has the progressbar feature (tty-features.c, 3.7)
	TermName    string // client_termname: the outer terminal's TERM
	TermType    string // client_termtype: its XTVERSION answer
	Command     string // pane_current_command
}

func parseTmuxFacts(out string) TmuxFacts {
	l := strings.SplitN(strings.TrimSuffix(out, "\n"), "\n", 8)
	l = append(l, make([]string, 8-len(l))...)
	f := TmuxFacts{Pass: parsePassthrough(l[0]), Version: l[1], TTY: l[3], TermName: l[5], TermType: l[6], Command: l[7]}
	f.Gone = f.Version != "" && l[2] == ""
	f.ProgressBar = slices.Contains(strings.Split(l[4], ","), "progressbar")
	return f
}

// TmuxAsk asks tmux about the pane once for every backend: one exec at
// the first report (or Probe). An answer or refusal is kept; an ask out of
// time is retried up to maxProbeTimeouts. Safe for concurrent use.
type TmuxAsk struct {
	run      func(ctx context.Context, name string, args ...string) (string, error)
	pane     string
	sem      chan struct{} // held while asking
	mu       sync.Mutex
	done     bool
	facts    TmuxFacts
	err      error
	timeouts int
}

// NewTmuxAsk asks through run (default execProbe) about pane ("": tmux's current).
func NewTmuxAsk(run func(ctx context.Context, name string, args ...string) (string, error), pane string) *TmuxAsk {
	if run == nil {
		run = execProbe
	}
	return &TmuxAsk{run: run, pane: pane, sem: make(chan struct{}, 1)}
}

// tmuxAsks: the bridge and the background's detection share one question.
var tmuxAsks sync.Map

// SharedTmuxAsk is the process's TmuxAsk for key (tmux, server and pane).
func SharedTmuxAsk(key string, run func(ctx context.Context, name string, args ...string) (string, error), pane string) *TmuxAsk {
	a, _ := tmuxAsks.LoadOrStore(key, NewTmuxAsk(run, pane))
	return a.(*TmuxAsk)
}

// maxProbeTimeouts: a busy machine may be slow to start tmux once, but a
// tmux that never answers must not cost every report.
const maxProbeTimeouts = 3

// Facts is tmux's answer, asking the first time; done is false when ctx
// ended the ask (ask again later).
func (a *TmuxAsk) Facts(ctx context.Context) (f TmuxFacts, done bool, err error) {
	select {
	case a.sem <- struct{}{}:
		defer func() { <-a.sem }()
	case <-ctx.Done():
		return TmuxFacts{}, false, context.Cause(ctx)
	}
	if f, done, err := a.Known(); done {
		return f, true, err
	}
	args := []string{"display-message", "-p"}
	if a.pane != "" {
		args = append(args, "-t", a.pane)
	}
	out, err := a.run(ctx, "tmux", append(args, "--", tmuxFormat)...)
	a.mu.Lock()
	defer a.mu.Unlock()
	if err != nil && ctx.Err() != nil {
		if a.timeouts++; a.timeouts < maxProbeTimeouts {
			return TmuxFacts{}, false, fmt.Errorf("terminal: asking tmux: %w", context.Cause(ctx))
		}
	}
	a.done = true
	if err != nil {
		a.err = fmt.Errorf("tmux does not answer: %w", err)
		a.facts.Pass = passDenied
	} else {
		a.facts = parseTmuxFacts(out)
	}
	return a.facts, true, a.err
}

// Known is the answer so far, never blocking; done is false before one.
func (a *TmuxAsk) Known() (TmuxFacts, bool, error) {
	a.mu.Lock()
	defer a.mu.Unlock()
	return a.facts, a.done, a.err
}

// pass is allow-passthrough as known so far (passUnasked before), never blocking.
func (b *Backend) pass() passState {
	f, _, _ := b.tmux.Known()
	return f.Pass
}

// gen is tmux's generation from TERM_PROGRAM_VERSION, else the server's.
func (b *Backend) gen() tmuxGen {
	if g := tmuxGeneration(b.info.MuxVersion); g != tmuxUnknown {
		return g
	}
	f, _, _ := b.tmux.Known()
	return tmuxGeneration(f.Version)
}

// outer is the terminal outside tmux as its probe told it: the XTVERSION
// answer names it and its version; else a TERM only one terminal sets.
func outer(f TmuxFacts) (id, version, from string) {
	if r, v := rowByXTVersion(f.TermType); r != nil { // a multiplexer too (Zellij: choose gives it no bar)
		return r.ID, v, "tmux's client_termtype " + core.Clean(f.TermType, 40)
	}
	if r := rowByTerm(f.TermName); r != nil {
		return r.ID, "", "tmux's client_termname " + core.Clean(f.TermName, 40)
	}
	return "", "", ""
}

// Info is the detected terminal, tmux's version from the server if unknown.
func (b *Backend) Info() Info {
	in := b.info
	if f, _, _ := b.tmux.Known(); in.Mux == MuxTmux && in.MuxVersion == "" {
		in.MuxVersion = f.Version
	}
	return in
}

// progressBar: tmux 3.7+ parses OSC 9;4 (input.c input_osc_9) and sends
// the active pane's bar to a client with the progressbar feature
// (server-client.c server_client_set_progress_bar): the bar goes raw.
func (b *Backend) progressBar() bool {
	f, _, _ := b.tmux.Known()
	return b.info.Mux == MuxTmux && f.ProgressBar
}

// Probe asks tmux now, bounded by ctx, what Note depends on: a command,
// never from Bubble Tea's Update.
func (b *Backend) Probe(ctx context.Context) {
	if b.info.Mux == MuxTmux && ctx.Err() == nil {
		b.tmux.Facts(ctx)
	}
}

func execProbe(ctx context.Context, name string, args ...string) (string, error) {
	out, _, err := proc.Run(ctx, nil, name, args...)
	return string(out), err
}

// Note says what keeps the bar or the ping from the user inside tmux,
// with the fix; "" when nothing is known to. It never blocks.
func (b *Backend) Note() string {
	if b.info.Mux != MuxTmux || (!b.progress && !b.ping) {
		return ""
	}
	f, done, err := b.tmux.Known()
	bar := b.barOn(b.plan()) && !f.ProgressBar // with the feature, tmux draws the bar itself
	what := "the progress bar and the ping"
	switch {
	case err != nil:
		return err.Error() + ", so what it lets through is unknown"
	case done && f.Gone:
		return "tmux has no pane " + b.info.MuxPane + " (TMUX_PANE names a pane that is gone)"
	case !bar && !b.ping:
		return ""
	case !b.ping:
		what = "the progress bar"
	case !bar:
		what = "the ping"
	}
	const (
		fixOn  = "set -g allow-passthrough on"
		fixBar = "set -as terminal-features ',*:progressbar'"
	)
	switch b.pass() {
	case passAll:
		return ""
	case passUnasked:
		return "inside tmux, " + what + " pass only if tmux's allow-passthrough lets them (asked at the first report)"
	case passVisible:
		note := "tmux passes " + what + " only while the chat's window is visible (allow-passthrough on)"
		if b.ping {
			note += "; a ping from a hidden window is lost (tmux 3.4+: set -g allow-passthrough all)"
		}
		return note
	}
	if b.gen() == tmuxOld || !bar {
		return "tmux's allow-passthrough is off, so " + what + " cannot reach the terminal; fix: " + fixOn
	}
	shows := "tmux 3.7+ shows the bar only on a terminal it knows has its progressbar feature (3.7-3.7c: only tmux and iTerm2)"
	if b.gen() == tmuxUnknown {
		shows = "the bar shows only if this tmux is 3.7+ and knows the terminal has its progressbar feature (3.7-3.7c: only tmux and iTerm2)"
	}
	if !b.ping {
		return "tmux's allow-passthrough is off: " + shows + "; fix: " + fixOn + " (or " + fixBar + ")"
	}
	return "tmux's allow-passthrough is off, so the ping cannot reach the terminal, and " + shows +
		"; fix: " + fixOn + " (or, for the bar alone, " + fixBar + ")"
}
