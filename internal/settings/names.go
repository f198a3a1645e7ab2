package settings

import (
	"strings"
	"unicode/utf8"
)

// The names an app gives, each checked by one rule (WithAgent, WithSource):
// a host that wants another form makes it from them (cmux's statusKey,
// tuios's harness, herdr's token names: hostio.Sanitize).
const (
	AgentRule  = "1-64 of [A-Za-z0-9._-], starting with a letter or digit"
	SourceRule = "1-80 of [A-Za-z0-9:._-]" // herdr's report source
	MaxAgent   = 64
	maxSource  = 80
)

// ValidAgent reports whether name is an agent's name (AgentRule).
func ValidAgent(name string) bool {
	return ValidName(name, AgentRune, MaxAgent) && Alnum(rune(name[0]))
}

// ValidSource reports whether s is a herdr source (SourceRule).
func ValidSource(s string) bool { return ValidName(s, sourceRune, maxSource) }

// AgentRune reports whether r may be in an agent's name.
func AgentRune(r rune) bool  { return Alnum(r) || strings.ContainsRune("._-", r) }
func sourceRune(r rune) bool { return Alnum(r) || strings.ContainsRune(":._-", r) }

// ValidName reports whether s is 1 to max bytes, each an ASCII rune keep
// takes: hostio.Sanitize's check, where a '_' passes only if keep takes it.
func ValidName(s string, keep func(rune) bool, max int) bool {
	refused := func(r rune) bool { return r >= utf8.RuneSelf || !keep(r) }
	return s != "" && len(s) <= max && !strings.ContainsFunc(s, refused)
}

// Alnum reports whether r is an ASCII letter or digit.
func Alnum(r rune) bool { return r >= 'a' && r <= 'z' || r >= 'A' && r <= 'Z' || r >= '0' && r <= '9' }
