//go:build unix

package fakepty

import (
	"bytes"
	"os"
	"testing"

	"github.com/creack/pty"
)

// Open returns a pseudo-terminal, closed at the test's end; the test is
// skipped where the machine has none.
func Open(t testing.TB) (master, slave *os.File) {
	t.Helper()
	master, slave, err := pty.Open()
	if err != nil {
		t.Skipf("no pty: %v", err)
	}
	t.Cleanup(func() { master.Close(); slave.Close() })
	return master, slave
}

// Play plays the terminal on master: it reads a background query up to its
// cursor-position sentinel (CSI 6n), then writes answer in the given
// pieces (none: a silent terminal). The channel gets what was read.
func Play(master *os.File, answer ...string) <-chan []byte {
	got := make(chan []byte, 1)
	go func() {
		var q []byte
		buf := make([]byte, 64)
		for !bytes.Contains(q, []byte("\x1b[6n")) && len(q) < 256 {
			n, err := master.Read(buf)
			q = append(q, buf[:n]...)
			if err != nil {
				break
			}
		}
		for _, a := range answer {
			if _, err := master.Write([]byte(a)); err != nil {
				break // a lost answer shows in the result
			}
		}
		got <- q
	}()
	return got
}
