package bgquery

import (
	"regexp"
	"testing"
)

// hexColor reads what terminals send with x/ansi's XParseColor, 16-bit
// channels by their high byte as termenv reads them; forms XParseColor
// would misread (1- and 3-digit channels, a bad digit) are refused.
func TestHexColor(t *testing.T) {
	tests := []struct{ spec, want string }{
		{"rgb:ffff/ffff/ffff", "#ffffff"},
		{"rgb:0000/0000/0000", "#000000"},
		{"rgb:1e1e/1e1e/1e1e", "#1e1e1e"},
		{"rgb:8080/8080/8080", "#808080"},
		{"rgb:fdf6/f6e3/e3e3", "#fdf6e3"},
		{"rgb:64f0/0000/0000", "#640000"},
		{"rgb:fd/f6/e3", "#fdf6e3"}, // 8-bit form
		{"rgb:FD/F6/E3", "#fdf6e3"},
		{"rgb:ff/0000/ff", "#ff00ff"}, // mixed widths are legal
		{"rgba:0000/0000/0000/c8c8", "#000000"},
		{"#fdf6e3", "#fdf6e3"},
		{"#FDF6E3", "#fdf6e3"},
		{"#f80", "#ff8800"},
		{"rgb:f/8/0", ""},
		{"rgb:fff/800/000", ""},
		{"rgb:ffff/ffff", ""},
		{"rgb:ffff/ffff/ffff/ffff", ""},
		{"rgb:fffff/0/0", ""},
		{"rgb://", ""},
		{"rgb:gg/00/00", ""},
		{"rgb:+f/00/00", ""},
		{"rgb:0x/00/00", ""},
		{"rgba:00/00/00", ""},
		{"RGB:FFFF/0000/FFFF", ""},
		{"#ffff", ""},
		{"#ffff00000000", ""},
		{"#", ""},
		{"white", ""},
		{"", ""},
		{"?", ""},
	}
	for _, tt := range tests {
		if got := hexColor(tt.spec); got != tt.want {
			t.Errorf("hexColor(%q) = %q, want %q", tt.spec, got, tt.want)
		}
	}
}

func TestParseReply(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want reply
	}{
		{"16-bit ST then CPR", "\x1b]11;rgb:ffff/ffff/ffff\x1b\\\x1b[24;80R",
			reply{osc: true, spec: "rgb:ffff/ffff/ffff", color: "#ffffff", cpr: true}},
		{"BEL", "\x1b]11;rgb:1e1e/1e1e/1e1e\a\x1b[1;1R",
			reply{osc: true, spec: "rgb:1e1e/1e1e/1e1e", color: "#1e1e1e", cpr: true}},
		{"8-bit", "\x1b]11;rgb:fd/f6/e3\a\x1b[3;7R",
			reply{osc: true, spec: "rgb:fd/f6/e3", color: "#fdf6e3", cpr: true}},
		{"hash form", "\x1b]11;#002b36\a", reply{osc: true, spec: "#002b36", color: "#002b36"}},
		{"CPR only (tmux 3.3a)", "\x1b[12;40R", reply{cpr: true}},
		{"nothing", "", reply{}},
		{"keys before the reply", "ab\x1b[A\x1b]11;rgb:00/00/00\a\x1b[1;1R",
			reply{osc: true, spec: "rgb:00/00/00", color: "#000000", cpr: true}},
		{"OSC without CPR yet", "\x1b]11;rgb:ffff/ffff/ffff\a",
			reply{osc: true, spec: "rgb:ffff/ffff/ffff", color: "#ffffff"}},
		{"OSC incomplete", "\x1b]11;rgb:ffff/ff", reply{}},
		{"ST split", "\x1b]11;rgb:ffff/ffff/ffff\x1b", reply{}},
		{"CSI incomplete", "\x1b]11;rgb:00/00/00\a\x1b[12;4", reply{osc: true, spec: "rgb:00/00/00", color: "#000000"}},
		{"unreadable colour", "\x1b]11;banana\a\x1b[1;1R", reply{osc: true, spec: "banana", cpr: true}},
		{"other OSC ignored", "\x1b]10;rgb:ffff/ffff/ffff\a\x1b]11;rgb:00/00/00\a",
			reply{osc: true, spec: "rgb:00/00/00", color: "#000000"}},
		{"first OSC 11 wins", "\x1b]11;rgb:00/00/00\a\x1b]11;rgb:ff/ff/ff\a",
			reply{osc: true, spec: "rgb:00/00/00", color: "#000000"}},
		{"stops at CPR", "\x1b[1;1R\x1b]11;rgb:ff/ff/ff\a", reply{cpr: true}},
		{"a key that is not a CPR", "\x1b[1;5A\x1b[R\x1b[2R", reply{}},
		{"Alt+] before the reply", "\x1b]\x1b]11;rgb:ff/ff/ff\a\x1b[1;1R",
			reply{osc: true, spec: "rgb:ff/ff/ff", color: "#ffffff", cpr: true}},
		{"ESC ends an OSC", "\x1b]11;rgb:ff/ff/ff\x1b[1;1R",
			reply{osc: true, spec: "rgb:ff/ff/ff", color: "#ffffff", cpr: true}},
		{"malformed CSI", "\x1b[1;\x01\x1b[1;1R", reply{cpr: true}},
		{"lone ESC", "\x1b", reply{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := parseReply([]byte(tt.in)); got != tt.want {
				t.Errorf("parseReply(%q) = %+v, want %+v", tt.in, got, tt.want)
			}
		})
	}
}

