package hosttest

import (
	"os"
	"path/filepath"
	"strconv"
	"strings"
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
