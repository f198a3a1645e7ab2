package fakehost

import (
	"bytes"
	"strconv"
	"strings"
	"sync"

	"github.com/charmbracelet/x/ansi"
)

// Terminal is a fake plain terminal: an io.Writer that reads the sequences
// hostbridge sends a terminal into transcript lines:
//
//	terminal progress 3                  OSC 9;4;3 (a turn is running)
//	terminal progress 4;100              OSC 9;4;4;100 (the model needs you)
//	terminal ping "approve shell: ls"    OSC 9;<text> (a notification)
//	terminal ping "done" (OSC 99 "o=unfocused")       kitty's OSC 99, its metadata quoted
//	terminal ping "done" (OSC 777 title "chat")       OSC 777;notify;<title>;<body>
//	terminal progress 0 via tmux         inside tmux's DCS passthrough
//	terminal ping "done" via screen      inside GNU screen's DCS passthrough
//	terminal bell                        BEL (0x07) outside a sequence
//	terminal overlong                    a sequence past 16 KiB, dropped
//
// x/ansi's DecodeSequence reads the stream, split across writes anywhere,
// as a 7-bit VT parser (8-bit C1 bytes are text, as in UTF-8 terminals);
// the passthroughs are unwrapped here and their content read as a stream
// of its own. A line holds the body as written, control characters
// quoted. The zero value is ready, and safe for concurrent use.
type Terminal struct {
	mu     sync.Mutex
	outer  decoder
	inner  [2]decoder // the content of tmux's and screen's passthroughs
	events []string
}

// maxBody bounds a sequence's body: far above what hostbridge sends.
const maxBody = 16 << 10

// decoder holds a stream's unfinished sequence until the rest is written.
type decoder struct {
	pending []byte
	over    bool // pending passed maxBody: its body is dropped
}

// Write reads the sequences in p. It never fails.
func (c *Terminal) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.feed(&c.outer, "", p)
	return len(p), nil
}

// Transcript returns a line per sequence read so far, in the order written.
func (c *Terminal) Transcript() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]string{}, c.events...)
}

func (c *Terminal) emit(what, via string) {
	if via != "" {
		what += " via " + via
	}
	c.events = append(c.events, "terminal "+what)
}

// feed reads p on the stream d: the terminal's (via "") or a passthrough's.
func (c *Terminal) feed(d *decoder, via string, p []byte) {
	buf := append(d.pending, p...)
	d.pending = nil
	// UTF-8 terminals do not obey 8-bit C1 controls: DEL stands in for
	// them in the copy the parser reads, so the offsets stay the same.
	masked := make([]byte, len(buf))
	for i, b := range buf {
		if masked[i] = b; b >= 0x80 && b < 0xa0 {
			masked[i] = ansi.DEL
		}
	}
	for i := 0; i < len(buf); {
		esc := bytes.IndexByte(buf[i:], ansi.ESC)
		text := buf[i:]
		if esc >= 0 {
			text = text[:esc]
		}
		for range bytes.Count(text, []byte{ansi.BEL}) {
			c.emit("bell", via) // a BEL in the text rings, as on a terminal
		}
		if esc < 0 {
			return // text
		}
		i += esc
		var n int
		if ansi.HasDcsPrefix(buf[i:]) {
			n = c.dcs(d, via, buf[i:])
		} else {
			n = c.sequence(d, via, buf[i:], masked[i:])
		}
		if n == 0 { // unfinished: wait for the rest
			d.keep(buf[i:])
			return
		}
		d.over = false
		i += n
	}
}

