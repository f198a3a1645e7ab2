package main

import (
	"errors"
	"fmt"
	"io"
	"os"
	"sync/atomic"

	tea "charm.land/bubbletea/v2"

	"github.com/hostbridge/hostbridge/internal/chatscript"
	hostbridge "github.com/hostbridge/hostbridge/teav2"
)

// runTUI runs the chat screen until /quit, ctrl+c or a signal.
//
// New detects the host and starts reporting before the program starts,
// and the model gets the detection before it is wrapped; Close runs after
// Run on every way out, though the wrapper has already run it on the ones
// it sees. Unlike the v1 chat, nothing is asked of the terminal before the
// program starts: the wrapper asks the background, and v2's renderer draws
// and clears the bar.
func runTUI(f flags, sess session, stderr io.Writer) int {
	history, err := sess.Load()
	if err != nil {
		fmt.Fprintln(stderr, err)
	}
	c := newChat(chatConfig{
		agent: f.Agent, delay: f.Delay, styles: newStyles(paletteFor(f.Background != "light")),
		fixedTheme: f.Background != "",
		root:       rootOf(sess), session: sess, history: history,
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

// quitOnInterrupt turns SIGINT into an orderly quit. Bubble Tea v2 ends a
// run on SIGINT as killed (tea.go, v2.1.1: an InterruptMsg returns
// ErrInterrupted, and a killed program skips its last frame); as a quit,
// the exit is the same as /quit's, the last frame included, as in the v1
// chat. interrupted keeps the exit code honest.
func quitOnInterrupt(interrupted *atomic.Bool) func(tea.Model, tea.Msg) tea.Msg {
	return func(_ tea.Model, msg tea.Msg) tea.Msg {
		if _, ok := msg.(tea.InterruptMsg); ok {
			interrupted.Store(true)
			return tea.QuitMsg{}
		}
		return msg
	}
}
