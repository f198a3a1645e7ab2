package terminal

import (
	"fmt"
	"strings"
)

// defaultBadProgress lists the terminals that must not be sent OSC 9;4
// when Config.Progress is SupportAuto; Config.BadProgress replaces it.
//
// Each entry is one of:
//
//	NAME            Info.Program is NAME (case-insensitive), any version
//	NAME<VERSION    Info.Program is NAME and its version is below VERSION,
//	                or not known: a terminal that does not say its version
//	                is taken to be an old one
//	TERM=VALUE      Info.Term is exactly VALUE
//
// Versions compare by their dotted numbers ("3.6.6", "0.38").
var defaultBadProgress = []string{
	// iTerm2 before 3.6.6 shows every OSC 9;4 as a desktop notification
	// (claude-code#21435). It says its version in TERM_PROGRAM_VERSION and,
	// across ssh, in LC_TERMINAL_VERSION.
	"iTerm.app<3.6.6",
	// kitty before 0.38 shows every OSC 9;4 as a desktop notification
	// ("4;3", "4;0;"); 0.38 discards them, 0.39 shows the percentage in the
	// tab title. kitty exports no version variable, so every kitty matches
	// this entry: a bar in a tab title is not worth a notification on each
	// state change for users of the kitty their LTS distribution ships
	// (Ubuntu 24.04: 0.32). Config.Progress = SupportOn turns it back on.
	"kitty<0.38",
	// The Linux console and dumb terminals print OSC 9;4 as text.
	"TERM=linux",
	"TERM=dumb",
}

// KnownBadProgress returns a copy of the built-in list of terminals that
// get no OSC 9;4 (see Config.BadProgress for the format).
func KnownBadProgress() []string {
	return append([]string(nil), defaultBadProgress...)
}

// badEntry is one parsed entry of a known-bad list.
type badEntry struct {
	term    string  // TERM=VALUE: the TERM value
	program string  // otherwise: the program's name
	below   version // NAME<VERSION: the first good version
}

func parseBadList(list []string) ([]badEntry, error) {
	out := make([]badEntry, 0, len(list))
	for i, s := range list {
		e, err := parseBadEntry(s)
		if err != nil {
			return nil, fmt.Errorf("%w: BadProgress[%d] %q: %s", ErrConfig, i, s, err)
		}
		out = append(out, e)
	}
	return out, nil
}

func parseBadEntry(s string) (badEntry, error) {
	if v, ok := strings.CutPrefix(s, "TERM="); ok {
		if v == "" || strings.ContainsAny(v, " \t<") {
			return badEntry{}, fmt.Errorf("want TERM=VALUE")
		}
		return badEntry{term: v}, nil
	}
	name, bound, hasBound := strings.Cut(s, "<")
	if name == "" || strings.ContainsAny(name, " \t=") {
		return badEntry{}, fmt.Errorf("want NAME, NAME<VERSION or TERM=VALUE")
	}
	e := badEntry{program: name}
	if hasBound {
		v, ok := parseVersion(bound)
		if !ok || strings.TrimSpace(bound) != bound {
			return badEntry{}, fmt.Errorf("bad version %q", bound)
		}
		e.below = v
	}
	return e, nil
}

// match reports whether the entry covers the terminal in.
func (e badEntry) match(in Info) bool {
	if e.term != "" {
		return in.Term == e.term
	}
	if !strings.EqualFold(in.Program, e.program) {
		return false
	}
	if e.below == nil {
		return true
	}
	v, ok := parseVersion(in.Version)
	return !ok || v.less(e.below)
}

// badProgress reports whether an entry of list covers in.
func badProgress(list []badEntry, in Info) bool {
	for _, e := range list {
		if e.match(in) {
			return true
		}
	}
	return false
}
