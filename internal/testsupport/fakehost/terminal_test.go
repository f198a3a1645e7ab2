package fakehost_test

import (
	"slices"
	"strconv"
	"strings"
	"sync"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// captureCases are raw byte streams, written by hand, and the transcript
// lines a terminal capture must read from them.
var captureCases = []struct {
	name string
	in   string
	want []string
}{
	{"working, BEL", "\x1b]9;4;3\x07", []string{"terminal progress 3"}},
	{"blocked, ST", "\x1b]9;4;4;100\x1b\\", []string{"terminal progress 4;100"}},
	{"failed and removed", "\x1b]9;4;2;100\x07\x1b]9;4;0\x07", []string{"terminal progress 2;100", "terminal progress 0"}},
	{"ping", "\x1b]9;approve shell: git push\x07", []string{`terminal ping "approve shell: git push"`}},
	{"ping, ST", "\x1b]9;done\x1b\\", []string{`terminal ping "done"`}},
	{"ping with a guarded digit", "\x1b]9; 4;100 tests failed\x07", []string{`terminal ping " 4;100 tests failed"`}},
	{"ping starting with 4 but no semicolon", "\x1b]9;42 files\x07", []string{`terminal ping "42 files"`}},
	{"empty ping", "\x1b]9;\x07\x1b]9\x07", []string{`terminal ping ""`, `terminal ping ""`}},
	{"progress without parameters", "\x1b]9;4\x07", []string{`terminal progress ""`}},
	{"progress with junk is quoted", "\x1b]9;4;3\"x\x07", []string{`terminal progress "3\"x"`}},
	{"tmux", "\x1bPtmux;\x1b\x1b]9;4;3\x07\x1b\\", []string{"terminal progress 3 via tmux"}},
	{"tmux, inner ST", "\x1bPtmux;\x1b\x1b]9;hi\x1b\x1b\\\x1b\\", []string{`terminal ping "hi" via tmux`}},
	{"screen", "\x1bP\x1b]9;4;2;100\x07\x1b\\", []string{"terminal progress 2;100 via screen"}},
	{"screen in chunks", "\x1bP\x1b]9;abc\x1b\\\x1bPdef\x07\x1b\\", []string{`terminal ping "abcdef" via screen`}},
	{"amid Bubble Tea frames",
		"\x1b[?25l\x1b[?1004h\x1b[2K> hello\r\n\x1b]9;4;3\x07\x1b[1mbold\x1b[0m\x1b[A\x1b[2K",
		[]string{"terminal progress 3"}},
	{"other OSCs", "\x1b]2;title\x07\x1b]52;c;ZXZpbA==\x07\x1b]11;?\x1b\\\x1b]99;x\x07\x1b]94;4;3\x07\x1b]777;preexec\x07", nil},
	{"OSC 99", "\x1b]99;o=unfocused;done; now\x1b\\", []string{`terminal ping "done; now" (OSC 99 "o=unfocused")`}},
	{"OSC 99, tmux", "\x1bPtmux;\x1b\x1b]99;;hi\x1b\x1b\\\x1b\\", []string{`terminal ping "hi" (OSC 99 "") via tmux`}},
	{"OSC 777", "\x1b]777;notify;chat;approve shell, git push\x07", []string{`terminal ping "approve shell, git push" (OSC 777 title "chat")`}},
	{"OSC 777 without a body", "\x1b]777;notify;chat\x07", nil},
	{"other DCSs", "\x1bP$qm\x1b\\\x1bPq#0;2;0;0;0\x1b\\\x1bP+q544e\x1b\\", nil},
	{"CAN aborts", "\x1b]9;lost\x18\x1b]9;4;0\x07", []string{"terminal progress 0"}},
	{"SUB aborts: the BEL after it rings", "\x1b]9;4;3\x1a\x07", []string{"terminal bell"}},
	{"ESC aborts and starts the next", "\x1b]9;lost\x1b[1m\x1b]9;4;3\x07", []string{"terminal progress 3"}},
	{"ESC ] inside aborts and restarts", "\x1b]9;lost\x1b]9;kept\x07", []string{`terminal ping "kept"`}},
	{"double ESC before ]", "\x1b\x1b]9;4;3\x07", []string{"terminal progress 3"}},
	{"controls are kept and quoted", "\x1b]9;a\nb\rc\x00d\x07", []string{`terminal ping "a\nb\rc\x00d"`}},
	{"8-bit C1 is text", "\x1b]9;a\u009cb\u009d\x07\x9d9;4;3\x07", []string{`terminal ping "a\u009cb\u009d"`, "terminal bell"}},
	{"invalid UTF-8", "\x1b]9;\xff\xfe\x07", []string{`terminal ping "\xff\xfe"`}},
	{"unterminated", "\x1b]9;4;3", nil},
	{"overlong, then normal", "\x1b]9;" + strings.Repeat("x", 20000) + "\x07\x1b]9;4;0\x07",
		[]string{"terminal overlong", "terminal progress 0"}},
	{"overlong in tmux", "\x1bPtmux;" + strings.Repeat("y", 20000) + "\x1b\\", []string{"terminal overlong via tmux"}},
	{"overlong other DCS ignored", "\x1bPq" + strings.Repeat("#", 20000) + "\x1b\\", nil},
	{"at the bound", "\x1b]9;" + strings.Repeat("x", 16<<10-2) + "\x07", []string{`terminal ping "` + strings.Repeat("x", 16<<10-2) + `"`}},
	{"past the bound", "\x1b]9;" + strings.Repeat("x", 16<<10-1) + "\x1b\\", []string{"terminal overlong"}},
	{"overlong by doubled ESCs", "\x1bPtmux;" + strings.Repeat("\x1b\x1b", 9000) + "\x1b\\", []string{"terminal overlong via tmux"}},
	{"overlong unterminated, then normal", "\x1b]9;" + strings.Repeat("x", 20000) + "\x1b]9;4;3\x07", []string{"terminal progress 3"}},
}

// TestTerminalCapture reads each stream whole, split in two at every
// offset, and one byte per write: a sequence may be cut anywhere.
func TestTerminalCapture(t *testing.T) {
	for _, c := range captureCases {
		t.Run(c.name, func(t *testing.T) {
			check := func(how string, parts ...string) {
				t.Helper()
				var term fakehost.Terminal
				for _, p := range parts {
					if n, err := term.Write([]byte(p)); n != len(p) || err != nil {
						t.Fatalf("Write = %d, %v", n, err)
					}
				}
				if got := term.Transcript(); !slices.Equal(got, c.want) {
					t.Fatalf("%s: got %q, want %q", how, got, c.want)
				}
			}
			check("whole", c.in)
			step := 1
			if len(c.in) > 200 {
				step = 997 // the long cases: a few cuts are enough
			}
			for i := 0; i <= len(c.in); i += step {
				check("split at "+strconv.Itoa(i), c.in[:i], c.in[i:])
			}
			if len(c.in) <= 200 {
				bytes := make([]string, len(c.in))
				for i := 0; i < len(c.in); i++ {
					bytes[i] = c.in[i : i+1]
				}
				check("byte by byte", bytes...)
			}
		})
	}
}

// TestTerminalCaptureAllInOne runs every case in one stream: no state
// leaks from one sequence into the next.
func TestTerminalCaptureAllInOne(t *testing.T) {
	var in strings.Builder
	var want []string
	for _, c := range captureCases {
		if c.name == "unterminated" {
			continue
		}
		in.WriteString(c.in)
		want = append(want, c.want...)
	}
	var term fakehost.Terminal
	term.Write([]byte(in.String()))
	if got := term.Transcript(); !slices.Equal(got, want) {
		t.Fatalf("got  %q\nwant %q", got, want)
	}
}

// TestTerminalCaptureReadsXAnsi reads what x/ansi's builders write, an
// implementation independent of the capture.
func TestTerminalCaptureReadsXAnsi(t *testing.T) {
	long := strings.Repeat("approve shell: make deploy ", 60) // > 768 bytes: screen chunks it
	in := ansi.SetIndeterminateProgressBar + ansi.SetWarningProgressBar(100) +
		ansi.TmuxPassthrough(ansi.SetErrorProgressBar(100)) +
		ansi.ScreenPassthrough(ansi.Notify(long), 768) + ansi.ResetProgressBar
	want := []string{
		"terminal progress 3", "terminal progress 4;100", "terminal progress 2;100 via tmux",
		`terminal ping "` + long + `" via screen`, "terminal progress 0",
	}
	var term fakehost.Terminal
	term.Write([]byte(in))
	if got := term.Transcript(); !slices.Equal(got, want) {
		t.Fatalf("got  %q\nwant %q", got, want)
	}
}

// TestTerminalConcurrentWriters: two writers (Bubble Tea and hostbridge's
// reporter) each write whole sequences; none is lost or merged.
func TestTerminalConcurrentWriters(t *testing.T) {
	var term fakehost.Terminal
	var wg sync.WaitGroup
	for _, seq := range []string{"\x1b]9;4;3\x07", "\x1b[2K> frame\r\n"} {
		wg.Add(1)
		go func() {
			defer wg.Done()
			for range 200 {
				term.Write([]byte(seq))
			}
		}()
	}
	wg.Wait()
	if n := len(term.Transcript()); n != 200 {
		t.Fatalf("%d events, want 200", n)
	}
}

// FuzzTerminal: any stream, cut anywhere, reads the same; every line is
// one printable line.
func FuzzTerminal(f *testing.F) {
	for _, c := range captureCases {
		if len(c.in) < 200 {
			f.Add([]byte(c.in), uint(len(c.in)/2))
		}
	}
	f.Fuzz(func(t *testing.T, in []byte, cut uint) {
		var whole, split fakehost.Terminal
		whole.Write(in)
		i := int(cut % uint(len(in)+1))
		split.Write(in[:i])
		split.Write(in[i:])
		a, b := whole.Transcript(), split.Transcript()
		if !slices.Equal(a, b) {
			t.Fatalf("whole %q, split at %d %q", a, i, b)
		}
		for _, line := range a {
			if strings.ContainsFunc(line, func(r rune) bool { return r < 0x20 || r == 0x7f || (r >= 0x80 && r < 0xa0) }) {
				t.Fatalf("line with a control character: %q", line)
			}
		}
	})
}
