package fakehost

import (
	"fmt"
	"os"
	"path/filepath"
	"strconv"
	"strings"

	"github.com/hostbridge/hostbridge/internal/testsupport/proctest"
)

// The fake executables (cmux, tmux) are sh scripts in a directory of their
// own: each call appends its argc and arguments, NUL-ended, to the file
// "calls" in one write, and reads its behaviour from a small file there.

// exe is a fake executable: the script prog in the directory dir,
// removed at the test's cleanup.
type exe struct {
	t    TB
	prog string
	dir  string
}

// recordCall begins every fake's script: it records argc and argv, each
// ended by a NUL (which no argument holds), in one append; the fake's own
// part of the script follows.
const recordCall = `#!/bin/sh
dir=%s
printf '%%s\0' "$#" "$@" >>"$dir/calls"
`

// newExe writes the script recordCall then body as prog in a fresh
// directory, removed at t's cleanup.
func newExe(t TB, prog, body string) exe {
	t.Helper()
	dir, err := os.MkdirTemp("", prog)
	if err != nil {
		t.Fatalf("hosttest: %s: %v", prog, err)
	}
	t.Cleanup(func() { _ = os.RemoveAll(dir) })
	e := exe{t: t, prog: prog, dir: dir}
	script := fmt.Sprintf(recordCall, "'"+strings.ReplaceAll(dir, "'", `'\''`)+"'") + body
	if err := proctest.WriteScript(e.bin(), script); err != nil {
		t.Fatalf("hosttest: %s: %v", prog, err)
	}
	return e
}

// bin is the script's path.
func (e exe) bin() string { return filepath.Join(e.dir, e.prog) }

// path is PATH with the script's directory first.
func (e exe) path() string { return e.dir + string(os.PathListSeparator) + os.Getenv("PATH") }

// calls returns the arguments of every call recorded, in order; a call
// still being written is left out.
func (e exe) calls() [][]string {
	data, _ := os.ReadFile(filepath.Join(e.dir, "calls"))
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

// set writes the script's setting file name as one line, beside and
// renamed, so a running script reads the old or the new one, never half of
// it. A failure fails the test.
func (e exe) set(name, value string) {
	tmp := filepath.Join(e.dir, name+".tmp")
	err := os.WriteFile(tmp, []byte(value+"\n"), 0o644)
	if err == nil {
		err = os.Rename(tmp, filepath.Join(e.dir, name))
	}
	if err != nil {
		e.t.Errorf("hosttest: %s: setting %s %q: %v", e.prog, name, value, err)
	}
}

// typed renders a call as it would be typed: the script's name, then each
// argument, quoted (%q) when it has blanks or quotes.
func (e exe) typed(args []string) string {
	words := []string{e.prog}
	for _, a := range args {
		words = append(words, quoteBlank(a))
	}
	return strings.Join(words, " ")
}
