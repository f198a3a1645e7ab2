package bgquery

import (
	"strings"

	"github.com/hostbridge/hostbridge/internal/core"
	"github.com/hostbridge/hostbridge/internal/hosts"
	"github.com/hostbridge/hostbridge/internal/hosts/terminal"
)

// Plan is how a program learns its terminal's background.
type Plan uint8

const (
	Fallback Plan = iota // nobody can answer: COLORFGBG, then dark
	Reuse                // termenv asked at start-up; asking again would cost a second stall
	Ask                  // termenv did not, but the multiplexer answers OSC 11 itself: Query it
)

// Decision is Decide's answer, in a -doctor report's words.
type Decision struct {
	Plan     Plan
	Answerer string // "tmux 3.4", "tuios", "herdr", "GNU screen"; "" for a terminal behind none
	Skip     string // why termenv did not ask
	Why      string // how the decision was reached
}

// termenvOS are the platforms where termenv v0.16 asks at all
// (termenv_unix.go); elsewhere it reports black without asking.
var termenvOS = map[string]bool{
	"darwin": true, "ios": true, "dragonfly": true, "freebsd": true, "linux": true,
	"android": true, "netbsd": true, "openbsd": true, "solaris": true, "zos": true,
}

// Env is what Decide knows: host detection's answer, CI, the platform, and
// whether stdout and the UI's output (where another file) are terminals.
type Env struct {
	Host                         hosts.Host
	CI                           bool
	GOOS                         string
	StdoutTTY, Foreground, UITTY bool
	// TmuxVersion, if not nil, asks tmux's server where detection does not
	// know its version, only where the plan depends on it.
	TmuxVersion func() string
}

// Decide replicates termenv v0.16's conditions for asking: where all hold,
// its answer is reused. Otherwise it asks only a multiplexer TERM names
// (never under CI) known to answer, or the UI's output where stdout alone
// was not a terminal: a terminal that ignores the sequence may print it.
func Decide(e Env) Decision {
	term := e.Host.Terminal.Term
	shown := "TERM=" + show(term)
	byTERM := strings.HasPrefix(term, "screen") || strings.HasPrefix(term, "tmux")
	who, can, why := answerer(e.Host)
	var skip string
	switch {
	case !termenvOS[e.GOOS]:
		skip = "termenv does not query on " + e.GOOS
	case e.CI:
		skip = "termenv skipped the query: CI is set"
	case strings.HasPrefix(term, "dumb"), byTERM:
		skip = "termenv skipped the query: " + shown
	case !e.StdoutTTY:
		skip = "termenv skipped the query: stdout is not a terminal"
		if e.UITTY {
			return Decision{Plan: Ask, Answerer: "the terminal", Skip: skip, Why: skip + "; the UI's output is one: asking it"}
		}
	case !e.Foreground:
		skip = "termenv skipped the query: not in the terminal's foreground process group"
	default:
		asked := "the terminal"
		if can {
			asked = who
		}
		return Decision{Plan: Reuse, Answerer: who, Why: "termenv asked " + asked + " at start-up (" + shown + ")"}
	}
	d := Decision{Plan: Fallback, Answerer: who, Skip: skip, Why: skip}
	if !byTERM || e.CI || !termenvOS[e.GOOS] {
		return d // stopped by something other than a multiplexer: so are we
	}
	if who == "tmux" && e.TmuxVersion != nil {
		if v := show(e.TmuxVersion()); v != "" {
			d.Answerer, can, why = tmuxAnswers(v)
		}
	}
	if can {
		d.Plan = Ask
	}
	d.Why += "; " + why
	return d
}

// answerer is who answers OSC 11 in detection's order: herdr or tuios, the
// innermost host (a tmux whose variables they carry is outside), else the
// multiplexer; whether that one answers, and why, in a -doctor line's words.
// herdr sets TERM but neither TERM_PROGRAM nor TMUX in its panes
// (ogulcancelik/herdr@10974c82 src/pane.rs apply_pane_terminal_env), so a
// herdr inside tmux carries tmux's; a tmux inside herdr would be asked the
// same, and credited to herdr (decide_test.go says why that is kept).
func answerer(h hosts.Host) (who string, can bool, why string) {
	switch {
	case h.Kind == hosts.Herdr, h.Kind == hosts.Tuios:
		return h.Kind.String(), true, h.Kind.String() + " answers OSC 11"
	case h.Terminal.Mux == terminal.MuxTmux:
		return tmuxAnswers(show(h.Terminal.MuxVersion))
	case h.Terminal.Mux == terminal.MuxScreen:
		return "GNU screen", false, "GNU screen cannot answer OSC 11"
	}
	return "", false, "no multiplexer known to answer OSC 11"
}

// tmuxAnswers says whether tmux of version v answers OSC 11 (3.4+).
func tmuxAnswers(v string) (who string, can bool, why string) {
	who = strings.TrimSpace("tmux " + v)
	switch below, known := terminal.VersionBelow(v, "3.4"); {
	case !known:
		return who, true, who + " (version unknown) may answer OSC 11; asking"
	case !below:
		return who, true, who + " answers OSC 11"
	}
	return who, false, who + " cannot answer OSC 11 (tmux 3.4 can)"
}

// show is an environment value as a -doctor line prints it: the
// environment is the user's to set, so it is cleaned as any hostile text.
func show(v string) string { return core.Clean(v, 64) }
