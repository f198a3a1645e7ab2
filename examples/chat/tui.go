package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"sync/atomic"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/charmbracelet/lipgloss"

	"github.com/hostbridge/hostbridge"
	"github.com/hostbridge/hostbridge/internal/chatscript"
)

// runTUI runs the chat screen until /quit, ctrl+c or a signal.
//
// The order matters: the background is asked before the program starts
// (once Bubble Tea reads the terminal, the answer would arrive as key
// presses); New detects the host and starts reporting before the program
// starts, and the model gets the detection before it is wrapped; Close runs after Run on every way out, though Wrap has already
// run it on the ones it sees.
func runTUI(f flags, sess session, stderr io.Writer) int {
	bg, err := hostbridge.DetectBackground(hostbridge.BackgroundOptions{Override: f.Background})
	if err != nil {
		fmt.Fprintln(stderr, "chat:", err)
	}
	lipgloss.SetHasDarkBackground(bg.Dark) // so adaptive colours agree
	history, err := sess.Load()
	if err != nil {
		fmt.Fprintln(stderr, err)
	}
	c := newChat(chatConfig{
		agent: f.Agent, delay: f.Delay, styles: newStyles(hostbridge.PaletteFor(bg)),
		root: rootOf(sess), session: sess, history: history,
	})
	b, err := hostbridge.New(f.Options(sess)...) // a bad option fails here, before anything starts
	if err != nil {
		fmt.Fprintln(stderr, "chat:", err)
		return exitUsage
	}
	cwd, _ := os.Getwd()
	c.attach(b.Host(), systemPrompt(f.Agent, cwd, b.EnvironmentLines()))
	w := b.Wrap(c)

	return chatscript.RunProgram(stderr, func() (bool, error) {
		var interrupted atomic.Bool
		_, err := tea.NewProgram(w, tea.WithFilter(quitOnInterrupt(&interrupted))).Run()
		_ = w.Close()
		return interrupted.Load() || errors.Is(err, tea.ErrInterrupted), err
	})
}

// quitOnInterrupt turns SIGINT into an orderly quit. Bubble Tea v1 ends a
// run on SIGINT as killed: it skips the last frame and closes its input
// reader while the reader may still be using it (a data race the race
// detector reports; fixed upstream in v2 only). As a quit, the exit is the
// same as /quit's; interrupted keeps the exit code honest.
func quitOnInterrupt(interrupted *atomic.Bool) func(tea.Model, tea.Msg) tea.Msg {
	return func(_ tea.Model, msg tea.Msg) tea.Msg {
		if _, ok := msg.(tea.InterruptMsg); ok {
			interrupted.Store(true)
			return tea.QuitMsg{}
		}
		return msg
	}
}
