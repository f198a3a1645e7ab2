package teatest

import (
	"bytes"
	"context"
	"fmt"
	"strconv"
	"strings"
	"sync"
)

// Terminal is a capture of what a terminal receives: an io.Writer that
// keeps every byte and reads the escape sequences hostbridge sends to a
// plain terminal out of the stream, as a terminal would, into events:
//
//	terminal progress 3                  OSC 9;4;3 (a turn is running)
//	terminal progress 4;100              OSC 9;4;4;100 (the model needs you)
//	terminal progress 0                  OSC 9;4;0 (bar removed)
//	terminal ping "approve shell: ls"    OSC 9;<text> (a notification)
//	terminal progress 3 via tmux         inside tmux's DCS passthrough
//	terminal ping "done" via screen      inside GNU screen's DCS passthrough
//	terminal overlong                    a sequence past 16 KiB, dropped
//
// Sequences end with BEL or ST (ESC \), and may be split across any number
// of writes. CAN and SUB abort a sequence, and an ESC that does not start
// ST aborts it and begins the next one, as in xterm. A tmux passthrough is
// ESC P tmux; ... ESC \ with each inner ESC doubled; a screen passthrough
// is ESC P ... ESC \ whose content starts with ESC or continues a sequence
// an earlier chunk began (screen cuts long ones in chunks). Any other OSC
// or DCS, CSI sequences and text (Bubble Tea's frames) make no event; nor
// do 8-bit C1 controls, which UTF-8 terminals do not obey.
//
// The text of an event is the sequence's body as it was written, control
// characters included, so a stray one shows in the quoted line.
//
// The zero value is ready to use. Its methods are safe for concurrent use:
// Bubble Tea and hostbridge's reporting goroutine write at once, each whole
// sequence in one Write.
type Terminal struct {
	mu      sync.Mutex
	raw     []byte
	sc      seqScanner
	events  []TerminalEvent
	changed chan struct{} // closed and replaced when an event arrives
}

// TerminalEventKind says what a TerminalEvent is.
type TerminalEventKind uint8

const (
	// TerminalProgress is an OSC 9;4 progress report; Value is what follows
	// "9;4;": "3", "4;100", "2;100", "0".
	TerminalProgress TerminalEventKind = iota + 1
	// TerminalPing is an OSC 9 notification; Value is its text.
	TerminalPing
	// TerminalOverlong is a sequence longer than the capture keeps, dropped.
	TerminalOverlong
)

var terminalEventNames = [...]string{"", "progress", "ping", "overlong"}

func (k TerminalEventKind) String() string {
	if k > 0 && int(k) < len(terminalEventNames) {
		return terminalEventNames[k]
	}
	return "TerminalEventKind(" + strconv.Itoa(int(k)) + ")"
}

// Passthrough is the multiplexer wrapping that carried a sequence.
type Passthrough uint8

const (
	// Direct: the sequence was written as it is.
	Direct Passthrough = iota
	// ViaTmux: inside tmux's DCS passthrough.
	ViaTmux
	// ViaScreen: inside GNU screen's DCS passthrough.
	ViaScreen
)

var passthroughNames = [...]string{"direct", "tmux", "screen"}

func (p Passthrough) String() string {
	if int(p) < len(passthroughNames) {
		return passthroughNames[p]
	}
	return "Passthrough(" + strconv.Itoa(int(p)) + ")"
}

// TerminalEvent is one sequence the terminal received.
type TerminalEvent struct {
	Kind  TerminalEventKind
	Value string
	Via   Passthrough
}

// String is the event's transcript line (see Terminal).
func (e TerminalEvent) String() string {
	s := "terminal " + e.Kind.String()
	switch e.Kind {
	case TerminalProgress:
		if e.Value == "" || strings.Trim(e.Value, "0123456789;") != "" {
			s += " " + strconv.Quote(e.Value)
		} else {
			s += " " + e.Value
		}
	case TerminalPing:
		s += " " + strconv.Quote(e.Value)
	}
	if e.Via != Direct {
		s += " via " + e.Via.String()
	}
	return s
}

// Write records p and reads the sequences in it. It never fails.
func (c *Terminal) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.raw = append(c.raw, p...)
	n := len(c.events)
	c.sc.feed(p, func(e TerminalEvent) { c.events = append(c.events, e) })
	if len(c.events) > n && c.changed != nil {
		close(c.changed)
		c.changed = nil
	}
	return len(p), nil
}

// Bytes returns a copy of every byte written so far.
func (c *Terminal) Bytes() []byte {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]byte(nil), c.raw...)
}

// Events returns the events read so far, in the order they were written.
func (c *Terminal) Events() []TerminalEvent {
	c.mu.Lock()
	defer c.mu.Unlock()
	return append([]TerminalEvent(nil), c.events...)
}

// Lines returns the events as transcript lines.
func (c *Terminal) Lines() []string {
	lines := []string{}
	for _, e := range c.Events() {
		lines = append(lines, e.String())
	}
	return lines
}

// WaitFor waits until cond holds for the events read so far (checked now
// and after every new event), or until ctx is done.
func (c *Terminal) WaitFor(ctx context.Context, cond func([]TerminalEvent) bool) error {
	for {
		events, ch := c.next()
		if cond(events) {
			return nil
		}
		select {
		case <-ch:
		case <-ctx.Done():
			return fmt.Errorf("teatest: terminal: waited over %d events: %w", len(events), context.Cause(ctx))
		}
	}
}

