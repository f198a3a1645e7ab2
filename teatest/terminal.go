package teatest

import (
	"bytes"
	"strconv"
	"strings"
	"sync"
)

// Terminal is a fake plain terminal: an io.Writer that reads the escape
// sequences hostbridge sends to a terminal out of what is written, as a
// terminal would, into transcript lines:
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
// The text of a line is the sequence's body as it was written, control
// characters included, so a stray one shows in the quoted line.
//
// The zero value is ready to use. Its methods are safe for concurrent use:
// Bubble Tea and hostbridge's reporting goroutine write at once, each whole
// sequence in one Write.
type Terminal struct {
	mu     sync.Mutex
	sc     seqScanner
	events []termEvent
}

// termKind says what a termEvent is.
type termKind uint8

const (
	// termProgress is an OSC 9;4 progress report; value is what follows
	// "9;4;": "3", "4;100", "2;100", "0".
	termProgress termKind = iota + 1
	// termPing is an OSC 9 notification; value is its text.
	termPing
	// termOverlong is a sequence longer than the capture keeps, dropped.
	termOverlong
)

var termKindNames = [...]string{"", "progress", "ping", "overlong"}

func (k termKind) String() string {
	if k > 0 && int(k) < len(termKindNames) {
		return termKindNames[k]
	}
	return "termKind(" + strconv.Itoa(int(k)) + ")"
}

// passthrough is the multiplexer wrapping that carried a sequence.
type passthrough uint8

const (
	direct    passthrough = iota // written as it is
	viaTmux                      // inside tmux's DCS passthrough
	viaScreen                    // inside GNU screen's DCS passthrough
)

var passthroughNames = [...]string{"direct", "tmux", "screen"}

func (p passthrough) String() string {
	if int(p) < len(passthroughNames) {
		return passthroughNames[p]
	}
	return "passthrough(" + strconv.Itoa(int(p)) + ")"
}

// termEvent is one sequence the terminal received.
type termEvent struct {
	kind  termKind
	value string
	via   passthrough
}

// String is the event's transcript line (see Terminal).
func (e termEvent) String() string {
	s := "terminal " + e.kind.String()
	switch e.kind {
	case termProgress:
		if e.value == "" || strings.Trim(e.value, "0123456789;") != "" {
			s += " " + strconv.Quote(e.value)
		} else {
			s += " " + e.value
		}
	case termPing:
		s += " " + strconv.Quote(e.value)
	}
	if e.via != direct {
		s += " via " + e.via.String()
	}
	return s
}

// Write reads the sequences in p. It never fails.
func (c *Terminal) Write(p []byte) (int, error) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.sc.feed(p, func(e termEvent) { c.events = append(c.events, e) })
	return len(p), nil
}

// Transcript returns a line per sequence read so far, in the order they
// were written (an empty list when there is none).
func (c *Terminal) Transcript() []string {
	c.mu.Lock()
	defer c.mu.Unlock()
	lines := []string{}
	for _, e := range c.events {
		lines = append(lines, e.String())
	}
	return lines
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
	via    passthrough
	nested bool           // an inner seqScanner: passthroughs do not nest
	inner  [3]*seqScanner // by passthrough; only in the outer seqScanner
}

func (s *seqScanner) feed(p []byte, emit func(termEvent)) {
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

func (s *seqScanner) step(c byte, emit func(termEvent)) {
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
func (s *seqScanner) osc(emit func(termEvent)) {
	if s.over {
		emit(termEvent{kind: termOverlong, via: s.via})
		return
	}
	ps, text, _ := strings.Cut(string(s.body), ";")
	if ps != "9" {
		return
	}
	if text == "4" || strings.HasPrefix(text, "4;") {
		emit(termEvent{kind: termProgress, value: strings.TrimPrefix(text[1:], ";"), via: s.via})
		return
	}
	emit(termEvent{kind: termPing, value: text, via: s.via})
}

// dcs hands a finished passthrough's content to the inner seqScanner for its
// multiplexer; other DCS sequences are ignored.
func (s *seqScanner) dcs(emit func(termEvent)) {
	if s.nested {
		return
	}
	via, content := viaScreen, s.body
	if s.tmux() {
		via, content = viaTmux, s.body[len("tmux;"):]
	}
	in := s.inner[via]
	if via == viaScreen && (in == nil || in.state == sGround) && (len(content) == 0 || content[0] != ctlESC) {
		return // neither a sequence nor the rest of one: some other DCS
	}
	if s.over {
		emit(termEvent{kind: termOverlong, via: via})
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
