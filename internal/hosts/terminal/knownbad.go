package terminal

import (
	"fmt"
	"slices"
	"strings"
)

// The known-bad list (Settings.KnownBadProgress, hostbridge.WithKnownBadProgress)
// is the app's override of the table (terminals.go), kept in its old
// spelling: "NAME" (a row's ID or alias, or TERM_PROGRAM as spelt),
// "NAME<VERSION" (below VERSION, or a version not said) or "TERM=VALUE".
// The table's own verdicts replace the old built-in list: iTerm2 before
// 3.6.6 (every OSC 9 a notification:
// gnachman/iTerm2@b9c78a2 sources/VT100Terminal.m), kitty before 0.38 (the same; the report users
// filed, anthropics/claude-code#21435, is about kitty 0.32.2, not iTerm2),
// the Linux console and dumb terminals (they print it).

// badEntry is one parsed entry of a known-bad list.
type badEntry struct {
	term    string // TERM=VALUE: the TERM value
	program string // otherwise: the program's name
	below   string // NAME<VERSION: the first good version
}

// CheckKnownBad says what is wrong with a known-bad list
// (hostbridge.WithKnownBadProgress), nil if nothing, as New would.
func CheckKnownBad(list []string) error {
	_, err := parseBadList(list)
	return err
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
		r := rowByName(e.program)
		same := strings.EqualFold(in.Program, e.program) || r != nil && r == rowByName(in.Program)
		return same && (e.below == "" || below || !known)
	})
}
