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
	"io"
	"os"

	"github.com/hostbridge/hostbridge/internal/chatscript"
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// run is the program (chatscript.Run with this chat's modes); it returns
// the exit code.
func run(args []string, stdout, stderr io.Writer) int {
	return chatscript.Run(args, stdout, stderr, chatscript.Modes{Doctor: runDoctor, TUI: runTUI})
}
