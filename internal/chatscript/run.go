package chatscript

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"os"
	"os/signal"
	"syscall"
)

// Modes are a chat's runners of the modes that differ between the v1 and
// the v2 chat: -doctor and the screen (-m is RunHeadless for both).
type Modes struct {
	Doctor func(f Flags, sess Session, stdout, stderr io.Writer) int
	TUI    func(f Flags, sess Session, stderr io.Writer) int
}

// Run is the chat program: it reads args, opens the session and runs the
// mode they choose; it returns the exit code.
func Run(args []string, stdout, stderr io.Writer, m Modes) int {
	f, err := ParseFlags(args, stderr)
	if errors.Is(err, flag.ErrHelp) {
		return ExitOK
	}
	if err != nil {
		fmt.Fprintln(stderr, err)
		return ExitUsage
	}
	sess := f.StartSession(stderr)
	switch {
	case f.Doctor:
		return m.Doctor(f, sess, stdout, stderr)
	case f.Prompt != "":
		return RunHeadless(f, sess, stdout, stderr)
	}
	return m.TUI(f, sess, stderr)
}

// RunProgram runs a Bubble Tea program (run: it runs it, closes the
// wrapped model, and says whether SIGINT ended it) and returns the exit
// code.
func RunProgram(stderr io.Writer, run func() (interrupted bool, err error)) int {
	// Bubble Tea quits on SIGTERM as on tea.Quit; a second listener tells
	// them apart, so the exit code says the chat was terminated. The signal
	// reaches every listener in one pass, before Bubble Tea can act on it.
	terminated := make(chan os.Signal, 1)
	signal.Notify(terminated, syscall.SIGTERM)
	defer signal.Stop(terminated)

	interrupted, err := run()
	switch {
	case interrupted:
		return ExitInterrupted
	case len(terminated) > 0:
		return ExitTerminated
	case err != nil:
		fmt.Fprintln(stderr, "chat:", err)
		return ExitFailed
	}
	return ExitOK
}
