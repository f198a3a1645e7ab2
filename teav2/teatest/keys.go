package teatest

import (
	"strings"
	"unicode/utf8"

	tea "charm.land/bubbletea/v2"
)

// specialKeys maps the names Bubble Tea v2 gives its keys ("enter", "esc",
// "up", "pgdown", "f1") to their codes, read from tea.Key's own String so
// that the names are Bubble Tea's. v2's special keys are the C0 controls
// Bubble Tea names, DEL, the space, and the codes above unicode.MaxRune
// (tea.KeyExtended and after).
var specialKeys = func() map[string]rune {
	m := map[string]rune{}
	add := func(code rune) {
		name := tea.Key{Code: code}.String()
		if _, dup := m[name]; !dup && name != "" && utf8.RuneCountInString(name) > 1 {
			m[name] = code
		}
	}
	for _, code := range []rune{tea.KeyEnter, tea.KeyTab, tea.KeyBackspace, tea.KeyEscape, tea.KeySpace} {
		add(code)
	}
	for code := tea.KeyExtended + 1; code <= tea.KeyExtended+512; code++ {
		add(code)
	}
	return m
}()

// modifiers are the prefixes a key's name may carry, as Key.String writes
// them.
var modifiers = []struct {
	prefix string
	mod    tea.KeyMod
}{
	{"ctrl+", tea.ModCtrl}, {"alt+", tea.ModAlt}, {"shift+", tea.ModShift},
	{"meta+", tea.ModMeta}, {"hyper+", tea.ModHyper}, {"super+", tea.ModSuper},
}

// keyNamed returns the key whose String is name.
func keyNamed(name string) (tea.KeyPressMsg, bool) {
	var mod tea.KeyMod
	rest := name
	for _, m := range modifiers {
		if r, ok := strings.CutPrefix(rest, m.prefix); ok && r != "" {
			mod, rest = mod|m.mod, r
		}
	}
	var key tea.KeyPressMsg
	if code, ok := specialKeys[rest]; ok {
		key = tea.KeyPressMsg{Code: code, Mod: mod}
		if code == tea.KeySpace && mod == 0 {
			key.Text = " "
		}
	} else if r, size := utf8.DecodeRuneInString(rest); size == len(rest) && r != utf8.RuneError {
		key = tea.KeyPressMsg{Code: r, Mod: mod}
		if mod&^tea.ModShift == 0 {
			key.Text = rest // a key that types
		}
	} else {
		return tea.KeyPressMsg{}, false
	}
	return key, key.String() == name
}

// runeKey is the key that types r, as Bubble Tea's input reader makes it.
func runeKey(r rune) tea.KeyPressMsg {
	if r == ' ' {
		return tea.KeyPressMsg{Code: tea.KeySpace, Text: " "}
	}
	return tea.KeyPressMsg{Code: r, Text: string(r)}
}
