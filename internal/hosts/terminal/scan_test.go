package terminal

import (
	"fmt"
	"strings"
	"unicode/utf8"
)

// A small reader of what a terminal would see, written apart from the code
// under test: it splits output into OSC strings, DCS strings and text, and
// refuses any control byte that is not part of a well-formed sequence.

type tokKind uint8

const (
	tokText tokKind = iota
	tokOSC          // ESC ] payload (BEL | ESC \)
	tokDCS          // ESC P payload ESC \  (ESC ESC inside: one literal ESC, tmux style)
)

type token struct {
	kind tokKind
	data string // the payload, without introducer and terminator
}

func (t token) String() string {
	return fmt.Sprintf("%v(%q)", [...]string{"text", "osc", "dcs"}[t.kind], t.data)
}

// scan splits b into tokens. It fails on an unterminated sequence, on a
// control byte outside a sequence, on invalid UTF-8 or C1 runes in text
// and OSC payloads, and on a control byte inside an OSC payload.
func scan(b string) ([]token, error) {
	var out []token
	text := 0 // start of the current text run
	flush := func(end int) error {
		if end > text {
			if err := plain(b[text:end]); err != nil {
				return fmt.Errorf("text at %d: %w", text, err)
			}
			out = append(out, token{tokText, b[text:end]})
		}
		return nil
	}
	for i := 0; i < len(b); {
		if b[i] != 0x1b {
			i++
			continue
		}
		if err := flush(i); err != nil {
			return nil, err
		}
		if i+1 >= len(b) {
			return nil, fmt.Errorf("lone ESC at %d", i)
		}
		switch b[i+1] {
		case ']':
			end, next, err := oscEnd(b, i+2)
			if err != nil {
				return nil, err
			}
			if err := plain(b[i+2 : end]); err != nil {
				return nil, fmt.Errorf("OSC at %d: %w", i, err)
			}
			out = append(out, token{tokOSC, b[i+2 : end]})
			i = next
		case 'P':
			end, next, err := dcsEnd(b, i+2)
			if err != nil {
				return nil, err
			}
			out = append(out, token{tokDCS, b[i+2 : end]})
			i = next
		default:
			return nil, fmt.Errorf("unexpected ESC %q at %d", b[i+1], i)
		}
		text = i
	}
	if err := flush(len(b)); err != nil {
		return nil, err
	}
	return out, nil
}

// oscEnd finds the terminator of an OSC string whose payload starts at i.
func oscEnd(b string, i int) (end, next int, err error) {
	for j := i; j < len(b); j++ {
		switch {
		case b[j] == 0x07:
			return j, j + 1, nil
		case b[j] == 0x1b && j+1 < len(b) && b[j+1] == '\\':
			return j, j + 2, nil
		case b[j] == 0x1b:
			return 0, 0, fmt.Errorf("OSC at %d cut by ESC at %d", i-2, j)
		}
	}
	return 0, 0, fmt.Errorf("unterminated OSC at %d", i-2)
}

// dcsEnd finds the ST of a DCS string whose payload starts at i; an ESC
// ESC pair inside is tmux's escaped ESC and does not end it.
func dcsEnd(b string, i int) (end, next int, err error) {
	for j := i; j < len(b); j++ {
		if b[j] != 0x1b {
			continue
		}
		if j+1 < len(b) && b[j+1] == '\\' {
			return j, j + 2, nil
		}
		if j+1 < len(b) && b[j+1] == 0x1b {
			j++
		}
	}
	return 0, 0, fmt.Errorf("unterminated DCS at %d", i-2)
}

// plain checks that s is valid UTF-8 with no C0, DEL or C1 control.
func plain(s string) error {
	for i, r := range s {
		switch {
		case r == utf8.RuneError && !strings.HasPrefix(s[i:], "\uFFFD"):
			return fmt.Errorf("invalid UTF-8 at %d", i)
		case r < 0x20 || r == 0x7f || (r >= 0x80 && r <= 0x9f):
			return fmt.Errorf("control %U at %d", r, i)
		}
	}
	return nil
}

// unwrapTmux reads a tmux passthrough payload ("tmux;" + data with every
// ESC doubled) and scans what tmux hands the outer terminal.
func unwrapTmux(t token) ([]token, error) {
	body, ok := strings.CutPrefix(t.data, "tmux;")
	if t.kind != tokDCS || !ok {
		return nil, fmt.Errorf("not a tmux passthrough: %v", t)
	}
	var inner strings.Builder
	for i := 0; i < len(body); i++ {
		if body[i] == 0x1b {
			if i+1 >= len(body) || body[i+1] != 0x1b {
				return nil, fmt.Errorf("undoubled ESC at %d in %q", i, body)
			}
			i++
		}
		inner.WriteByte(body[i])
	}
	return scan(inner.String())
}

// unwrapScreen joins the payloads of screen passthrough chunks and scans
// what screen hands the outer terminal. It also returns the longest chunk.
func unwrapScreen(toks []token) (inner []token, longest int, err error) {
	var b strings.Builder
	for _, t := range toks {
		if t.kind != tokDCS {
			return nil, 0, fmt.Errorf("not a screen passthrough: %v", t)
		}
		b.WriteString(t.data)
		longest = max(longest, len(t.data))
	}
	inner, err = scan(b.String())
	return inner, longest, err
}
