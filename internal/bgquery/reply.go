package bgquery

import (
	"fmt"
	"strings"

	"github.com/charmbracelet/x/ansi"
)

// reply is what a terminal has said so far to the OSC 11 + CSI 6n pair.
type reply struct {
	osc   bool   // an OSC 11 reply came, readable or not
	spec  string // its colour as sent ("rgb:ffff/ffff/ffff")
	color string // spec as "#rrggbb"; "" when unreadable
	cpr   bool   // the cursor position report came: terminals answer in order, so nothing follows
}

// parseReply reads what the terminal sent so far: other bytes (keys, other
// reports) are skipped, the first OSC 11 reply is kept, and a sequence cut
// off at the end waits for more. The decoder gets no ansi.Parser (which
// would save oscBody and isCPR): x/ansi v0.10.4 indexes past its parameter
// buffer on a DCS with more parameters than it holds ("\x90;;;…;0"
// panics), and these bytes are the terminal's, any of them.
func parseReply(b []byte) reply {
	var r reply
	for len(b) > 0 {
		seq, _, n, state := ansi.DecodeSequence(b, ansi.NormalState, nil)
		if state != ansi.NormalState {
			return r
		}
		b = b[n:]
		switch {
		case ansi.HasOscPrefix(seq):
			// An ESC that ends an OSC without '\' ends it too, as in a
			// terminal; one alone at the end may be half an ST.
			body, ended := oscBody(string(seq))
			if !ended && len(b) == 1 {
				return r
			}
			if spec, ok := strings.CutPrefix(body, "11;"); ok && !r.osc {
				r.osc, r.spec, r.color = true, spec, hexColor(spec)
			}
		case ansi.HasCsiPrefix(seq) && isCPR(string(seq)):
			r.cpr = true
			return r
		}
	}
	return r
}

// oscBody strips an OSC's introducer and terminator (BEL, ST); ended is
// false when it has none.
func oscBody(seq string) (body string, ended bool) {
	body = strings.TrimPrefix(strings.TrimPrefix(seq, "\x1b]"), "\x9d")
	for _, t := range []string{"\a", "\x1b\\", "\x9c"} {
		if s, ok := strings.CutSuffix(body, t); ok {
			return s, true
		}
	}
	return body, false
}

// isCPR reports whether the CSI sequence is a cursor position report,
// CSI row ; col R.
func isCPR(seq string) bool {
	params, ok := strings.CutSuffix(strings.TrimPrefix(strings.TrimPrefix(seq, "\x1b["), "\x9b"), "R")
	row, col, two := strings.Cut(params, ";")
	return ok && two && digits(row) && digits(col)
}

func digits(s string) bool { return s != "" && strings.Trim(s, "0123456789") == "" }

// hexColor reads a colour as terminals report it, with x/ansi's
// XParseColor, as "#rrggbb"; "" when unreadable. XParseColor keeps a
// channel's high byte whatever its width and reads a bad hex digit as 0,
// so it is given only the forms terminals send: rgb: or rgba: with 2 or 4
// hex digits a channel, #rgb and #rrggbb.
func hexColor(spec string) string {
	if _, channels, ok := strings.Cut(spec, ":"); ok {
		for _, c := range strings.Split(channels, "/") {
			if len(c) != 2 && len(c) != 4 || strings.Trim(c, "0123456789abcdefABCDEF") != "" {
				return ""
			}
		}
	}
	c := ansi.XParseColor(spec)
	if c == nil {
		return ""
	}
	r, g, b, _ := c.RGBA()
	return fmt.Sprintf("#%02x%02x%02x", r>>8, g>>8, b>>8)
}
