package main

import (
	"errors"
	"fmt"
	"io"
	"os"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"
	"github.com/hostbridge/hostbridge"
)

// runTUI runs the chat screen until /quit, ctrl+c or a signal.
//
// The order matters: the background is asked before the program starts
// (once Bubble Tea reads the terminal, the answer would arrive as key
// presses); Wrap detects the host and starts reporting before the program
// starts; Close runs after Run on every way out, though Wrap has already
// run it on the ones it sees.
func runTUI(f flags, sess session, stderr io.Writer) int {
	bg, err := hostbridge.DetectBackground(hostbridge.BackgroundOptions{Override: f.background})
	if err != nil {
		fmt.Fprintln(stderr, "chat:", err)
	}
	lipgloss.SetHasDarkBackground(bg.Dark) // so adaptive colours agree
	history, err := sess.load()
	if err != nil {
		fmt.Fprintln(stderr, err)
	}
	c := newChat(chatConfig{
		agent: f.agent, delay: f.delay, styles: newStyles(hostbridge.PaletteFor(bg)),
		root: rootOf(sess), session: sess, history: history,
	})
	w := hostbridge.Wrap(c, f.options(sess)...)
	if err := w.Err(); err != nil {
		_ = w.Close()
		fmt.Fprintln(stderr, "chat:", err)
		return exitUsage
	}
	b := w.Bridge()
	cwd, _ := os.Getwd()
	c.attach(b.Host().Kind.String(), systemPrompt(f.agent, cwd, b.EnvironmentLines()))

	_, err = tea.NewProgram(w).Run()
	_ = w.Close()
	switch {
	case errors.Is(err, tea.ErrInterrupted):
		return 130 // as a shell reports SIGINT
	case err != nil:
		fmt.Fprintln(stderr, "chat:", err)
		return exitFailed
	}
	return exitOK
}
