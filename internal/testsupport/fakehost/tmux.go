package fakehost

import (
	"maps"
	"path/filepath"
	"slices"
	"strings"
)

// Tmux is a fake tmux client: a sh script named tmux in a directory of its
// own that records the arguments of every call and succeeds, answering
// "display-message" (the probe's question) with the mode Passthrough
// set, "off" by default as tmux's, version 3.3a, pane %1, no tty (so the
// chat's own is not checked) and "chat" as the pane's command. Its Env puts the chat
// in pane %1 of a server whose socket is in that directory, so hostbridge
// keeps its pane options there. For the real tmux, see the e2e tests of
// examples/chat. It needs a POSIX sh (not on Windows).
type Tmux struct {
	exe
	env map[string]string
}

// tmuxScript follows recordCall, which records the call, and answers the
// passthrough question from the file passthrough.
const tmuxScript = `for a in "$@"; do
	if [ "$a" = display-message ]; then
		cat "$dir/passthrough"
		printf '3.3a\n%s\n\n\n\n\nchat\n' "` + TmuxPane + `"
	fi
done
exit 0
`

// TmuxPane is the pane id the fake gives the chat.
const TmuxPane = "%1"

// NewTmux writes the fake into a fresh directory, removed at t's cleanup.
func NewTmux(t TB, opts ...Option) *Tmux {
	t.Helper()
	set := settings(opts).set
	f := &Tmux{exe: newExe(t, "tmux", tmuxScript)}
	f.env = map[string]string{
		"TMUX":                 filepath.Join(f.dir, "default") + ",4242,0",
		"TMUX_PANE":            TmuxPane,
		"TERM":                 "tmux-256color",
		"TERM_PROGRAM":         "tmux",
		"TERM_PROGRAM_VERSION": "3.3a",
		"PATH":                 f.path(),
	}
	maps.Copy(f.env, set)
	f.Passthrough("off")
	return f
}

func (f *Tmux) apply(r *Rig)       { r.fakes[3] = f }
func (f *Tmux) name() string       { return "tmux" }
func (f *Tmux) unstable() []string { return []string{f.dir, "<tmux-dir>"} }

// Bin is the fake executable's path.
func (f *Tmux) Bin() string { return f.bin() }

// Env is what tmux gives a pane: TMUX (a socket in the fake's directory),
// TMUX_PANE (%1), tmux's TERM and TERM_PROGRAM (3.3a), and PATH with the
// fake's directory first, with WithEnv's variables over them. It combines
// with another fake's Env: a herdr pane inside tmux.
func (f *Tmux) Env() map[string]string { return maps.Clone(f.env) }

// Passthrough sets what tmux answers for allow-passthrough: "off", "on"
// or "all".
func (f *Tmux) Passthrough(mode string) { f.set("passthrough", mode) }

// Calls returns the arguments of every call so far (without the program
// name), in the order they were recorded, questions included.
func (f *Tmux) Calls() [][]string { return f.calls() }

// Transcript renders every call that changes the pane (not the questions
// the terminal asks, whose moment depends on another host's worker) as a
// line: "tmux set @hostbridge_state=working @hostbridge_agent=chat
// @hostbridge_text=""" for one exec that sets options, "tmux unset
// @hostbridge_state @hostbridge_agent @hostbridge_text" for one that
// unsets them; a value with blanks or quotes is quoted (%q). Anything
// else is shown as typed.
func (f *Tmux) Transcript() []string {
	var out []string
	for _, args := range f.Calls() {
		if slices.Contains(args, "display-message") {
			continue // the probe's question
		}
		out = append(out, f.line(args))
	}
	return out
}

// line reads one exec's commands: set-option [-p] [-u] [-t T] [--]
// NAME [VALUE], joined by ";".
func (f *Tmux) line(args []string) string {
	if len(args) >= 2 && args[0] == "-S" {
		args = args[2:]
	}
	verb, words, ok := "", []string{}, true
	for _, cmd := range splitCommands(args) {
		unset, rest := false, cmd
		if len(rest) == 0 || rest[0] != "set-option" {
			ok = false
			break
		}
		rest = rest[1:]
		for len(rest) > 0 && strings.HasPrefix(rest[0], "-") {
			flag := rest[0]
			rest = rest[1:]
			if flag == "--" {
				break
			}
			unset = unset || flag == "-u"
			if flag == "-t" && len(rest) > 0 {
				rest = rest[1:]
			}
		}
		switch v := map[bool]string{true: "unset", false: "set"}[unset]; {
		case verb != "" && verb != v, unset && len(rest) != 1, !unset && len(rest) != 2:
			ok = false
		case unset:
			verb, words = v, append(words, rest[0])
		default:
			verb, words = v, append(words, rest[0]+"="+quoteBlank(strings.TrimSuffix(rest[1], `\;`)+semicolon(rest[1])))
		}
		if !ok {
			break
		}
	}
	if !ok || verb == "" {
		return f.typed(args)
	}
	return "tmux " + verb + " " + strings.Join(words, " ")
}

// semicolon gives back the ';' tmux reads from an argument ending "\;".
func semicolon(arg string) string {
	if strings.HasSuffix(arg, `\;`) {
		return ";"
	}
	return ""
}

// splitCommands splits argv at the arguments that end a tmux command: ";"
// alone (tmux also ends one at a trailing ';' of any argument, which the
// backend escapes as "\;").
func splitCommands(args []string) [][]string {
	var cmds [][]string
	start := 0
	for i, a := range args {
		if a == ";" {
			cmds, start = append(cmds, args[start:i]), i+1
		}
	}
	return append(cmds, args[start:])
}
