// Command chat is a chat screen wrapped with hostbridge.Wrap, answered by
// a built-in scripted model (no network, no key), so every state a real
// chat goes through can be seen in the terminal, herdr, tuios or cmux it
// runs in.
//
//	go run ./examples/chat                 the chat
//	go run ./examples/chat -m "hello"      one turn, no TUI
//	go run ./examples/chat -doctor         what was detected
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
