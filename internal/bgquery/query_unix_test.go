//go:build darwin || dragonfly || freebsd || linux || netbsd || openbsd || solaris

package bgquery

import (
	"bytes"
	"cmp"
	"fmt"
	"os"
	"testing"
	"time"

	"github.com/hostbridge/hostbridge/internal/hosts/terminal"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakepty"
	"golang.org/x/sys/unix"
)

// wantQuery is the exact query a terminal must receive, written out here
// rather than built from the constants under test.
const wantQuery = "\x1b]11;?\x07\x1b[6n"

// bound is what "returned within the bound" means in a test: generous, so a
// loaded machine does not flake. Speed is measured by the benchmarks.
const bound = 2 * time.Second

func openPTY(t testing.TB) (master, slave *os.File) { return fakepty.Open(t) }

// playTerminal plays the terminal on the pty master (see fakepty.Play).
func playTerminal(master *os.File, answer ...string) <-chan []byte {
	return fakepty.Play(master, answer...)
}

func termios(t testing.TB, f *os.File) unix.Termios {
	t.Helper()
	rc, err := f.SyscallConn()
	if err != nil {
		t.Fatal(err)
	}
	var tio *unix.Termios
	if err := rc.Control(func(fd uintptr) { tio, err = unix.IoctlGetTermios(int(fd), ioctlGetTermios) }); err != nil || tio == nil {
		t.Fatalf("termios: %v", err)
	}
	return *tio
}

// noEcho checks that nothing reached the screen after the query: the reply
// was not echoed. It writes a marker on the slave and reads the master up to
// it; anything before the marker is an echo.
func noEcho(t *testing.T, master, slave *os.File) {
	t.Helper()
	if _, err := slave.Write([]byte("@")); err != nil {
		t.Fatal(err)
	}
	var seen []byte
	buf := make([]byte, 64)
	for !bytes.Contains(seen, []byte("@")) {
		n, err := master.Read(buf)
		seen = append(seen, buf[:n]...)
		if err != nil {
			t.Fatalf("read master: %v (seen %q)", err, seen)
		}
	}
	if string(seen) != "@" {
		t.Errorf("the reply was echoed to the screen: %q", seen)
	}
}

// lateBound is the bound of the cases that wait it out (no CPR, half a
// reply, silence). Those whose answer ends with its CPR are asked with
// answeredBound instead: Query returns at the CPR, so the bound only has
// to outlast the fake terminal, which on a loaded machine took over 150 ms
// to answer (a flake of "blocking/dark, BEL"). The late cases still need
// their first part within lateBound (the VTIME path waits whole tenths: up
// to 100 ms less): 500 ms of scheduling slack, not 150.
const (
	lateBound     = 500 * time.Millisecond
	answeredBound = 30 * time.Second
)

func TestQuery(t *testing.T) {
	tests := []struct {
		name    string
		answer  []string
		want    string
		wantErr string
		rest    string // what the terminal still owes, "" for nothing
		late    bool   // Query waits out its bound: lateBound
	}{
		{"light, 16-bit, ST", []string{"\x1b]11;rgb:fdfd/f6f6/e3e3\x1b\\\x1b[24;80R"}, "#fdf6e3", "", "", false},
		{"dark, BEL", []string{"\x1b]11;rgb:1e1e/1e1e/1e1e\a\x1b[1;1R"}, "#1e1e1e", "", "", false},
		{"8-bit form", []string{"\x1b]11;rgb:ff/ff/ff\a\x1b[1;1R"}, "#ffffff", "", "", false},
		{"in pieces", []string{"\x1b]11;rgb:00", "00/2b2b/3636\x1b", "\\\x1b[5;", "1R"}, "#002b36", "", "", false},
		{"keys typed before the reply", []string{"q\x1b]11;rgb:00/00/00\a\x1b[1;1R"}, "#000000", "", "", false},
		{"only a CPR (tmux 3.3a)", []string{"\x1b[12;40R"}, "", "tmux 3.4 answered the cursor report but not OSC 11", "", false},
		{"unreadable colour", []string{"\x1b]11;?\a\x1b[1;1R"}, "", "tmux 3.4 sent an unreadable OSC 11 reply", "", false},
		{"OSC but no CPR: colour after the bound", []string{"\x1b]11;rgb:ffff/ffff/ffff\a"}, "#ffffff", "", "\x1b[3;1R", true},
		{"half a reply", []string{"\x1b]11;rgb:ffff/ff"}, "", "tmux 3.4 did not answer OSC 11 within 500ms", "ff/ffff\x1b\\\x1b[3;1R", true},
		{"silent", nil, "", "tmux 3.4 did not answer OSC 11 within 500ms", "\x1b]11;rgb:ffff/ffff/ffff\x1b\\\x1b[3;1R", true},
	}
	for _, blocking := range []bool{false, true} {
		mode := "polled"
		if blocking {
			mode = "blocking"
		}
		for _, tt := range tests {
			t.Run(mode+"/"+tt.name, func(t *testing.T) {
				t.Parallel()
				master, slave := openPTY(t)
				if blocking {
					slave.Fd() // switches the file to blocking mode: the VTIME path
				}
				before := termios(t, slave)
				played := playTerminal(master, tt.answer...)
				timeout := answeredBound
				if tt.late {
					timeout = lateBound
				}

				start := time.Now()
				got, owed, err := Query(slave, "tmux 3.4", timeout)
				took := time.Since(start)

				if got != tt.want || fmt.Sprint(err) != cmp.Or(tt.wantErr, "<nil>") {
					t.Errorf("Query = %q, %v; want %q, %v", got, err, tt.want, tt.wantErr)
				}
				switch {
				case tt.rest == "" && owed != nil:
					t.Errorf("owed %+v after the whole answer", owed)
				case tt.rest != "" && owed == nil:
					t.Errorf("nothing owed, want %q", tt.rest)
				case tt.rest != "":
					if taken, done := owed.Feed([]byte(tt.rest)); !taken || !done {
						t.Errorf("owed.Feed(%q) = %v, %v; want the rest of the answer", tt.rest, taken, done)
					}
				}
				if took > timeout+bound {
					t.Errorf("Query took %v, its bound %v", took, timeout)
				}
				// An answer that ends with its CPR ends the query then, not
				// at its bound: a tenth of it is far more than any machine
				// needs to play the answer, and far less than the bound.
				if !tt.late && took > answeredBound/10 {
					t.Errorf("Query took %v: it did not return at the cursor report", took)
				}
				if q := <-played; string(q) != wantQuery {
					t.Errorf("terminal got %q, want %q", q, wantQuery)
				}
				if after := termios(t, slave); after != before {
					t.Errorf("terminal mode not restored:\nbefore %+v\nafter  %+v", before, after)
				}
				noEcho(t, master, slave)
				if !blocking {
					// The caller's file keeps working without a deadline.
					if _, err := master.Write([]byte("k\n")); err != nil {
						t.Fatal(err)
					}
					buf := make([]byte, 8)
					if n, err := slave.Read(buf); err != nil || n == 0 {
						t.Errorf("read after Query: %d, %v (deadline left set?)", n, err)
					}
				}
			})
		}
	}
}

