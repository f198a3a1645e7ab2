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
