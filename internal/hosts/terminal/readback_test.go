package terminal

import (
	"fmt"
	"strings"
)

// A test-only reading of the bytes as each terminal's own parser reads
// them, from the source the table cites for that terminal, so that a
// profile fails when the bytes stop meaning what the table says (not a
// comparison with the builder that wrote them).

// item is one thing the terminal's input holds.
type item struct {
	osc  string // an OSC's payload, between ESC ] and its end
	st   bool   // the OSC ended with ST (ESC \), not BEL
	bel  bool   // a lone BEL
	dcs  string // a DCS's payload (a multiplexer's passthrough)
	text string // anything else: printed on the screen
}

// tokens splits p into OSCs, DCSs, BELs and text, as a VT500-style parser
// does (a DCS ends at the first ESC \, which is why screen needs BEL inside).
func items(p string) []item {
	var out []item
	for p != "" {
		switch {
		case strings.HasPrefix(p, "\x1b]"):
			body := p[2:]
			i := strings.IndexAny(body, "\a\x1b")
			if i < 0 {
				return append(out, item{text: p})
			}
			t := item{osc: body[:i]}
			if body[i] == '\a' {
				p = body[i+1:]
			} else if strings.HasPrefix(body[i:], "\x1b\\") {
				t.st, p = true, body[i+2:]
			} else { // an ESC that is not ST aborts the OSC (ECMA-48)
				p = body[i:]
				continue
			}
			out = append(out, t)
		case strings.HasPrefix(p, "\x1bP"):
			i := strings.Index(p, "\x1b\\")
			if strings.HasPrefix(p, "\x1bPtmux;") { // tmux's: ESC ESC is one ESC (input.c)
				i = 2
				for i < len(p)-1 && !(p[i] == '\x1b' && p[i+1] == '\\') {
					i += 1 + strings.Count(p[i:i+2], "\x1b\x1b")
				}
				if i >= len(p)-1 {
					i = -1
				}
			}
			if i < 0 {
				return append(out, item{text: p})
			}
			out = append(out, item{dcs: p[2:i]})
			p = p[i+2:]
		case p[0] == '\a':
			out, p = append(out, item{bel: true}), p[1:]
		default:
			i := strings.IndexAny(p, "\a\x1b")
			if i == 0 { // an ESC that starts nothing we know: shown as garbage
				i = 1
			}
			if i < 0 {
				i = len(p)
			}
			out, p = append(out, item{text: p[:i]}), p[i:]
		}
	}
	return out
}

// seen is what a user of the terminal sees.
type seen struct {
	bars   []string // the OSC 9;4 states drawn ("3", "4;100", "0")
	notes  []string // desktop notifications (a BEL's urgency or bell notification: "BEL")
	shown  string   // text printed on the screen
	stray  []string // sequences the terminal read as something else
	passed []string // what a multiplexer passed through (unwrapped)
}

// reader is one terminal's reading of an OSC; the lone BEL and text are
// the same everywhere but where it says.
type reader struct {
	name string
	osc  func(t item, s *seen)
	bel  func(s *seen) // nil: a BEL raises nothing the user sees
}

func (r reader) read(p string) seen {
	var s seen
	for _, t := range items(p) {
		switch {
		case t.bel && r.bel != nil:
			r.bel(&s)
		case t.bel:
		case t.dcs != "":
			s.stray = append(s.stray, "DCS "+t.dcs)
		case t.text != "":
			s.shown += t.text
		default:
			r.osc(t, &s)
		}
	}
	return s
}

// osc9 splits an OSC 9 payload: ok is false for another OSC.
func osc9(payload string) (rest string, ok bool) { return strings.CutPrefix(payload, "9;") }

func barState(rest string) (string, bool) { return strings.CutPrefix(rest, "4;") }

func bellNote(s *seen) { s.notes = append(s.notes, "BEL") }

// kittyOSC99 reads ESC ] 99 ; metadata ; payload (kitty's protocol): the
// payload is the title; o=unfocused means shown only while unfocused
// (the tests' terminals are unfocused).
func kittyOSC99(payload string, s *seen) bool {
	rest, ok := strings.CutPrefix(payload, "99;")
	if !ok {
		return false
	}
	_, text, _ := strings.Cut(rest, ";")
	s.notes = append(s.notes, text)
	return true
}

