package hosttest

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"syscall"
)

// The fake executables (cmux, tmux) are sh scripts in a directory of their
// own: each call appends its argc and arguments, NUL-ended, to the file
// "calls" in one write, and reads its behaviour from a small file there.

// recordedCalls returns the arguments of every call recorded in dir, in
// order; a call still being written is left out.
func recordedCalls(dir string) [][]string {
	data, _ := os.ReadFile(filepath.Join(dir, "calls"))
	fields := strings.Split(string(data), "\x00")
	fields = fields[:len(fields)-1] // what follows the last NUL: a call still writing
	var calls [][]string
	for len(fields) > 0 {
		n, err := strconv.Atoi(fields[0])
		if err != nil || n < 0 || n >= len(fields) {
			break // cut short
		}
		calls, fields = append(calls, fields[1:n+1]), fields[n+1:]
	}
	return calls
}

// writeSetting writes a script's setting file name in dir as one line, beside
// and renamed, so a running script reads the old or the new one, never
// half of it.
func writeSetting(dir, name, value string) error {
	tmp := filepath.Join(dir, name+".tmp")
	err := os.WriteFile(tmp, []byte(value+"\n"), 0o644)
	if err == nil {
		err = os.Rename(tmp, filepath.Join(dir, name))
	}
	return err
}

// writeScript writes an executable script at path. It holds the fork lock
// while the file is open for writing: a child that another goroutine forks
// meanwhile would inherit the open handle, and running the script would
// then fail with ETXTBSY ("text file busy") until that child execs, which
// made a fake's first call fail now and then under load.
func writeScript(path, script string) error {
	syscall.ForkLock.RLock()
	defer syscall.ForkLock.RUnlock()
	return os.WriteFile(path, []byte(script), 0o755)
}
