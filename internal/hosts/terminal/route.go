package terminal

import (
	"context"
	"fmt"
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"
	"github.com/hostbridge/hostbridge/internal/proc"
)

// seqKind is the family of a sequence: multiplexers treat them differently.
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
	routeTmux                // in tmux's DCS passthrough, ESC doubled
	routeScreen              // in screen's DCS passthrough, 768-byte chunks
)

var routeNames = [...]string{"drop", "raw", "tmux", "screen"}

func (r route) String() string { return routeNames[r] }

// screenChunk is the longest string GNU screen passes in one DCS.
const screenChunk = 768

// decide is the decision table of the package doc: how a sequence of kind
// k reaches the terminal through the multiplexer mux, given what tmux's
// version says (gen) and whether tmux lets sequences pass (allowed).
func decide(mux Mux, gen tmuxGen, k seqKind, allowed bool) route {
	switch {
	case mux == MuxScreen:
		return routeScreen
	case mux != MuxTmux:
		return routeRaw
	case allowed:
		// Passthrough reaches the outer terminal whatever tmux believes of
		// it; tmux >= 3.7's own bar reaches only a terminal tmux gave the
		// progressbar feature (tty-features.c, 3.7-3.7c: tmux and iTerm2).
		return routeTmux
	case k == seqProgress && gen != tmuxOld:
		return routeRaw // tmux >= 3.7 forwards it where it can; an older one drops it, harmlessly
	}
	return routeDrop // tmux would swallow it
}

// needsProbe reports whether decide depends on allowed for this sequence.
func needsProbe(mux Mux) bool { return mux == MuxTmux }

// wrap encodes seq for the route.
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

// passthroughArgs asks tmux for the pane's allow-passthrough option. -A
// includes the value the pane inherits from its window or the global
// options; -v prints the value alone: "off" or "on" in tmux 3.3 (a flag),
// "off", "on" or "all" from 3.4 (a choice). A tmux older than 3.3 has no
// such option and fails, which reads as "not allowed".
func passthroughArgs(pane string) []string {
	args := []string{"show-options", "-A", "-p", "-v"}
	if pane != "" {
		args = append(args, "-t", pane)
	}
	return append(args, "allow-passthrough")
}

// passState is the cached answer of the passthrough probe.
type passState uint32

const (
	passUnasked passState = iota
	passDenied            // off, or the probe failed
	passVisible           // on: passes only while the pane is visible
	passAll               // all: passes from hidden panes too (3.4+)
)

var passNames = [...]string{"unasked", "denied", "visible", "all"}

func (p passState) String() string { return passNames[p] }

// parsePassthrough reads the probe's answer.
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
// first time. A definite answer is kept for the run, and so is a failure
// that says no (no tmux on PATH, an old tmux): "not allowed". A probe that
// ran out of the report's time keeps nothing, so a later report asks again
// (up to maxProbeTimeouts times), and the report fails with the context's
// error, so its state is retried.
func (b *Backend) passthrough(ctx context.Context) (bool, error) {
	p := passState(b.pass.Load())
	if p == passUnasked {
		if err := ctx.Err(); err != nil {
			return false, context.Cause(ctx)
		}
		out, err := b.probe(ctx, "tmux", passthroughArgs(b.info.MuxPane)...)
		switch {
		case err == nil:
			p = parsePassthrough(out)
		case ctx.Err() != nil && b.probeTimeouts < maxProbeTimeouts-1:
			b.probeTimeouts++
			return false, fmt.Errorf("terminal: asking tmux about passthrough: %w", context.Cause(ctx))
		default:
			p = passDenied
		}
		b.pass.Store(uint32(p))
	}
	return p == passVisible || p == passAll, nil
}

// Probe asks tmux now what Note depends on (its allow-passthrough for the
// pane), bounded by ctx, unless the answer is known: for a diagnostic (a
// -doctor) that must say it before any report. It runs tmux: never call it
// from Bubble Tea's Update. Report asks by itself when it needs to. Safe
// for concurrent use.
func (b *Backend) Probe(ctx context.Context) {
	if b.info.Mux != MuxTmux || passState(b.pass.Load()) != passUnasked || ctx.Err() != nil {
		return
	}
	out, err := b.probe(ctx, "tmux", passthroughArgs(b.info.MuxPane)...)
	p := passDenied
	switch {
	case err == nil:
		p = parsePassthrough(out)
	case ctx.Err() != nil:
		return // no answer in time: nothing learnt
	}
	b.pass.CompareAndSwap(uint32(passUnasked), uint32(p))
}

// execProbe is the default Config.Probe: the command under ctx, killed
// with everything it started when ctx is done, its output capped.
func execProbe(ctx context.Context, name string, args ...string) (string, error) {
	cmd := proc.Command(ctx, name, args...)
	cmd.WaitDelay = 100 * time.Millisecond // bound the wait for its pipes after a kill
	out, err := cmd.Output()
	if len(out) > 256 {
		out = out[:256]
	}
	return string(out), err
}
