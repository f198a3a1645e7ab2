package core

import (
	"strings"
	"unicode"
)

// Plain is one cleaned line of a markdown reply as a ping shows it: no
// heading #s, quote marks, bullets, fences, backticks, emphasis or link
// targets. It never adds to the line.
func Plain(line string) string {
	s := strings.TrimSpace(line)
	if strings.HasPrefix(s, "```") || strings.HasPrefix(s, "~~~") {
		return "" // a fence says where code starts; the code is the next line
	}
	for strings.HasPrefix(s, ">") {
		s = strings.TrimSpace(s[1:])
	}
	if h := strings.TrimLeft(s, "#"); len(h) < len(s) && len(s)-len(h) <= 6 && (h == "" || h[0] == ' ') {
		s = strings.TrimSpace(h)
	}
	return inline(strings.TrimSpace(trimBullet(s)))
}

func trimBullet(s string) string {
	if len(s) > 1 && strings.ContainsRune("-*+", rune(s[0])) && s[1] == ' ' {
		return s[2:]
	}
	i := 0
	for i < len(s) && i < 9 && s[i] >= '0' && s[i] <= '9' {
		i++
	}
	if i > 0 && i+1 < len(s) && (s[i] == '.' || s[i] == ')') && s[i+1] == ' ' {
		return s[i+2:]
	}
	return s
}

// inline drops backticks, emphasis (so snake_case and 2*3 stay) and link
// targets.
func inline(s string) string {
	var b strings.Builder
	b.Grow(len(s))
	for i := 0; i < len(s); i++ {
		c := s[i]
		switch {
		case c == '`':
			continue
		case c == '*' || c == '_':
			k := i // the run of marks is read once: a line of them costs its length
			for k+1 < len(s) && s[k+1] == c {
				k++
			}
			if !emphasis(s, i, k) {
				b.WriteString(s[i : k+1])
			}
			i = k
			continue
		case c == '!' && i+1 < len(s) && s[i+1] == '[':
			continue // an image: its alt text stays
		case c == '[':
			if text, n, ok := link(s[i:]); ok {
				b.WriteString(inline(text))
				i += n - 1
				continue
			}
		}
		b.WriteByte(c)
	}
	return strings.Join(strings.Fields(b.String()), " ")
}

// emphasis: the run of marks s[j..k] has a word on one side only, or is
// longer than one mark alone between spaces ("**").
func emphasis(s string, j, k int) bool {
	before, after := j == 0 || edge(s[j-1]), k == len(s)-1 || edge(s[k+1])
	return before != after || (before && after && k > j)
}

func edge(c byte) bool { return c < 0x80 && (c == ' ' || unicode.IsPunct(rune(c))) }

// link reads "[text](target)" at the start of s.
func link(s string) (text string, n int, ok bool) {
	text, target, ok := strings.Cut(s[1:], "](")
	_, after, closed := strings.Cut(target, ")")
	if !ok || !closed || strings.Contains(text, "[") {
		return "", 0, false
	}
	return text, len(s) - len(after), true
}
