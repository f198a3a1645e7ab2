package chatscript

import (
	"errors"
	"flag"
	"fmt"
	"io"
	"time"
)

// Exit codes; a signal gives 128 plus its number, as a shell reports it.
const (
	ExitOK          = 0
	ExitFailed      = 1 // a headless turn failed, or the program did
	ExitUsage       = 2
	ExitInterrupted = 128 + 2  // SIGINT
	ExitTerminated  = 128 + 15 // SIGTERM

)

// Flags are the command line, the same for the v1 and the v2 chat.
type Flags struct {
	Prompt     string
	Delay      time.Duration
	Agent      string
	Notify     bool
	Background string
	Profile    Profile
	Session    string
	Doctor     bool
	Timeout    time.Duration // 0: the profile's
	// EveryReport: hosts get every state, none replaced by a newer one
	// while a host is busy, so a test can compare what a host got with
	// what the chat did, whatever the machine's load.
	EveryReport bool
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

// ParseFlags reads the command line. flag.ErrHelp means -help was asked.
func ParseFlags(args []string, stderr io.Writer) (Flags, error) {
	f := Flags{Delay: time.Second, Agent: "chat", Notify: true}
	fs := flag.NewFlagSet("chat", flag.ContinueOnError)
	fs.SetOutput(stderr)
	fs.Usage = func() {
		fmt.Fprint(stderr, usageText)
		fs.PrintDefaults()
	}
	fs.StringVar(&f.Prompt, "m", "", "run one turn with this `prompt`, without the TUI, and exit")
	fs.DurationVar(&f.Delay, "delay", f.Delay, "how long a scripted turn takes")
	fs.StringVar(&f.Agent, "agent", f.Agent, "the agent `name` hosts show")
	fs.BoolVar(&f.Notify, "notify", f.Notify, "ping (a desktop notification) when the chat needs you while the terminal is not focused")
	fs.StringVar(&f.Background, "background", "", "`light` or dark: override the terminal's background answer")
	fs.Var(&f.Profile, "profile", "`iota` (the default) or mendcode: the reference host behaviour to give")
	fs.StringVar(&f.Session, "session", "", "start in session `NAME` (default: a new one)")
	fs.BoolVar(&f.Doctor, "doctor", false, "print what was detected and exit")
	fs.DurationVar(&f.Timeout, "timeout", 0, "bound on each report to a host (default: 500ms, 2s with -profile mendcode)")
	fs.BoolVar(&f.EveryReport, "every-report", false, "send hosts every state, none skipped while a host is busy (for tests)")
	if err := fs.Parse(args); err != nil {
		return f, err
	}
	switch {
	case fs.NArg() > 0:
		return f, fmt.Errorf("chat: unexpected argument %q (a prompt goes after -m)", fs.Arg(0))
	case f.Delay <= 0 || f.Delay > time.Minute:
		return f, fmt.Errorf("chat: -delay %v: want > 0 and <= 1m", f.Delay)
	case f.Timeout < 0 || f.Timeout > time.Minute:
		return f, fmt.Errorf("chat: -timeout %v: want > 0 and <= 1m", f.Timeout)
	case f.Background != "" && f.Background != "light" && f.Background != "dark":
		return f, fmt.Errorf("chat: -background %q: want light or dark", f.Background)
	case f.Doctor && f.Prompt != "":
		return f, errors.New("chat: -doctor and -m do not go together")
	}
	if f.Session != "" {
		if err := CheckSessionName(f.Session); err != nil {
			return f, err
		}
	}
	return f, nil
}

// StartSession names the session the chat starts in: -session, or a new
// one.
func (f Flags) StartSession(stderr io.Writer) Session {
	root, err := SessionsRoot()
	if err != nil {
		fmt.Fprintln(stderr, err, "(sessions cannot be saved)")
	}
	id := f.Session
	if id == "" {
		id = NewSessionID(time.Now())
	}
	return OpenSession(root, id)
}