// sequence reads the sequence that starts buf and returns its length, or 0
// when it may not be whole yet.
func (c *Terminal) sequence(d *decoder, via string, buf, masked []byte) int {
	seq, _, n, state := ansi.DecodeSequence(masked, ansi.NormalState, nil)
	if state != ansi.NormalState {
		return 0
	}
	if !ansi.HasOscPrefix(seq) {
		return max(n, 1)
	}
	body, ok := bytes.CutSuffix(buf[:len(seq)], []byte{ansi.BEL})
	if !ok {
		body, ok = bytes.CutSuffix(body, []byte("\x1b\\"))
	}
	switch {
	case !ok && n == len(buf)-1 && buf[n] == ansi.ESC:
		return 0 // that ESC may begin ST
	case !ok:
		return n // aborted
	case d.over || len(body)-2 > maxBody:
		c.emit("overlong", via)
		return n
	}
	ps, text, _ := strings.Cut(string(body[2:]), ";")
	switch {
	case ps == "99":
		// kitty's notification protocol: metadata ; payload (the title,
		// plain text unless e=1); kovidgoyal/kitty@9475a58
		// docs/desktop-notifications.rst. The metadata is kept: o=unfocused
		// is what makes the terminal drop it while focused.
		meta, payload, ok := strings.Cut(text, ";")
		if ok {
			c.emit("ping "+strconv.Quote(payload)+" (OSC 99 "+strconv.Quote(meta)+")", via)
		}
	case ps == "777":
		// rxvt-unicode's notify extension as foot, Konsole and Contour read
		// it: notify ; title ; body.
		if f := strings.SplitN(text, ";", 3); len(f) == 3 && f[0] == "notify" {
			c.emit("ping "+strconv.Quote(f[2])+" (OSC 777 title "+strconv.Quote(f[1])+")", via)
		}
	case ps != "9":
	case text == "4" || strings.HasPrefix(text, "4;"):
		value := strings.TrimPrefix(text[1:], ";")
		if value == "" || strings.Trim(value, "0123456789;") != "" {
			value = strconv.Quote(value)
		}
		c.emit("progress "+value, via)
	default:
		c.emit("ping "+strconv.Quote(text), via)
	}
	return n
}

// dcs reads the DCS that starts buf and returns its length, or 0 when it
// is not whole yet. It ends at ST; CAN and SUB abort it; a doubled ESC is
// content in tmux's passthrough.
func (c *Terminal) dcs(d *decoder, via string, buf []byte) int {
	const tmux = "\x1bPtmux;"
	if len(buf) < len(tmux) && strings.HasPrefix(tmux, string(buf)) {
		return 0
	}
	isTmux := via == "" && bytes.HasPrefix(buf, []byte(tmux))
	end := -1
	for i := 2; i < len(buf) && end < 0; i++ {
		switch buf[i] {
		case ansi.CAN, ansi.SUB:
			return i + 1
		case ansi.ESC:
			switch {
			case i+1 == len(buf):
				return 0
			case buf[i+1] == '\\':
				end = i
			case buf[i+1] != ansi.ESC || isTmux:
				i++ // ESC x is content; so is tmux's ESC ESC
			}
		}
	}
	if end < 0 {
		return 0
	}
	content := buf[2:end]
	if via != "" {
		return end + 2 // passthroughs do not nest
	}
	over := d.over || len(content) > maxBody
	in, name := &c.inner[1], "screen"
	if isTmux {
		in, name = &c.inner[0], "tmux"
		content = bytes.ReplaceAll(content[len("tmux;"):], []byte("\x1b\x1b"), []byte("\x1b"))
	} else if in.pending == nil && (len(content) == 0 || content[0] != ansi.ESC) {
		return end + 2 // neither a sequence nor the rest of one: some other DCS
	}
	if over {
		c.emit("overlong", name)
		return end + 2
	}
	c.feed(in, name, content)
	return end + 2
}

// keep holds an unfinished sequence. Past maxBody it is overlong, and only
// what decides how it ends stays: its start and a last ESC that may begin
// ST (of a run of tmux's doubled ESCs, the odd one out).
func (d *decoder) keep(seq []byte) {
	if len(seq) <= maxBody+8 {
		d.pending = append([]byte{}, seq...)
		return
	}
	head, run := 2, len(seq)-len(bytes.TrimRight(seq, "\x1b"))
	switch {
	case bytes.HasPrefix(seq, []byte("\x1bPtmux;")):
		head, run = 7, run%2
	case ansi.HasDcsPrefix(seq):
		head, run = 3, min(run, 1) // and the content's first byte: is it screen's?
	default:
		run = min(run, 1)
	}
	d.pending = append(append([]byte{}, seq[:head]...), bytes.Repeat([]byte{ansi.ESC}, run)...)
	d.over = true
}