// The readers, one per rule of the table (the source is the row's).
var readers = map[string]func(version string) reader{
	// VTE 0.80+: OSC 9;4 only ST-terminated (src/vteseq.cc is_st_bel);
	// no OSC 9 or 777 notification upstream; BEL: the urgency hint.
	"vte": func(v string) reader {
		return reader{name: "vte " + v, bel: bellNote, osc: func(t item, s *seen) {
			rest, ok := osc9(t.osc)
			if st, bar := barState(rest); ok && bar && t.st && !below(v, "0.80") {
				s.bars = append(s.bars, st)
			}
		}}
	},
	// kitty: OSC 9 is a notification (whole text), so before 0.38 a 9;4
	// is one; 0.38 discards 9;4; 0.39+ draws it; OSC 99.
	"kitty": func(v string) reader {
		return reader{name: "kitty " + v, osc: func(t item, s *seen) {
			if kittyOSC99(t.osc, s) {
				return
			}
			rest, ok := osc9(t.osc)
			st, bar := barState(rest)
			switch {
			case !ok:
			case bar && below(v, "0.38"):
				s.notes = append(s.notes, rest)
			case bar && !below(v, "0.39"):
				s.bars = append(s.bars, st)
			case !bar:
				s.notes = append(s.notes, rest)
			}
		}}
	},
	// foot: OSC 9 (1.8+) a notification titled up to the first ';' — a
	// 9;4 too until 1.20; OSC 777 (1.1+); OSC 99 (1.18+). No bar.
	"foot": func(v string) reader {
		return reader{name: "foot " + v, osc: func(t item, s *seen) {
			if !below(v, "1.18") && kittyOSC99(t.osc, s) {
				return
			}
			if rest, ok := strings.CutPrefix(t.osc, "777;notify;"); ok && !below(v, "1.1") {
				_, body, _ := strings.Cut(rest, ";")
				s.notes = append(s.notes, body)
				return
			}
			rest, ok := osc9(t.osc)
			if _, bar := barState(rest); !ok || below(v, "1.8") || bar && !below(v, "1.20") {
				return
			}
			title, _, _ := strings.Cut(rest, ";")
			s.notes = append(s.notes, title)
		}}
	},
	// iTerm2: every OSC 9 a notification before 3.6.6, then 9;4 a bar.
	"iTerm2": func(v string) reader {
		return reader{name: "iTerm2 " + v, osc: func(t item, s *seen) {
			rest, ok := osc9(t.osc)
			if st, bar := barState(rest); ok && bar && !below(v, "3.6.6") {
				s.bars = append(s.bars, st)
			} else if ok {
				s.notes = append(s.notes, rest)
			}
		}}
	},
	// WezTerm: OSC 9 wants one parameter: a text with ';' is dropped;
	// 9;4 drawn in nightlies: 3 draws nothing, 4 clears the bar (termwiz
	// osc.rs, term/src/terminalstate/performer.rs).
	"WezTerm": func(v string) reader {
		return reader{name: "WezTerm " + v, osc: func(t item, s *seen) {
			rest, ok := osc9(t.osc)
			st, bar := barState(rest)
			switch {
			case bar && !below(v, "20250209") && strings.HasPrefix(st, "4"):
				s.bars = append(s.bars, "0")
			case bar && !below(v, "20250209") && st != "3":
				s.bars = append(s.bars, st)
			case ok && !bar && !strings.Contains(rest, ";"):
				s.notes = append(s.notes, rest)
			}
		}}
	},
	// Rio: OSC 9 text cut at the first ';'; 9;4 drawn.
	"rio": func(v string) reader {
		return reader{name: "rio " + v, osc: func(t item, s *seen) {
			rest, ok := osc9(t.osc)
			if st, bar := barState(rest); bar {
				s.bars = append(s.bars, st)
			} else if ok {
				cut, _, _ := strings.Cut(rest, ";")
				s.notes = append(s.notes, cut)
			}
		}}
	},
	// Ghostty: 9;4 drawn (1.2+); OSC 9 whose first field is a ConEmu
	// number is no ping (osc9.zig).
	"ghostty": func(v string) reader {
		return reader{name: "ghostty " + v, osc: func(t item, s *seen) {
			rest, ok := osc9(t.osc)
			st, bar := barState(rest)
			first, _, _ := strings.Cut(rest, ";")
			switch {
			case bar && !below(v, "1.2.0"):
				s.bars = append(s.bars, st)
			case ok && strings.Trim(first, "0123456789") != "":
				s.notes = append(s.notes, rest)
			}
		}}
	},
	// Konsole: OSC 9 is ConEmu's and dropped; OSC 777 (23.04+) body =
	// field 2 only; OSC 99 (24.12+); BEL: a "Bell in session" notification.
	"konsole": func(v string) reader {
		return reader{name: "konsole " + v, bel: bellNote, osc: func(t item, s *seen) {
			if !below(v, "24.12") && kittyOSC99(t.osc, s) {
				return
			}
			if rest, ok := strings.CutPrefix(t.osc, "777;notify;"); ok && !below(v, "23.04") {
				f := strings.Split(rest, ";")
				if len(f) == 2 {
					s.notes = append(s.notes, f[1])
				} else {
					s.stray = append(s.stray, t.osc)
				}
			}
		}}
	},
	// Contour: OSC 777 exactly notify;title;body (a ';' in the body drops
	// it); OSC 9 (0.6.3+) a "ConEmu" notification but 4;… (a bar from
	// 0.7.0); OSC 99 (0.6.3+, o=unfocused). Screen.cpp, DesktopNotification.cpp.
	"contour": func(v string) reader {
		return reader{name: "contour " + v, osc: func(t item, s *seen) {
			if !below(v, "0.6.3") && kittyOSC99(t.osc, s) {
				return
			}
			if rest, ok := strings.CutPrefix(t.osc, "777;notify;"); ok {
				if f := strings.Split(rest, ";"); len(f) == 2 {
					s.notes = append(s.notes, f[1])
				}
				return
			}
			rest, ok := osc9(t.osc)
			st, bar := barState(rest)
			switch {
			case !ok || below(v, "0.6.3"):
			case bar && !below(v, "0.7.0"):
				s.bars = append(s.bars, st)
			case !bar:
				s.notes = append(s.notes, rest)
			}
		}}
	},
	// Windows Terminal: 9;4 drawn; OSC 9 text ignored; BEL rings.
	"WindowsTerminal": func(string) reader {
		return reader{name: "Windows Terminal", bel: bellNote, osc: func(t item, s *seen) {
			if st, bar := barState(strings.TrimPrefix(t.osc, "9;")); bar && strings.HasPrefix(t.osc, "9;") {
				s.bars = append(s.bars, st)
			}
		}}
	},
	// Terminals that ignore every OSC the chat sends and flag a BEL:
	// Alacritty, xterm, rxvt-unicode, Apple Terminal.
	"bell-only": func(string) reader {
		return reader{name: "bell only", bel: bellNote, osc: func(item, *seen) {}}
	},
	// The Linux console has no OSC 9: its text shows.
	"linux": func(string) reader {
		return reader{name: "linux", osc: func(t item, s *seen) { s.shown += t.osc }}
	},
	// Zellij 0.45: a 9;4 becomes a notification "4;3"; OSC 9 and 99 forwarded.
	"zellij": func(v string) reader {
		return reader{name: "zellij " + v, osc: func(t item, s *seen) {
			if kittyOSC99(t.osc, s) {
				return
			}
			if rest, ok := osc9(t.osc); ok {
				s.notes = append(s.notes, rest)
			}
		}}
	},
}

