// Command chat is examples/chat on Bubble Tea v2: the same chat screen,
// script and flags (internal/chatscript), wrapped with hostbridge's v2
// frontend, so every state a real chat goes through can be seen in the
// terminal, herdr, tuios or cmux it runs in. From the teav2 directory:
//
//	go run ./examples/chat                 the chat
//	go run ./examples/chat -m "hello"      one turn, no TUI
//	go run ./examples/chat -doctor         what was detected
//
// What differs from the v1 chat is what v2 does for it: the terminal's bar
// is drawn by v2's renderer from the wrapper's View, and the background is
// asked by the program at start and arrives as a message, so the chat
// starts in the dark palette and re-themes when the answer comes.
//
// Run with -help for the flags and the scripted prompts.
package main

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// run is the program; it returns the exit code.
func run(args []string, stdout, stderr io.Writer) int {
	f, err := parseFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return exitOK
	}
	if err != nil {
		fmt.Fprintln(stderr, err)
		return exitUsage
	}
	sess := f.StartSession(stderr)
	switch {
	case f.Doctor:
		return runDoctor(f, sess, stdout, stderr)
	case f.Prompt != "":
		return runHeadless(f, sess, stdout, stderr)
	}
	return runTUI(f, sess, stderr)
}
