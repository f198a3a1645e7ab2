package bgquery

import (
	"strconv"
	"strings"
)

// Plan is how a program should learn its terminal's background.
type Plan uint8

const (
	// Fallback: nobody can answer; use COLORFGBG, then assume dark.
	Fallback Plan = iota
	// Reuse: termenv asked at start-up (Bubble Tea v1's init does it through
	// lipgloss) and lipgloss cached the answer; asking again would cost a
	// second round trip, or a second stall where the terminal is silent.
	Reuse
	// Ask: termenv did not ask, but the multiplexer the program runs in
	// answers OSC 11 itself; ask it with Query, before Program.Run.
	Ask
)

var planNames = [...]string{"fallback", "reuse", "ask"}

func (p Plan) String() string {
	if int(p) < len(planNames) {
		return planNames[p]
	}
	return "Plan(" + strconv.Itoa(int(p)) + ")"
}

// Facts are what the decision depends on, gathered by the caller so that
// Decide stays a pure function.
type Facts struct {
	// Getenv reads the environment; nil reads nothing.
	Getenv func(string) string
	// GOOS is runtime.GOOS.
	GOOS string
	// StdoutTTY: os.Stdout is a terminal (termenv asks on stdout).
	StdoutTTY bool
	// StdoutForeground: the process is in the foreground process group of
	// stdout's terminal.
	StdoutForeground bool
}

// Decision is Decide's answer.
type Decision struct {
	Plan Plan
	// Answerer names who answers (or would) OSC 11: "tmux 3.4", "tuios",
	// "herdr", "GNU screen"; "" for a terminal not behind a multiplexer.
	Answerer string
	// Skip is why termenv did not ask ("" when it did).
	Skip string
	// Why says how the decision was reached, for a -doctor report.
	Why string
}

// termenvOS are the platforms where termenv v0.16 sends the query at all
// (termenv_unix.go); elsewhere it reports black without asking.
var termenvOS = map[string]bool{
	"darwin": true, "ios": true, "dragonfly": true, "freebsd": true, "linux": true,
	"android": true, "netbsd": true, "openbsd": true, "solaris": true, "zos": true,
}

// Decide says how to learn the background. It replicates termenv v0.16's
// conditions for asking (a supported OS, CI unset, stdout a terminal, TERM
// not screen*, tmux* or dumb, the process in the foreground): when all hold,
// termenv asked and its answer is reused. Otherwise it asks only where TERM
// names a multiplexer (screen*, tmux*; never under CI) and only one known to
// answer: tmux 3.4 or later, tuios, herdr. A terminal nobody knows is not
// asked, since one that ignores the sequence may print it. Where several
// conditions fail, TERM is the one reported: it says the most.
func Decide(f Facts) Decision {
	getenv := f.Getenv
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	term := getenv("TERM")
	shown := "TERM=" + show(term)
	byTERM := strings.HasPrefix(term, "screen") || strings.HasPrefix(term, "tmux")
	who, can, why := answerer(getenv)
	var skip string
	switch {
	case !termenvOS[f.GOOS]:
		skip = "termenv does not query on " + f.GOOS
	case getenv("CI") != "":
		skip = "termenv skipped the query: CI is set"
	case strings.HasPrefix(term, "dumb"):
		skip = "termenv skipped the query: " + shown
	case byTERM:
		skip = "termenv skipped the query: " + shown
	case !f.StdoutTTY:
		skip = "termenv skipped the query: stdout is not a terminal"
	case !f.StdoutForeground:
		skip = "termenv skipped the query: not in the terminal's foreground process group"
	default:
		asked := "the terminal"
		if who != "" && can {
			asked = who
		}
		return Decision{Plan: Reuse, Answerer: who, Why: "termenv asked " + asked + " at start-up (" + shown + ")"}
	}
	d := Decision{Plan: Fallback, Answerer: who, Skip: skip, Why: skip}
	if !byTERM || getenv("CI") != "" || !termenvOS[f.GOOS] {
		return d // stopped by something other than a multiplexer: so are we
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
// which of them is innermost; HERDR_ENV and TMUX are inherited inwards.
func answerer(getenv func(string) string) (who string, can bool, why string) {
	switch {
	case getenv("TERM_PROGRAM") == "tmux":
		v := show(getenv("TERM_PROGRAM_VERSION"))
		who = strings.TrimSpace("tmux " + v)
		major, minor, ok := tmuxVersion(v)
		switch {
		case !ok:
			return who, true, who + " (version unknown) may answer OSC 11; asking"
		case major > 3 || major == 3 && minor >= 4:
			return who, true, who + " answers OSC 11"
		}
		return who, false, who + " cannot answer OSC 11 (tmux 3.4 can)"
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

// tmuxVersion reads tmux's version string: "3.4", "3.3a", "next-3.5".
// Other forms ("openbsd-7.5", "master") are unknown.
func tmuxVersion(v string) (major, minor int, ok bool) {
	v = strings.TrimPrefix(v, "next-")
	a, b, found := strings.Cut(v, ".")
	if !found {
		return 0, 0, false
	}
	end := 0
	for end < len(b) && b[end] >= '0' && b[end] <= '9' {
		end++
	}
	major, err1 := strconv.Atoi(a)
	minor, err2 := strconv.Atoi(b[:end])
	if err1 != nil || err2 != nil || major < 0 {
		return 0, 0, false
	}
	return major, minor, true
}

// show returns an environment value as it can be printed in a diagnostic:
// as it is when it is short plain ASCII, quoted and capped otherwise.
func show(v string) string {
	for i := 0; i < len(v); i++ {
		if v[i] <= ' ' || v[i] >= 0x7f || v[i] == '"' {
			return strconv.Quote(truncate(v, 64))
		}
	}
	return truncate(v, 64)
}
