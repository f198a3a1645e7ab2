package proctest

import (
	"bufio"
	"os"
	"path/filepath"
	"testing"
	"time"

	"golang.org/x/sys/unix"
)

// Hung is an executable shell script that hangs the way a host's command
// line can: it starts three sleeps in the background, notes their pids,
// and waits for them, whatever its arguments.
type Hung struct {
	Bin  string // the script
	dir  string
	fifo string
}

const hungScript = `#!/bin/sh
dir=$(dirname "$0")
for i in 1 2 3; do
	sleep 30 &
	echo $! >> "$dir/pids"
done
echo started > "$dir/fifo"
wait
`

// NewHung writes the script as dir/name, and makes the test process the
// reaper of orphans (see Adopt).
func NewHung(t testing.TB, name string) *Hung {
	t.Helper()
	Adopt(t)
	dir := t.TempDir()
	h := &Hung{Bin: filepath.Join(dir, name), dir: dir, fifo: filepath.Join(dir, "fifo")}
	if err := unix.Mkfifo(h.fifo, 0o600); err != nil {
		t.Fatal(err)
	}
	if err := WriteScript(h.Bin, hungScript); err != nil {
		t.Fatal(err)
	}
	return h
}

// Started blocks until the script has started its sleeps.
func (h *Hung) Started(t testing.TB) {
	t.Helper()
	f, err := os.Open(h.fifo) // blocks until the script opens it to write
	if err != nil {
		t.Fatal(err)
	}
	defer f.Close()
	if _, err := bufio.NewReader(f).ReadString('\n'); err != nil {
		t.Fatalf("proctest: the script did not say it started: %v", err)
	}
}

// Orphans returns how many of the script's sleeps are still alive once the
// script was killed, waiting for each up to bound (a killed one dies at
// once); it kills and reaps those.
func (h *Hung) Orphans(t testing.TB, bound time.Duration) int {
	t.Helper()
	return len(Survivors(t, filepath.Join(h.dir, "pids"), bound))
}
