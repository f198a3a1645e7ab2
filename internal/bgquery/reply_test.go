package bgquery

import (
	"regexp"
	"testing"
)

func TestParseColor(t *testing.T) {
	tests := []struct {
		spec, want string
		ok         bool
	}{
		{"rgb:ffff/ffff/ffff", "#ffffff", true},
		{"rgb:0000/0000/0000", "#000000", true},
		{"rgb:1e1e/1e1e/1e1e", "#1e1e1e", true},
		{"rgb:8080/8080/8080", "#808080", true},
		{"rgb:fdf6/f6e3/e3e3", "#fdf6e3", true},
		{"rgb:64f0/0000/0000", "#650000", true}, // 0x64f0/257 = 100.5: rounded, not cut to 64
		{"rgb:fd/f6/e3", "#fdf6e3", true},       // 8-bit form
		{"rgb:f/8/0", "#ff8800", true},          // 4-bit: f is 255, 8 is 136
		{"rgb:fff/800/000", "#ff8000", true},    // 12-bit
		{"RGB:FFFF/0000/FFFF", "#ff00ff", true},
		{"rgb:ff/0000/f", "#ff00ff", true}, // mixed widths are legal
		{"rgba:0000/0000/0000/c8c8", "#000000", true},
		{"#fdf6e3", "#fdf6e3", true},
		{"#FDF6E3", "#fdf6e3", true},
		{"#f80", "#ff8800", true},
		{"#ffff00000000", "#ff0000", true},
		{"rgb:ffff/ffff", "", false},
		{"rgb:ffff/ffff/ffff/ffff", "", false},
		{"rgb:fffff/0/0", "", false},
		{"rgb://", "", false},
		{"rgb:gg/00/00", "", false},
		{"rgb:+f/0/0", "", false},
		{"rgb:0x/0/0", "", false},
		{"rgb:f_f/0/0", "", false},
		{"rgba:0/0/0", "", false},
		{"#ffff", "", false},
		{"#", "", false},
		{"#1234567890abc", "", false},
		{"white", "", false},
		{"", "", false},
		{"?", "", false},
	}
	for _, tt := range tests {
		got, err := ParseColor(tt.spec)
		if (err == nil) != tt.ok || got != tt.want {
			t.Errorf("ParseColor(%q) = %q, %v; want %q, ok=%v", tt.spec, got, err, tt.want, tt.ok)
		}
	}
}

func TestParseReply(t *testing.T) {
	tests := []struct {
		name string
		in   string
		want Reply
	}{
		{"16-bit ST then CPR", "\x1b]11;rgb:ffff/ffff/ffff\x1b\\\x1b[24;80R",
			Reply{OSC: true, Spec: "rgb:ffff/ffff/ffff", Color: "#ffffff", CPR: true}},
		{"BEL", "\x1b]11;rgb:1e1e/1e1e/1e1e\a\x1b[1;1R",
			Reply{OSC: true, Spec: "rgb:1e1e/1e1e/1e1e", Color: "#1e1e1e", CPR: true}},
		{"8-bit", "\x1b]11;rgb:fd/f6/e3\a\x1b[3;7R",
			Reply{OSC: true, Spec: "rgb:fd/f6/e3", Color: "#fdf6e3", CPR: true}},
		{"hash form", "\x1b]11;#002b36\a", Reply{OSC: true, Spec: "#002b36", Color: "#002b36"}},
		{"CPR only (tmux 3.3a)", "\x1b[12;40R", Reply{CPR: true}},
		{"nothing", "", Reply{}},
		{"keys before the reply", "ab\x1b[A\x1b]11;rgb:0/0/0\a\x1b[1;1R",
			Reply{OSC: true, Spec: "rgb:0/0/0", Color: "#000000", CPR: true}},
		{"OSC without CPR yet", "\x1b]11;rgb:ffff/ffff/ffff\a",
			Reply{OSC: true, Spec: "rgb:ffff/ffff/ffff", Color: "#ffffff"}},
		{"OSC incomplete", "\x1b]11;rgb:ffff/ff", Reply{}},
		{"ST split", "\x1b]11;rgb:ffff/ffff/ffff\x1b", Reply{}},
		{"CSI incomplete", "\x1b]11;rgb:0/0/0\a\x1b[12;4", Reply{OSC: true, Spec: "rgb:0/0/0", Color: "#000000"}},
		{"unreadable colour", "\x1b]11;banana\a\x1b[1;1R", Reply{OSC: true, Spec: "banana", CPR: true}},
		{"other OSC ignored", "\x1b]10;rgb:ffff/ffff/ffff\a\x1b]11;rgb:0/0/0\a",
			Reply{OSC: true, Spec: "rgb:0/0/0", Color: "#000000"}},
		{"first OSC 11 wins", "\x1b]11;rgb:0/0/0\a\x1b]11;rgb:f/f/f\a",
			Reply{OSC: true, Spec: "rgb:0/0/0", Color: "#000000"}},
		{"stops at CPR", "\x1b[1;1R\x1b]11;rgb:f/f/f\a", Reply{CPR: true}},
		{"a key that is not a CPR", "\x1b[1;5A\x1b[R\x1b[2R", Reply{}},
		{"Alt+] before the reply", "\x1b]\x1b]11;rgb:f/f/f\a\x1b[1;1R",
			Reply{OSC: true, Spec: "rgb:f/f/f", Color: "#ffffff", CPR: true}},
		{"ESC ends an OSC", "\x1b]11;rgb:f/f/f\x1b[1;1R",
			Reply{OSC: true, Spec: "rgb:f/f/f", Color: "#ffffff", CPR: true}},
		{"malformed CSI", "\x1b[1;\x01\x1b[1;1R", Reply{CPR: true}},
		{"lone ESC", "\x1b", Reply{}},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			if got := ParseReply([]byte(tt.in)); got != tt.want {
				t.Errorf("ParseReply(%q) = %+v, want %+v", tt.in, got, tt.want)
			}
		})
	}
}

