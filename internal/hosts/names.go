package hosts

import (
	"unicode/utf8"

	"github.com/hostbridge/hostbridge/internal/core"
)

func validAgent(agent string) bool {
	return agent != "" && core.Clean(agent, maxAgent) == agent
}

// sanitize replaces each rune of s that keep refuses with '_' and cuts the
// result to max bytes: names a host takes, from the app's.
func sanitize(s string, keep func(rune) bool, max int) string {
	b := make([]byte, 0, min(len(s), max))
	for _, r := range s {
		if len(b) == max {
			break
		}
		if r < utf8.RuneSelf && keep(r) {
			b = append(b, byte(r))
		} else {
			b = append(b, '_')
		}
	}
	return string(b)
}

// validName reports whether s is a name a host takes as it is: 1 to max
// bytes, every rune ASCII and kept by keep. It is sanitize's check without
// its copy, and without its '_': a '_' passes only when keep takes it.
func validName(s string, keep func(rune) bool, max int) bool {
	if s == "" || len(s) > max {
		return false
	}
	for _, r := range s {
		if r >= utf8.RuneSelf || !keep(r) {
			return false
		}
	}
	return true
}

func alnum(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' }
