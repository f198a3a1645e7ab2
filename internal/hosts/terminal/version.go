package terminal

import "strings"

// version is a dotted version's numeric components: "3.3a" is [3 3],
// "3.6.6" is [3 6 6], "20240203-110809-5046fc22" is [20240203].
type version []int

// parseVersion reads the leading dotted numbers of s. A tmux built from its
// development branch says "next-3.7": it is read as the release it leads
// to. ok is false when s does not start with a number ("", "openbsd-7.5").
func parseVersion(s string) (v version, ok bool) {
	s = strings.TrimPrefix(strings.TrimSpace(s), "next-")
	for {
		n, digits := 0, 0
		for digits < len(s) && s[digits] >= '0' && s[digits] <= '9' {
			if n < 1<<24 { // no overflow; nobody numbers a release that high
				n = n*10 + int(s[digits]-'0')
			}
			digits++
		}
		if digits == 0 {
			break
		}
		v = append(v, n)
		s = s[digits:]
		if len(s) < 2 || s[0] != '.' || s[1] < '0' || s[1] > '9' {
			break
		}
		s = s[1:]
	}
	return v, len(v) > 0
}

// less reports whether v comes before w; missing components count as 0.
func (v version) less(w version) bool {
	for i := range max(len(v), len(w)) {
		a, b := v.at(i), w.at(i)
		if a != b {
			return a < b
		}
	}
	return false
}

func (v version) at(i int) int {
	if i < len(v) {
		return v[i]
	}
	return 0
}

// tmuxGen is what a tmux version does with the sequences this package
// writes.
type tmuxGen uint8

const (
	// tmuxUnknown: the version is not known.
	tmuxUnknown tmuxGen = iota
	// tmuxOld: tmux <= 3.6 swallows OSC 9 and OSC 9;4.
	tmuxOld
	// tmuxNew: tmux >= 3.7 parses OSC 9;4 itself and forwards the active
	// pane's bar to the outer terminal; it still drops OSC 9.
	tmuxNew
)

var firstTmuxWithProgress = version{3, 7}

func tmuxGeneration(s string) tmuxGen {
	v, ok := parseVersion(s)
	switch {
	case !ok:
		return tmuxUnknown
	case v.less(firstTmuxWithProgress):
		return tmuxOld
	}
	return tmuxNew
}
