package terminal

import (
	"slices"
	"strings"
	"testing"
	"unicode/utf8"

	"github.com/charmbracelet/x/ansi"
)

func TestPingBytes(t *testing.T) {
	long := strings.Repeat("a", 1<<20)
	// The terminal is unknown: a ';' becomes a ',' (WezTerm drops, Rio
	// and foot cut an OSC 9 at one, and any may be unknown: plan.go).
	tests := []struct {
		name, msg, want string
	}{
		{"plain", "turn done", "\x1b]9;turn done\x07"},
		{"ConEmu progress prefix", "4;3", "\x1b]9; 4,3\x07"},
		{"ConEmu prefix, many digits", "123;x", "\x1b]9; 123,x\x07"},
		{"ConEmu prefix after cleaning", "\x07 9;C:\\", "\x1b]9; 9,C:\\\x07"},
		{"digits then space", "12 ;x", "\x1b]9; 12 ,x\x07"},
		{"digits alone", "42", "\x1b]9; 42\x07"},
		{"semicolon first", ";4;3", "\x1b]9;,4,3\x07"},
		{"ESC swallows what it starts", "a\x1bbc", "\x1b]9;ac\x07"},
		{"BEL", "a\x07b", "\x1b]9;ab\x07"},
		{"ST as a raw byte", "a\x9cb", "\x1b]9;ab\x07"},
		{"ST as a rune", "a\u009cb", "\x1b]9;ab\x07"},
		{"C1 runes", "a\u0080\u0090\u009b\u009db", "\x1b]9;ab\x07"},
		{"CR LF", "line one\r\nline two\n", "\x1b]9;line one line two\x07"},
		{"NUL and DEL", "a\x00b\x7fc", "\x1b]9;abc\x07"},
		{"invalid UTF-8", "\xff\xfeok\xc3", "\x1b]9;ok\x07"},
		{"OSC 52 clipboard write", "x\x1b]52;c;cm0gLXJmIH4=\x07y", "\x1b]9;xy\x07"},
		{"OSC 52 with ST", "x\x1b]52;c;Zm9v\x1b\\y", "\x1b]9;xy\x07"},
		{"CSI", "\x1b[2J\x1b[31mred", "\x1b]9;red\x07"},
		{"8-bit CSI", "\u009b2Jz", "\x1b]9; 2Jz\x07"},
		{"bidi controls", "a\u202eb\u2066c\u200fd\u061c", "\x1b]9;abcd\x07"},
		{"zero width", "a\u200bb\ufeffc", "\x1b]9;abc\x07"},
		{"unicode text", "¿Borrar «main»? 🚀", "\x1b]9;¿Borrar «main»? 🚀\x07"},
		{"1 MB", long, "\x1b]9;" + strings.Repeat("a", pingLimit-1) + "…\x07"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			got := run(t, Config{Info: plainTerm}, ping(tt.msg))
			if want := []string{tt.want}; !slices.Equal(got, want) {
				t.Errorf("ping(%.40q)\n got %q\nwant %q", tt.msg, got, want)
			}
			checkPing(t, strings.Join(got, ""))
		})
	}
}

// checkPing reads out back: exactly one OSC 9 whose body is not a ConEmu
// sub-command and fits the cap, nothing else.
func checkPing(t *testing.T, out string) {
	t.Helper()
	toks, err := scan(out)
	if err != nil {
		t.Fatalf("scan %q: %v", out, err)
	}
	if len(toks) != 1 || toks[0].kind != tokOSC {
		t.Fatalf("%q holds %v, want one OSC", out, toks)
	}
	body, ok := strings.CutPrefix(toks[0].data, "9;")
	if !ok {
		t.Fatalf("OSC %q is not OSC 9", toks[0].data)
	}
	digits := len(body) - len(strings.TrimLeft(body, "0123456789"))
	if digits > 0 && strings.HasPrefix(body[digits:], ";") {
		t.Errorf("body %q reads as a ConEmu sub-command", body)
	}
	if n := utf8.RuneCountInString(body); n > pingLimit+1 {
		t.Errorf("body has %d runes, cap %d", n, pingLimit+1)
	}
}

func TestPingThroughMultiplexers(t *testing.T) {
	hostile := "4;3\x1b]52;c;Zm9v\x07\x1b\\\x9c\r\nrm -rf"
	for _, in := range []Info{
		{Mux: MuxTmux, MuxVersion: "3.3a"},
		{Mux: MuxScreen, Term: "screen"},
	} {
		fp := &fakeProbe{answer: "on"}
		got := run(t, Config{Info: in, Probe: fp.run}, ping(hostile))
		if len(got) != 1 {
			t.Fatalf("%v: %d writes", in.Mux, len(got))
		}
		toks, err := scan(got[0])
		if err != nil {
			t.Fatalf("%v: scan %q: %v", in.Mux, got[0], err)
		}
		var inner []token
		if in.Mux == MuxTmux {
			inner, err = unwrapTmux(toks[0])
		} else {
			inner, _, err = unwrapScreen(toks)
		}
		if err != nil {
			t.Fatalf("%v: %q: %v", in.Mux, got[0], err)
		}
		checkPing(t, "\x1b]"+inner[0].data+"\x07")
		if len(inner) != 1 || inner[0].data != "9; 4,3 rm -rf" {
			t.Errorf("%v: passthrough holds %v", in.Mux, inner)
		}
	}
}

func FuzzPingText(f *testing.F) {
	for _, s := range []string{"", "4;3", "a\x1b]52;c;x\x07b", "\xc2\x9c", "9;\u202e", "  12;"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		text := pingText(s, ";")
		if text == "" {
			return
		}
		checkPing(t, ansi.Notify(text))
	})
}
