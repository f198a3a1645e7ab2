package bgquery

import (
	"fmt"
	"strconv"
	"strings"
)

const (
	esc = 0x1b
	bel = 0x07
)

// Reply is what a terminal has said so far to the OSC 11 + CSI 6n pair.
type Reply struct {
	// OSC is set once an OSC 11 reply has arrived, readable or not.
	OSC bool
	// Spec is the colour text of that reply, as the terminal sent it
	// ("rgb:ffff/ffff/ffff").
	Spec string
	// Color is Spec as "#rrggbb", or "" when Spec could not be read.
	Color string
	// CPR is set once the cursor position report has arrived. Terminals
	// answer in order, so nothing more will follow: a CPR without an OSC
	// reply before it means the terminal does not answer OSC 11.
	CPR bool
}

// ParseReply reads the bytes a terminal sent after the query. Bytes that are
// not part of a reply (keys typed meanwhile, other reports) are skipped. It
// stops at the cursor position report, and keeps only the first OSC 11
// reply. An incomplete sequence at the end is left for the next call, made
// with more bytes.
func ParseReply(b []byte) Reply {
	var r Reply
	for i := 0; i < len(b); i++ {
		if b[i] != esc || i+1 >= len(b) {
			continue
		}
		switch b[i+1] {
		case ']':
			body, next, ok := oscBody(b, i+2)
			if !ok {
				return r // incomplete: wait for more
			}
			if !r.OSC && strings.HasPrefix(body, "11;") {
				r.OSC = true
				r.Spec = body[3:]
				r.Color, _ = ParseColor(r.Spec)
			}
			i = next - 1
		case '[':
			final, params, next, ok := csi(b, i+2)
			if !ok {
				return r
			}
			if final == 'R' && isCPRParams(params) {
				r.CPR = true
				return r
			}
			i = next - 1
		}
	}
	return r
}

// oscBody returns the text of the OSC that starts at b[from] and the index
// just past its terminator (BEL or ESC \). An ESC followed by anything else
// also ends it, as it does for a terminal. ok is false when the terminator
// has not arrived yet.
func oscBody(b []byte, from int) (body string, next int, ok bool) {
	for j := from; j < len(b); j++ {
		switch b[j] {
		case bel:
			return string(b[from:j]), j + 1, true
		case esc:
			if j+1 >= len(b) {
				return "", 0, false
			}
			if b[j+1] == '\\' {
				return string(b[from:j]), j + 2, true
			}
			return string(b[from:j]), j, true
		}
	}
	return "", 0, false
}

// csi scans the control sequence whose parameters start at b[from] (ECMA-48:
// parameter bytes 0x30–0x3F, intermediates 0x20–0x2F, a final 0x40–0x7E).
// A byte outside those ends a malformed sequence, with final 0.
func csi(b []byte, from int) (final byte, params string, next int, ok bool) {
	j := from
	for j < len(b) && b[j] >= 0x30 && b[j] <= 0x3f {
		j++
	}
	params = string(b[from:j])
	for j < len(b) && b[j] >= 0x20 && b[j] <= 0x2f {
		j++
	}
	if j >= len(b) {
		return 0, "", 0, false
	}
	if b[j] >= 0x40 && b[j] <= 0x7e {
		return b[j], params, j + 1, true
	}
	return 0, params, j, true
}

// isCPRParams reports whether p is "row;col", both decimal.
func isCPRParams(p string) bool {
	row, col, ok := strings.Cut(p, ";")
	return ok && isDigits(row) && isDigits(col)
}

func isDigits(s string) bool {
	if s == "" {
		return false
	}
	for i := 0; i < len(s); i++ {
		if s[i] < '0' || s[i] > '9' {
			return false
		}
	}
	return true
}

// ParseColor reads a colour as terminals report it and returns "#rrggbb".
// It accepts the XParseColor forms terminals use: rgb:R/G/B and
// rgba:R/G/B/A (alpha ignored) with 1 to 4 hex digits per channel, each
// scaled to 8 bits ("f" is 255, "8080" is 128), and #RGB, #RRGGBB,
// #RRRGGGBBB, #RRRRGGGGBBBB scaled the same way.
func ParseColor(spec string) (string, error) {
	var parts []string
	switch {
	case hasPrefixFold(spec, "rgb:"):
		parts = strings.Split(spec[4:], "/")
		if len(parts) != 3 {
			return "", fmt.Errorf("bgquery: colour %q: want rgb:R/G/B", spec)
		}
	case hasPrefixFold(spec, "rgba:"):
		parts = strings.Split(spec[5:], "/")
		if len(parts) != 4 {
			return "", fmt.Errorf("bgquery: colour %q: want rgba:R/G/B/A", spec)
		}
		parts = parts[:3]
	case strings.HasPrefix(spec, "#"):
		hex := spec[1:]
		n := len(hex) / 3
		if n < 1 || n > 4 || len(hex)%3 != 0 {
			return "", fmt.Errorf("bgquery: colour %q: want #RGB with 1 to 4 digits each", spec)
		}
		parts = []string{hex[:n], hex[n : 2*n], hex[2*n:]}
	default:
		return "", fmt.Errorf("bgquery: colour %q: want rgb:R/G/B or #RRGGBB", spec)
	}
	var c [3]uint64
	for k, p := range parts {
		v, err := strconv.ParseUint(p, 16, 16) // base 16: no sign, prefix or "_"
		if err != nil || len(p) > 4 {
			return "", fmt.Errorf("bgquery: colour %q: channel %q: want 1 to 4 hex digits", spec, p)
		}
		limit := uint64(1)<<(4*len(p)) - 1
		c[k] = (v*255*2 + limit) / (2 * limit) // v/limit scaled to 0–255, rounded
	}
	return fmt.Sprintf("#%02x%02x%02x", c[0], c[1], c[2]), nil
}

func hasPrefixFold(s, prefix string) bool {
	return len(s) >= len(prefix) && strings.EqualFold(s[:len(prefix)], prefix)
}

// IsDark reports whether the "#rrggbb" colour is a dark background. The
// rule is termenv's (HSL lightness below one half), so that a colour this
// package reads gets the same verdict lipgloss gives the one termenv reads.
// An unreadable colour is dark, as termenv's fallback is black.
func IsDark(hex string) bool {
	if len(hex) != 7 || hex[0] != '#' {
		return true
	}
	v, err := strconv.ParseUint(hex[1:], 16, 32)
	if err != nil {
		return true
	}
	r, g, b := v>>16&0xff, v>>8&0xff, v&0xff
	hi, lo := max(r, g, b), min(r, g, b)
	return hi+lo < 255 // (hi+lo)/2/255 < 0.5
}

// truncate caps s at n bytes, marking the cut.
func truncate(s string, n int) string {
	if len(s) > n {
		return s[:n] + "…"
	}
	return s
}