// below is VersionBelow for a known version; "" counts as the oldest.
func below(v, min string) bool {
	b, known := VersionBelow(v, min)
	return b || !known
}

// viaTmux reads tmux's DCS passthrough as tmux does (input.c
// input_dcs_dispatch): "tmux;" then the sequence with each ESC doubled.
func viaTmux(p string) (string, error) {
	var out strings.Builder
	for _, t := range items(p) {
		switch {
		case t.dcs != "":
			inner, ok := strings.CutPrefix(t.dcs, "tmux;")
			if !ok {
				return "", fmt.Errorf("a DCS that is not tmux's: %q", t.dcs)
			}
			out.WriteString(strings.ReplaceAll(inner, "\x1b\x1b", "\x1b"))
		case t.bel:
			out.WriteString("\a")
		case t.osc != "":
			// Raw to tmux: 3.7 keeps a 9;4 for its progressbar clients.
			out.WriteString("\x1b]" + t.osc + "\a")
		default:
			out.WriteString(t.text)
		}
	}
	return out.String(), nil
}

// viaScreen reads GNU screen's DCS passthrough: ESC P, the sequence,
// ESC \ — its DCS ends at the first ESC \, so an inner ST would cut it.
func viaScreen(p string) (string, error) {
	var out strings.Builder
	for _, t := range items(p) {
		switch {
		case t.dcs != "":
			if !strings.HasSuffix(t.dcs, "\a") {
				return "", fmt.Errorf("screen's DCS ended inside the sequence (an inner ST): %q", t.dcs)
			}
			out.WriteString(t.dcs)
		case t.bel:
			out.WriteString("\a")
		case t.text != "":
			return "", fmt.Errorf("text after a DCS (an inner ST ended it early): %q", t.text)
		default:
			return "", fmt.Errorf("an OSC that screen keeps for itself: %q", t.osc)
		}
	}
	return out.String(), nil
}
