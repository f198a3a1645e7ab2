package fakehost

import (
	"maps"
	"regexp"
	"strings"
	"time"
)

// A Rig is what a kit runs a program against, made from the kit's options:
// a captured Terminal, the fakes among the options, and the environment
// they give the program. A kit passes Env to the program's hostbridge,
// writes its output to Terminal, and compares Transcript with a golden
// file.
type Rig struct {
	Terminal *Terminal
	// Env is what detection reads: a terminal that is WezTerm
	// (TERM=xterm-256color, TERM_PROGRAM=WezTerm: on no known-bad list, no
	// keep-alive), the fakes' variables over it (cmux's PATH holds the fake
	// cmux alone; tmux's the fake tmux, and wins over cmux's), then WithEnv's.
	// Never the process's own environment: TMUX is never inherited.
	Env           map[string]string
	Width, Height int           // WithSize
	Timeout       time.Duration // WithTimeout
	Kit           []any         // the values of KitOption, in order

	set   map[string]string // WithEnv's
	fakes [4]fake           // herdr, tuios, cmux, tmux: the transcript's order
	norm  normaliser
}

// NewRig makes a Rig from a kit's options.
func NewRig(opts ...Option) *Rig {
	r := settings(opts)
	r.Terminal = &Terminal{}
	env := map[string]string{"TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"}
	for _, f := range r.fakes {
		if f == nil {
			continue
		}
		maps.Copy(env, f.Env())
		u := f.unstable()
		for i := 0; i+1 < len(u); i += 2 {
			r.norm.add(u[i], u[i+1])
		}
	}
	maps.Copy(env, r.set)
	r.Env = env
	return r
}

// fake is what a Rig needs of a fake host.
type fake interface {
	Env() map[string]string
	Transcript() []string
	name() string
	unstable() []string // value, label pairs: what changes between runs
}

// Transcript returns what the hosts were told so far, as a golden file
// holds it: a section per host in a fixed order (terminal, herdr, tuios,
// cmux, tmux), so how their deliveries interleaved cannot show, each in the
// order that host received its lines, a blank line between sections, "<host>
// (nothing)" for a host told nothing. Ids, paths, times and seq values
// that change between runs are replaced by labels such as <cmux-workspace>.
func (r *Rig) Transcript() string {
	var b strings.Builder
	section := func(name string, lines []string) {
		if b.Len() > 0 {
			b.WriteByte('\n')
		}
		if len(lines) == 0 {
			b.WriteString(name + " (nothing)\n")
		}
		for _, line := range lines {
			b.WriteString(r.norm.line(line) + "\n")
		}
	}
	section("terminal", r.Terminal.Transcript())
	for _, f := range r.fakes {
		if f != nil {
			section(f.name(), f.Transcript())
		}
	}
	return b.String()
}

// normaliser replaces the values that change between runs with stable
// labels where they stand as a whole token, then WithReplace's pairs.
type normaliser struct {
	res    []*regexp.Regexp
	labels []string
	plain  []string // old, new pairs
}

func (n *normaliser) add(value, label string) {
	if value == "" {
		return
	}
	const edge = `[^A-Za-z0-9_.:-]`
	n.res = append(n.res, regexp.MustCompile(`(^|`+edge+`)`+regexp.QuoteMeta(value)+`($|`+edge+`)`))
	n.labels = append(n.labels, "${1}"+label+"${2}")
}

func (n *normaliser) line(line string) string {
	for j, re := range n.res {
		// A few passes: a match takes the separator after it, so of
		// "V V" one pass replaces only the first V.
		for range 4 {
			line = re.ReplaceAllString(line, n.labels[j])
		}
	}
	// The chat's pid in a cmux row changes every run.
	line = cmuxPid.ReplaceAllString(line, "${1}<pid>")
	for k := 0; k+1 < len(n.plain); k += 2 {
		line = strings.ReplaceAll(line, n.plain[k], n.plain[k+1])
	}
	return line
}

var cmuxPid = regexp.MustCompile(`(^cmux .* --pid=)[0-9]+`)
