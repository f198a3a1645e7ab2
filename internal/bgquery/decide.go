package bgquery

import (
	"strconv"
	"strings"

	"github.com/hostbridge/hostbridge/internal/core"
	"github.com/hostbridge/hostbridge/internal/hosts/terminal"
)

// Plan is how a program learns its terminal's background: Fallback
// (nobody can answer: COLORFGBG, then dark), Reuse (termenv asked at
// start-up and lipgloss cached the answer: asking again would cost a
// second round trip, or a second stall), Ask (termenv did not, but the
// multiplexer the program runs in answers OSC 11 itself: Query it).
type Plan uint8

const (
	Fallback Plan = iota
	Reuse
	Ask
)

var planNames = [...]string{"fallback", "reuse", "ask"}

func (p Plan) String() string {
	if int(p) < len(planNames) {
		return planNames[p]
	}
	return "Plan(" + strconv.Itoa(int(p)) + ")"
}

// Decision is Decide's answer. Answerer names who answers OSC 11 ("tmux
// 3.4", "tuios", "herdr", "GNU screen"; "" for a terminal behind no
// multiplexer), Skip why termenv did not ask, Why how the decision was
// reached, for a -doctor report.
type Decision struct {
	Plan                Plan
	Answerer, Skip, Why string
}

// termenvOS are the platforms where termenv v0.16 asks at all
// (termenv_unix.go); elsewhere it reports black without asking.
var termenvOS = map[string]bool{
	"darwin": true, "ios": true, "dragonfly": true, "freebsd": true, "linux": true,
	"android": true, "netbsd": true, "openbsd": true, "solaris": true, "zos": true,
}

// Decide says how to learn the background from the environment getenv
// reads, the platform, and whether stdout is a terminal whose foreground
// process group the process is in. It replicates termenv v0.16's
// conditions for asking (a supported OS, CI unset, stdout a terminal, TERM
// not screen*, tmux* or dumb, the foreground): where all hold, termenv
// asked and its answer is reused. Otherwise it asks only where TERM names
// a multiplexer (never under CI) known to answer: tmux 3.4 or later,
// tuios, herdr. A terminal nobody knows is not asked: one that ignores the
// sequence may print it. Where several conditions fail, TERM is reported.
func Decide(getenv func(string) string, goos string, stdoutTTY, foreground bool) Decision {
	return DecideFor(getenv, goos, stdoutTTY, foreground, false, nil)
}

// DecideFor is Decide for a UI drawn on another output than stdout
// (BackgroundOptions.Output): where termenv skipped the query only because
// stdout is not a terminal and uiTTY says the UI's output is one (in the
// foreground), hostbridge asks it, as termenv would have asked stdout.
// tmuxVersion, if not nil, asks tmux's server for its version where the
// environment does not say it (TERM_PROGRAM unset or another's), only
// where the plan depends on it.
func DecideFor(getenv func(string) string, goos string, stdoutTTY, foreground, uiTTY bool, tmuxVersion func() string) Decision {
	term := getenv("TERM")
	shown := "TERM=" + show(term)
	byTERM := strings.HasPrefix(term, "screen") || strings.HasPrefix(term, "tmux")
	who, can, why := answerer(getenv)
	var skip string
	switch {
	case !termenvOS[goos]:
		skip = "termenv does not query on " + goos
	case getenv("CI") != "":
		skip = "termenv skipped the query: CI is set"
	case strings.HasPrefix(term, "dumb"), byTERM:
		skip = "termenv skipped the query: " + shown
	case !stdoutTTY && uiTTY:
		skip = "termenv skipped the query: stdout is not a terminal"
		return Decision{Plan: Ask, Answerer: "the terminal", Skip: skip, Why: skip + "; the UI's output is one: asking it"}
	case !stdoutTTY:
		skip = "termenv skipped the query: stdout is not a terminal"
	case !foreground:
		skip = "termenv skipped the query: not in the terminal's foreground process group"
	default:
		asked := "the terminal"
		if who != "" && can {
			asked = who
		}
		return Decision{Plan: Reuse, Answerer: who, Why: "termenv asked " + asked + " at start-up (" + shown + ")"}
	}
	d := Decision{Plan: Fallback, Answerer: who, Skip: skip, Why: skip}
	if !byTERM || getenv("CI") != "" || !termenvOS[goos] {
		return d // stopped by something other than a multiplexer: so are we
	}
	if who == "tmux" && tmuxVersion != nil {
		if v := show(tmuxVersion()); v != "" {
			who, can, why = tmuxAnswers(v)
			d.Answerer = who
		}
	}
	switch {
	case who == "":
		d.Why += "; no multiplexer known to answer OSC 11"
	case !can:
		d.Why += "; " + why
	default:
		d.Plan, d.Why = Ask, skip+"; "+why
	}
	return d
}

// answerer names the innermost multiplexer from the variables each sets in
// its panes, and says whether it answers OSC 11 itself. tmux overwrites
// TERM_PROGRAM in its panes and tuios sets its own, so TERM_PROGRAM tells
// which is innermost; HERDR_ENV and TMUX are inherited inwards.
func answerer(getenv func(string) string) (who string, can bool, why string) {
	switch {
	case getenv("TERM_PROGRAM") == "tmux":
		return tmuxAnswers(show(getenv("TERM_PROGRAM_VERSION")))
	case getenv("TUIOS_ENV") == "1":
		return "tuios", true, "tuios answers OSC 11"
	case getenv("HERDR_ENV") == "1":
		return "herdr", true, "herdr answers OSC 11"
	case getenv("TMUX") != "":
		return "tmux", true, "tmux (version unknown) may answer OSC 11; asking"
	case getenv("STY") != "" || strings.HasPrefix(getenv("TERM"), "screen"):
		return "GNU screen", false, "GNU screen cannot answer OSC 11"
	}
	return "", false, ""
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