func TestQueryNotATerminal(t *testing.T) {
	f, err := os.CreateTemp(t.TempDir(), "plain")
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	const want = "not asked: no terminal to ask"
	if _, _, err := Query(f, "tmux", 0); fmt.Sprint(err) != want {
		t.Errorf("Query(regular file) = %v, want %q", err, want)
	}
	if _, _, err := Query(nil, "tmux", 0); fmt.Sprint(err) != want {
		t.Errorf("Query(nil) = %v, want %q", err, want)
	}
	if terminal.IsTerminal(f) || terminal.IsTerminal(nil) {
		t.Error("IsTerminal(regular file) = true")
	}
	if Foreground(f) {
		t.Error("Foreground(regular file) = true")
	}
}

func TestIsTerminalPTY(t *testing.T) {
	_, slave := openPTY(t)
	if !terminal.IsTerminal(slave) {
		t.Error("IsTerminal(pty) = false")
	}
	// Not our controlling terminal: termenv would not ask on it.
	if Foreground(slave) {
		t.Error("Foreground(pty that is not the controlling terminal) = true")
	}
}

func BenchmarkQuery(b *testing.B) {
	b.Run("answering", func(b *testing.B) {
		master, slave := openPTY(b)
		for b.Loop() {
			played := playTerminal(master, "\x1b]11;rgb:1e1e/1e1e/1e1e\a\x1b[1;1R")
			if _, _, err := Query(slave, "tmux", time.Second); err != nil {
				b.Fatal(err)
			}
			<-played
		}
	})
	b.Run("cpr-only", func(b *testing.B) {
		master, slave := openPTY(b)
		for b.Loop() {
			played := playTerminal(master, "\x1b[1;1R")
			if _, _, err := Query(slave, "tmux", time.Second); fmt.Sprint(err) != "tmux answered the cursor report but not OSC 11" {
				b.Fatal(err)
			}
			<-played
		}
	})
}

func BenchmarkParseReply(b *testing.B) {
	in := []byte("\x1b]11;rgb:fdfd/f6f6/e3e3\x1b\\\x1b[24;80R")
	for b.Loop() {
		parseReply(in)
	}
}

// cutWriter takes n bytes of a write, then fails, as a terminal's write
// deadline cuts a write that filled its buffer.
type cutWriter struct{ n int }

func (w cutWriter) Write(p []byte) (int, error) { return min(w.n, len(p)), os.ErrDeadlineExceeded }

// A query cut short after some bytes reached the terminal may still be
// answered: that answer is owed, as after a read that gave up; one cut
// before any byte is not.
func TestAskCutShort(t *testing.T) {
	for _, tt := range []struct {
		n    int
		owed bool
	}{{0, false}, {1, true}, {len(wantQuery) - 1, true}} {
		owed, err := ask(cutWriter{tt.n}, "tmux 3.4")
		if err == nil || (owed != nil) != tt.owed {
			t.Errorf("%d of %d bytes written: owed %v, err %v; want owed: %v", tt.n, len(wantQuery), owed, err, tt.owed)
		}
		if owed != nil {
			if taken, done := owed.Feed([]byte("\x1b]11;rgb:ffff/ffff/ffff\x1b\\\x1b[3;1R")); !taken || !done {
				t.Errorf("owed.Feed(the whole answer) = %v, %v", taken, done)
			}
		}
	}
}
