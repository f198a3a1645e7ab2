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
	"time"
)

// Exit codes; a signal gives 128 plus its number, as a shell reports it.
const (
	exitOK          = 0
	exitFailed      = 1 // a headless turn failed, or the program did
	exitUsage       = 2
	exitInterrupted = 128 + 2  // SIGINT
	exitTerminated  = 128 + 15 // SIGTERM
)

func main() { os.Exit(run(os.Args[1:], os.Stdout, os.Stderr)) }

// flags are the command line.
type flags struct {
	prompt     string
	delay      time.Duration
	agent      string
	notify     bool
	background string
	profile    profile
	session    string
	doctor     bool
	timeout    time.Duration // 0: the profile's
}

const usageText = `Usage: chat [flags]

A chat screen wrapped with hostbridge, answered by a scripted model. It
tells the terminal, herdr, tuios or cmux it runs in what it is doing.

A prompt is answered "You said: <prompt>", word by word, over -delay.
A prompt containing
  approve   makes the tool shell ask to run git push: answer y or n
  ask       makes the model ask which branch to use: the next line answers
  fail      fails the turn with "Error: scripted failure"
  delegate  starts a sub-agent that asks to run shell: answer y or n
  slow      makes the turn take 20 s
Commands: /save, /session NAME, /model NAME, /system, /help, /quit (or ctrl+c).

With -m the prompt runs as one turn without the TUI; the reply goes to
stdout. Nobody is there to answer, so a request to run a tool (approve,
delegate) is denied and a question (ask) is answered "main"; each is said
on stderr. The exit code is 1 when the turn fails.

Flags:
`

// parseFlags reads the command line. flag.ErrHelp means -help was asked.
func parseFlags(args []string, stderr io.Writer) (flags, error) {
	f := flags{delay: time.Second, agent: "chat", notify: true}
	fs := flag.NewFlagSet("chat", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, usageText)
		fs.PrintDefaults()
	}
	fs.StringVar(&f.prompt, "m", "", "run one turn with this `prompt`, without the TUI, and exit")
	fs.DurationVar(&f.delay, "delay", f.delay, "how long a scripted turn takes")
	fs.StringVar(&f.agent, "agent", f.agent, "the agent `name` hosts show")
	fs.BoolVar(&f.notify, "notify", f.notify, "ping (OSC 9) when the chat needs you while the terminal is not focused")
	fs.StringVar(&f.background, "background", "", "`light` or dark: override the terminal's background answer")
	fs.Var(&f.profile, "profile", "`iota` (the default) or mendcode: the reference host behaviour to give")
	fs.StringVar(&f.session, "session", "", "start in session `NAME` (default: a new one)")
	fs.BoolVar(&f.doctor, "doctor", false, "print what was detected and exit")
	fs.DurationVar(&f.timeout, "timeout", 0, "bound on each report to a host (default: 500ms, 2s with -profile mendcode)")
	if err := fs.Parse(args); err != nil {
		return f, err
	}
	switch {
	case fs.NArg() > 0:
		return f, fmt.Errorf("chat: unexpected argument %q (a prompt goes after -m)", fs.Arg(0))
	case f.delay <= 0 || f.delay > time.Minute:
		return f, fmt.Errorf("chat: -delay %v: want > 0 and <= 1m", f.delay)
	case f.timeout < 0 || f.timeout > time.Minute:
		return f, fmt.Errorf("chat: -timeout %v: want > 0 and <= 1m", f.timeout)
	case f.background != "" && f.background != "light" && f.background != "dark":
		return f, fmt.Errorf("chat: -background %q: want light or dark", f.background)
	case f.doctor && f.prompt != "":
		return f, errors.New("chat: -doctor and -m do not go together")
	}
	if f.session != "" {
		if err := checkSessionName(f.session); err != nil {
			return f, err
		}
	}
	return f, nil
}

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
	sess := f.startSession(stderr)
	switch {
	case f.doctor:
		return runDoctor(f, sess, stdout, stderr)
	case f.prompt != "":
		return runHeadless(f, sess, stdout, stderr)
	}
	return runTUI(f, sess, stderr)
}

// startSession names the session the chat starts in: -session, or a new
// one.
func (f flags) startSession(stderr io.Writer) session {
	root, err := sessionsRoot()
	if err != nil {
		fmt.Fprintln(stderr, err, "(sessions cannot be saved)")
	}
	id := f.session
	if id == "" {
		id = newSessionID(time.Now())
	}
	return openSession(root, id)
}
