package main

import (
	"fmt"
	"io"
	"time"

	"github.com/hostbridge/hostbridge"
)

// runHeadless runs -m: one turn, no TUI, the reply on stdout. It uses a
// Bridge directly, as a program without Bubble Tea would: hosts show the
// pane working from the start and idle with the reply, and Close releases
// it. Ready is not needed: the first message is the first report.
func runHeadless(f flags, sess session, stdout, stderr io.Writer) int {
	b, err := hostbridge.New(f.options(sess)...)
	if err != nil {
		fmt.Fprintln(stderr, "chat:", err)
		return exitUsage
	}
	code := headlessTurn(b, f.prompt, f.delay, stdout, stderr)
	_ = b.Close()
	return code
}

// sender is what a headless turn reports to (a *hostbridge.Bridge).
type sender interface{ Send(msg any) bool }

// headlessAnswer is the answer a -m run gives to the scripted question:
// nobody is there to type one.
const headlessAnswer = "main"

// headlessTurn runs prompt's script to its end. Nobody can answer in a -m
// run, so a request to run a tool is denied and a question gets
// headlessAnswer, each said on stderr; hosts are not told the chat needs
// you, since it does not wait. It returns the exit code: 1 when the turn
// failed.
func headlessTurn(b sender, prompt string, delay time.Duration, stdout, stderr io.Writer) int {
	t := newTurn(1, prompt, delay)
	b.Send(hostbridge.MetaChanged{Model: startModel, Context: "0%", Cost: "$0.00"})
	code, said := exitOK, false
	for {
		steps, next, more := t.due()
		for _, s := range steps {
			if s.note != "" {
				fmt.Fprintln(stderr, "chat: "+s.note)
			}
			if s.say != "" {
				if said {
					fmt.Fprint(stdout, " ")
				}
				fmt.Fprint(stdout, s.say)
				said = true
			}
			if s.fail != "" {
				fmt.Fprintln(stderr, s.fail)
				code = exitFailed
			}
			if s.wait != waitNone {
				continue // the request is answered below, at once
			}
			for _, m := range s.emit {
				b.Send(m)
			}
		}
		switch t.waiting {
		case waitApproval, waitSubAgent:
			fmt.Fprintln(stderr, "chat: "+lastAsk(steps)+": denied (nobody to answer in a -m run)")
			t.reply(false, "")
			continue
		case waitAnswer:
			fmt.Fprintln(stderr, "chat: "+lastAsk(steps)+" "+headlessAnswer+" (nobody to answer in a -m run)")
			t.reply(true, headlessAnswer)
			continue
		}
		if !more {
			break
		}
		tick(t.id, next)() // the scripted model's timer, run in place
	}
	if said {
		fmt.Fprintln(stdout)
	}
	return code
}

// lastAsk is the request the last of steps makes.
func lastAsk(steps []step) string {
	for i := len(steps) - 1; i >= 0; i-- {
		if steps[i].ask != "" {
			return steps[i].ask
		}
	}
	return "a request"
}