// TestParseReplyIncremental feeds a reply one byte more at a time, as reads
// may deliver it: no prefix may claim a colour it has not seen in full.
func TestParseReplyIncremental(t *testing.T) {
	full := []byte("\x1b]11;rgb:fdf6/f6e3/e3e3\x1b\\\x1b[24;80R")
	for n := 0; n < len(full); n++ {
		r := ParseReply(full[:n])
		if r.CPR || (r.Color != "" && r.Color != "#fdf6e3") {
			t.Fatalf("prefix %q: %+v", full[:n], r)
		}
	}
	if r := ParseReply(full); r.Color != "#fdf6e3" || !r.CPR {
		t.Fatalf("full: %+v", r)
	}
}

func TestIsDark(t *testing.T) {
	tests := []struct {
		hex  string
		dark bool
	}{
		{"#000000", true}, {"#ffffff", false}, {"#1e1e1e", true}, {"#002b36", true},
		{"#fdf6e3", false}, {"#282c34", true}, {"#fbf1c7", false},
		{"#7f7f7f", true}, {"#808080", false}, // the HSL-lightness edge, as termenv
		{"#0000ff", false}, {"#000080", true},
		{"", true}, {"#zzzzzz", true}, {"fff", true},
	}
	for _, tt := range tests {
		if got := IsDark(tt.hex); got != tt.dark {
			t.Errorf("IsDark(%q) = %v, want %v", tt.hex, got, tt.dark)
		}
	}
}

var hexColor = regexp.MustCompile(`^#[0-9a-f]{6}$`)

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
		r := ParseReply(b)
		if r.Color != "" {
			if !hexColor.MatchString(r.Color) {
				t.Fatalf("Color %q is not #rrggbb", r.Color)
			}
			if !r.OSC {
				t.Fatalf("Color without OSC: %+v", r)
			}
			// A colour we return reads back as itself.
			if again, err := ParseColor(r.Color); err != nil || again != r.Color {
				t.Fatalf("ParseColor(%q) = %q, %v", r.Color, again, err)
			}
		}
		if !r.OSC && (r.Spec != "" || r.Color != "") {
			t.Fatalf("spec without OSC: %+v", r)
		}
		// More bytes never undo what was seen.
		more := ParseReply(append(append([]byte(nil), b...), "\x1b[1;1R"...))
		if r.OSC && (more.Spec != r.Spec || more.Color != r.Color) {
			t.Fatalf("appending changed the reply: %+v then %+v", r, more)
		}
		if r.CPR && more != r {
			t.Fatalf("reading past the CPR: %+v then %+v", r, more)
		}
	})
}