// TestParseReplyIncremental feeds a reply one byte more at a time, as reads
// may deliver it: no prefix may claim a colour it has not seen in full.
func TestParseReplyIncremental(t *testing.T) {
	full := []byte("\x1b]11;rgb:fdf6/f6e3/e3e3\x1b\\\x1b[24;80R")
	for n := 0; n < len(full); n++ {
		r := parseReply(full[:n])
		if r.cpr || (r.color != "" && r.color != "#fdf6e3") {
			t.Fatalf("prefix %q: %+v", full[:n], r)
		}
	}
	if r := parseReply(full); r.color != "#fdf6e3" || !r.cpr {
		t.Fatalf("full: %+v", r)
	}
}

var hexRE = regexp.MustCompile(`^#[0-9a-f]{6}$`)

func FuzzParseReply(f *testing.F) {
	for _, s := range []string{
		"\x1b]11;rgb:ffff/ffff/ffff\x1b\\\x1b[24;80R",
		"\x1b]11;rgb:fd/f6/e3\a\x1b[3;7R",
		"\x1b]11;#002b36\a",
		"\x1b[12;40R",
		"\x1b]11;rgba:0/0/0/0\a",
		"x\x1b]\x1b[\x1b",
	} {
		f.Add([]byte(s))
	}
	f.Fuzz(func(t *testing.T, b []byte) {
		r := parseReply(b)
		if r.color != "" {
			if !hexRE.MatchString(r.color) {
				t.Fatalf("Color %q is not #rrggbb", r.color)
			}
			if !r.osc {
				t.Fatalf("Color without OSC: %+v", r)
			}
			// A colour we return reads back as itself.
			if again := hexColor(r.color); again != r.color {
				t.Fatalf("hexColor(%q) = %q", r.color, again)
			}
		}
		if !r.osc && (r.spec != "" || r.color != "") {
			t.Fatalf("spec without OSC: %+v", r)
		}
		// More bytes never undo what was seen.
		more := parseReply(append(append([]byte(nil), b...), "\x1b[1;1R"...))
		if r.osc && (more.spec != r.spec || more.color != r.color) {
			t.Fatalf("appending changed the reply: %+v then %+v", r, more)
		}
		if r.cpr && more != r {
			t.Fatalf("reading past the CPR: %+v then %+v", r, more)
		}
	})
}
