package terminal

import (
	"context"
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"

	"github.com/hostbridge/hostbridge/internal/proc"
)

// seqKind is a sequence's family: multiplexers treat them differently.
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
	routeScreen              // screen's DCS passthrough, in 768-byte chunks
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

// decide says how a sequence of kind k reaches the terminal through mux,
// given tmux's generation and whether tmux lets sequences pass (allowed):
//
//	mux      tmux    allow-passthrough   OSC 9;4   OSC 9
//	none     -       -                   raw       raw
//	screen   -       -                   screen    screen
//	tmux     any     on, all             tmux      tmux
//	tmux     >= 3.7  off                 raw       dropped
//	tmux     <= 3.6  off                 dropped   dropped
//	tmux     unknown off                 raw       dropped
//
// DCS passthrough reaches the outer terminal whatever tmux believes of it,
// only where allow-passthrough is on or all (3.3+, default off; input.c,
// input_dcs_dispatch). tmux 3.7 forwards its own bar only to a terminal it
// gave the progressbar feature (3.7-3.7c: tmux and iTerm2, tty-features.c)
// and ignores every other OSC 9 (input.c, input_osc_9; tags 3.7, 3.7c), so
// a bar sent raw to a tmux of unknown age is harmless where it is dropped.
// GNU screen always passes its DCS.
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

// screenChunk is the longest string GNU screen passes in one DCS.
const screenChunk = 768

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

// passState is the cached answer of the passthrough probe.
type passState uint32

const (
	passUnasked passState = iota
	passDenied            // off, an old tmux without the option, or the probe failed
	passVisible           // on: passes only while the pane is visible
	passAll               // all: passes from hidden panes too (3.4+)
)

func parsePassthrough(out string) passState {
	switch strings.TrimSpace(out) {
	case "on":
		return passVisible
	case "all":
		return passAll
	}
	return passDenied
}

// maxProbeTimeouts is how many probes may run out of time before tmux is
// taken as not allowing passthrough: a busy machine may be slow to start
// tmux once, but a tmux that never answers must not cost every report.
const maxProbeTimeouts = 3

// passthrough reports whether tmux lets sequences through, asking it the
// first time, bounded by the report. An answer, or a failure that says no,
// is kept. A probe out of time keeps nothing and fails the report, so its
// state is retried and tmux asked again.
func (b *Backend) passthrough(ctx context.Context) (bool, error) {
	p := passState(b.pass.Load())
	if p == passUnasked {
		if err := ctx.Err(); err != nil {
			return false, context.Cause(ctx)
		}
		var answered bool
		if p, answered = b.askTmux(ctx); !answered {
			if b.probeTimeouts < maxProbeTimeouts-1 {
				b.probeTimeouts++
				return false, fmt.Errorf("terminal: asking tmux about passthrough: %w", context.Cause(ctx))
			}
			p = passDenied
		}
		b.pass.Store(uint32(p))
	}
	return p == passVisible || p == passAll, nil
}

// askTmux asks tmux for the pane's allow-passthrough, inherited too (-A),
// the value alone (-v): "off", "on", or "all" from 3.4; a tmux before 3.3
// has no such option and fails: "not allowed". answered is false when ctx
// ended the probe.
func (b *Backend) askTmux(ctx context.Context) (p passState, answered bool) {
	args := []string{"show-options", "-A", "-p", "-v"}
	if b.info.MuxPane != "" {
		args = append(args, "-t", b.info.MuxPane)
	}
	out, err := b.probe(ctx, "tmux", append(args, "allow-passthrough")...)
	switch {
	case err == nil:
		return parsePassthrough(out), true
	case ctx.Err() != nil:
		return passUnasked, false
	}
	return passDenied, true
}

// Probe asks tmux now, bounded by ctx, what Note depends on, for a
// diagnostic that must say it before any report. It runs a command: never
// call it from Bubble Tea's Update.
func (b *Backend) Probe(ctx context.Context) {
	if b.info.Mux != MuxTmux || passState(b.pass.Load()) != passUnasked || ctx.Err() != nil {
		return
	}
	if p, answered := b.askTmux(ctx); answered {
		b.pass.CompareAndSwap(uint32(passUnasked), uint32(p))
	}
}

func execProbe(ctx context.Context, name string, args ...string) (string, error) {
	out, _, err := proc.Run(ctx, nil, name, args...)
	return string(out), err
}

// Note says in plain words what keeps the bar or the ping from the user
// inside tmux, with the one-line fix; "" when nothing is known to. It
// reads what the probe found so far: it never blocks.
func (b *Backend) Note() string {
	if b.info.Mux != MuxTmux || (!b.progress && !b.ping) {
		return ""
	}
	what := "the progress bar and the ping"
	switch {
	case !b.ping:
		what = "the progress bar"
	case !b.progress:
		what = "the ping"
	}
	const (
		fixOn  = "set -g allow-passthrough on"
		fixBar = "set -as terminal-features ',*:progressbar'"
	)
	switch passState(b.pass.Load()) {
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
	if b.gen == tmuxOld || !b.progress {
		return "tmux's allow-passthrough is off, so " + what + " cannot reach the terminal; fix: " + fixOn
	}
	bar := "tmux 3.7+ shows the bar only on a terminal it knows has its progressbar feature (3.7-3.7c: only tmux and iTerm2)"
	if b.gen == tmuxUnknown {
		bar = "the bar shows only if this tmux is 3.7+ and knows the terminal has its progressbar feature (3.7-3.7c: only tmux and iTerm2)"
	}
	if !b.ping {
		return "tmux's allow-passthrough is off: " + bar + "; fix: " + fixOn + " (or " + fixBar + ")"
	}
	return "tmux's allow-passthrough is off, so the ping cannot reach the terminal, and " + bar +
		"; fix: " + fixOn + " (or, for the bar alone, " + fixBar + ")"
}
