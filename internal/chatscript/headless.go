package chatscript

import (
	"context"
	"fmt"
	"io"
	"time"

	"github.com/hostbridge/hostbridge/bridge"
)

// RunHeadless runs -m: one turn, no TUI, the reply on stdout, the same
// for the v1 and the v2 chat, since a -m run has no Bubble Tea. It uses a
// Bridge directly, as a program without Bubble Tea would (hostbridge.New
// is this Bridge): hosts show the pane working from the start and idle
// with the reply, and Close releases it. Ready is not needed: the first
// message is the first report.
func RunHeadless(f Flags, sess Session, stdout, stderr io.Writer) int {
	b, err := bridge.New(f.Options(sess)...)
	if err != nil {
		fmt.Fprintln(stderr, "chat:", err)
		return ExitUsage
	}
	code := HeadlessTurn(b, f.Prompt, f.Delay, stdout, stderr)
	// The turn's last state (idle with the reply, or failed) is what the
	// hosts show until the release: wait for it, within one report's
	// bound, as Close's exit gives what is still queued only a moment.
	ctx, cancel := context.WithTimeout(context.Background(), f.ReportTimeout())
	_ = b.Flush(ctx)
	cancel()
	_ = b.Close()
	return code
}

// Sender is what a headless turn reports to: a hostbridge Bridge, v1's or
// v2's.
type Sender interface{ Send(msg any) bool }

// HeadlessAnswer is the answer a -m run gives to the scripted question:
// nobody is there to type one.
const HeadlessAnswer = "main"

// HeadlessTurn runs prompt's script to its end. Nobody can answer in a -m
// run, so a request to run a tool is denied and a question gets
// HeadlessAnswer, each said on stderr; hosts are not told the chat needs
// you, since it does not wait. It returns the exit code: 1 when the turn
// failed.
func HeadlessTurn(b Sender, prompt string, delay time.Duration, stdout, stderr io.Writer) int {
	t := NewTurn(1, prompt, delay)
	b.Send(bridge.MetaChanged{Model: StartModel, Context: "0%", Cost: "$0.00"})
	code, said := ExitOK, false
	for {
		steps, next, more := t.Due()
		for _, s := range steps {
			if s.Note != "" {
				fmt.Fprintln(stderr, "chat: "+s.Note)
			}
			if s.Say != "" {
				if said {
					fmt.Fprint(stdout, " ")
				}
				fmt.Fprint(stdout, s.Say)
				said = true
			}
			if s.Fail != "" {
				fmt.Fprintln(stderr, s.Fail)
				code = ExitFailed
			}
			if s.Wait != WaitNone {
				continue // the request is answered below, at once
			}
			for _, m := range s.Emit {
				b.Send(m)
			}
		}
		switch t.Waiting {
		case WaitApproval, WaitSubAgent:
			fmt.Fprintln(stderr, "chat: "+lastAsk(steps)+": denied (nobody to answer in a -m run)")
			t.Reply(false, "")
			continue
		case WaitAnswer:
			fmt.Fprintln(stderr, "chat: "+lastAsk(steps)+" "+HeadlessAnswer+" (nobody to answer in a -m run)")
			t.Reply(true, HeadlessAnswer)
			continue
		}
		if !more {
			break
		}
		wait(next) // the scripted model's timer, run in place
	}
	if said {
		fmt.Fprintln(stdout)
	}
	return code
}

// lastAsk is the request the last of steps makes.
func lastAsk(steps []Step) string {
	for i := len(steps) - 1; i >= 0; i-- {
		if steps[i].Ask != "" {
			return steps[i].Ask
		}
	}
	return "a request"
}

// wait sleeps d on a timer: a -m run has nothing else to do meanwhile.
func wait(d time.Duration) {
	t := time.NewTimer(d)
	defer t.Stop()
	<-t.C
}
