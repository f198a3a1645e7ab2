package teatest

import (
	"strings"
	"unicode/utf8"

	tea "github.com/charmbracelet/bubbletea"
)

// keyTypes maps the names Bubble Tea v1 gives its keys ("enter", "ctrl+c",
// "up") to their KeyType, read from tea.KeyType's own String so that the
// names are Bubble Tea's. v1's key types are the C0 controls and DEL
// (0..127) and the negative special keys.
var keyTypes = func() map[string]tea.KeyType {
	m := map[string]tea.KeyType{}
	for t := tea.KeyType(-256); t <= 127; t++ {
		if name := t.String(); name != "" && t != tea.KeyRunes && t != tea.KeySpace {
			if _, dup := m[name]; !dup {
				m[name] = t
			}
		}
	}
	return m
}()

// keyNamed returns the key whose String is name; "space" is the space key.
func keyNamed(name string) (tea.KeyMsg, bool) {
	var alt bool
	if rest, ok := strings.CutPrefix(name, "alt+"); ok && rest != "" {
		alt, name = true, rest
	}
	if t, ok := keyTypes[name]; ok {
		return tea.KeyMsg{Type: t, Alt: alt}, true
	}
	if name == "space" {
		name = " "
	}
	if r, size := utf8.DecodeRuneInString(name); size == len(name) && r != utf8.RuneError {
		key := runeKey(r)
		key.Alt = alt
		return key, true
	}
	return tea.KeyMsg{}, false
}

// runeKey is the key that types r, as Bubble Tea's input reader makes it.
func runeKey(r rune) tea.KeyMsg {
	if r == ' ' {
		return tea.KeyMsg{Type: tea.KeySpace, Runes: []rune{' '}}
	}
	return tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune{r}}
}
