package terminal

import (
	"fmt"
	"slices"
	"strings"
)

// defaultBadProgress lists the terminals that get no OSC 9;4 (unless
// Config.Progress says otherwise): "NAME" (Info.Program), "NAME<VERSION"
// (below VERSION, or a version not said) or "TERM=VALUE" (Info.Term).
var defaultBadProgress = []string{
	// iTerm2 before 3.6.6 shows every OSC 9;4 as a desktop notification
	// (claude-code#21435).
	"iTerm.app<3.6.6",
	// kitty before 0.38 does too; 0.38 discards them, 0.39 shows a
	// percentage in the tab title. kitty says no version, so every kitty
	// matches: a bar in a tab title is not worth a notification per state
	// change for users of an LTS kitty (Ubuntu 24.04: 0.32).
	"kitty<0.38",
	// The Linux console and dumb terminals print it as text.
	"TERM=linux",
	"TERM=dumb",
}

// badEntry is one parsed entry of a known-bad list.
type badEntry struct {
	term    string // TERM=VALUE: the TERM value
	program string // otherwise: the program's name
	below   string // NAME<VERSION: the first good version
}

func parseBadList(list []string) ([]badEntry, error) {
	out := make([]badEntry, 0, len(list))
	for i, s := range list {
		e, err := parseBadEntry(s)
		if err != nil {
			return nil, fmt.Errorf("terminal: BadProgress[%d] %q: %s", i, s, err)
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
	if hasBound && (versionParts(bound) == nil || strings.TrimSpace(bound) != bound) {
		return badEntry{}, fmt.Errorf("bad version %q", bound)
	}
	return badEntry{program: name, below: bound}, nil
}

// badProgress reports whether an entry of list covers the terminal in.
func badProgress(list []badEntry, in Info) bool {
	return slices.ContainsFunc(list, func(e badEntry) bool {
		if e.term != "" {
			return in.Term == e.term
		}
		below, known := VersionBelow(in.Version, e.below)
		return strings.EqualFold(in.Program, e.program) && (e.below == "" || below || !known)
	})
}
