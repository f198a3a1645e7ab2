package main

import (
	"fmt"
	"io"

	"github.com/hostbridge/hostbridge"
)

// runHeadless runs -m: one turn, no TUI, the reply on stdout. It uses a
// Bridge directly, as a program without Bubble Tea would: hosts show the
// pane working from the start and idle with the reply, and Close releases
// it. Ready is not needed: the first message is the first report.
func runHeadless(f flags, sess session, stdout, stderr io.Writer) int {
	b, err := hostbridge.New(f.Options(sess)...)
	if err != nil {
		fmt.Fprintln(stderr, "chat:", err)
		return exitUsage
	}
	code := headlessTurn(b, f.Prompt, f.Delay, stdout, stderr)
	_ = b.Close()
	return code
}