// next returns the events so far and a channel closed at the next one.
func (c *Terminal) next() ([]TerminalEvent, <-chan struct{}) {
	c.mu.Lock()
	defer c.mu.Unlock()
	if c.changed == nil {
		c.changed = make(chan struct{})
	}
	return append([]TerminalEvent(nil), c.events...), c.changed
}

// maxSeqBody bounds the body of one sequence the capture keeps: far above
// anything hostbridge sends (a ping is at most a few hundred bytes).
const maxSeqBody = 16 << 10

const (
	ctlESC = 0x1b
	ctlBEL = 0x07
	ctlCAN = 0x18
	ctlSUB = 0x1a
)

// seqState is where a seqScanner is in the byte stream.
type seqState uint8

const (
	sGround seqState = iota
	sEsc             // after ESC
	sOSC             // in an OSC body
	sOSCEsc          // after ESC in an OSC body: ST, or an abort
	sDCS             // in a DCS body
	sDCSEsc          // after ESC in a DCS body: ST, a doubled ESC, or content
)

// seqScanner reads OSC and DCS sequences out of a byte stream, one byte at a
// time, so a sequence may be split anywhere. The outer scanner feeds the
// content of tmux and screen passthroughs to an inner seqScanner each, which
// keeps its own state across passthrough chunks.
type seqScanner struct {
	state  seqState
	body   []byte
	over   bool // the body passed maxSeqBody: the sequence is dropped
	via    Passthrough
	nested bool           // an inner seqScanner: passthroughs do not nest
	inner  [3]*seqScanner // by Passthrough; only in the outer seqScanner
}

func (s *seqScanner) feed(p []byte, emit func(TerminalEvent)) {
	for _, c := range p {
		s.step(c, emit)
	}
}

func (s *seqScanner) start(st seqState) {
	s.state, s.body, s.over = st, s.body[:0], false
}

func (s *seqScanner) add(c ...byte) {
	if len(s.body)+len(c) > maxSeqBody {
		s.over = true
		return
	}
	s.body = append(s.body, c...)
}

func (s *seqScanner) step(c byte, emit func(TerminalEvent)) {
	switch s.state {
	case sGround:
		if c == ctlESC {
			s.state = sEsc
		}
	case sEsc:
		switch c {
		case ']':
			s.start(sOSC)
		case 'P':
			s.start(sDCS)
		case ctlESC:
		default:
			s.state = sGround
		}
	case sOSC:
		switch c {
		case ctlBEL:
			s.state = sGround
			s.osc(emit)
		case ctlESC:
			s.state = sOSCEsc
		case ctlCAN, ctlSUB:
			s.state = sGround
		default:
			s.add(c)
		}
	case sOSCEsc:
		if c == '\\' {
			s.state = sGround
			s.osc(emit)
			return
		}
		s.state = sEsc // the ESC aborts the OSC and begins a new sequence
		s.step(c, emit)
	case sDCS:
		switch c {
		case ctlESC:
			s.state = sDCSEsc
		case ctlCAN, ctlSUB:
			s.state = sGround
		default:
			s.add(c)
		}
	case sDCSEsc:
		switch {
		case c == '\\':
			s.state = sGround
			s.dcs(emit)
		case c == ctlESC && s.tmux():
			s.add(ctlESC) // a doubled ESC inside tmux's passthrough
			s.state = sDCS
		case c == ctlESC:
			s.add(ctlESC) // the second ESC may begin ST
		default:
			s.add(ctlESC, c)
			s.state = sDCS
		}
	}
}

func (s *seqScanner) tmux() bool { return !s.nested && bytes.HasPrefix(s.body, []byte("tmux;")) }

// osc turns a finished OSC body into an event, if it is OSC 9.
func (s *seqScanner) osc(emit func(TerminalEvent)) {
	if s.over {
		emit(TerminalEvent{Kind: TerminalOverlong, Via: s.via})
		return
	}
	ps, text, _ := strings.Cut(string(s.body), ";")
	if ps != "9" {
		return
	}
	if text == "4" || strings.HasPrefix(text, "4;") {
		emit(TerminalEvent{Kind: TerminalProgress, Value: strings.TrimPrefix(text[1:], ";"), Via: s.via})
		return
	}
	emit(TerminalEvent{Kind: TerminalPing, Value: text, Via: s.via})
}

// dcs hands a finished passthrough's content to the inner seqScanner for its
// multiplexer; other DCS sequences are ignored.
func (s *seqScanner) dcs(emit func(TerminalEvent)) {
	if s.nested {
		return
	}
	via, content := ViaScreen, s.body
	if s.tmux() {
		via, content = ViaTmux, s.body[len("tmux;"):]
	}
	in := s.inner[via]
	if via == ViaScreen && (in == nil || in.state == sGround) && (len(content) == 0 || content[0] != ctlESC) {
		return // neither a sequence nor the rest of one: some other DCS
	}
	if s.over {
		emit(TerminalEvent{Kind: TerminalOverlong, Via: via})
		return
	}
	if in == nil {
		in = &seqScanner{via: via, nested: true}
		s.inner[via] = in
	}
	for _, c := range content {
		in.step(c, emit)
	}
}
