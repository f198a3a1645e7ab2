package chatscript

import (
	"strings"
	"time"

	"github.com/charmbracelet/x/ansi"

	"github.com/hostbridge/hostbridge/bridge"
)

// Chat is the example chat's state and what it does with a line typed, a
// command, an answer or a step that is due, without a framework: each
// action changes the state and returns the Effects the chat's program
// runs, in order. Each example embeds it in its Bubble Tea model, which
// keeps only the screen (prompt, viewport, styles) and turns Effects into
// its version's Cmds.
type Chat struct {
	Agent  string
	Delay  time.Duration
	Root   string  // where session directories live ("" when nowhere)
	Sess   Session // the session /save writes
	Host   string  // the detected host's name, for the status line
	System string  // the system prompt, shown by /system

	Conv   Conversation
	Turn   *Turn // the running turn, nil when it is your move
	Turns  int   // turns started, to tell a current tick from a stale one
	Ended  int   // turns ended, for the scripted cost
	Failed string
	Model  string
}

// EffectKind is what an Effect asks of the program.
type EffectKind uint8

const (
	// EffectEmit sends Msg to the program: how the chat tells hostbridge
	// (and itself) what happened.
	EffectEmit EffectKind = iota
	// EffectTick is the timer of turn Turn's next step, After from now: a
	// timer of the program's, so the chat runs no goroutine of its own,
	// and a turn that ended or was interrupted just ignores its last one.
	EffectTick
	// EffectQuit ends the program.
	EffectQuit
)

// An Effect is one thing the chat asks its program to do.
type Effect struct {
	Kind  EffectKind
	Msg   any           // EffectEmit
	Turn  int           // EffectTick
	After time.Duration // EffectTick
}

func emit(msg any) Effect { return Effect{Kind: EffectEmit, Msg: msg} }

// HelpText is what /help prints.
const HelpText = `Commands:
  /save           save the session (a JSON transcript in its directory)
  /session NAME   switch to session NAME (loads its transcript if saved)
  /model NAME     switch the scripted model (hosts show model, context, cost)
  /system         show the system prompt
  /quit           quit (or ctrl+c)
A prompt with "approve" asks to run git push (y/n), "ask" asks a question,
"fail" fails, "delegate" runs a sub-agent (y/n), "slow" takes 20 s.
esc interrupts a turn; pgup/pgdown scroll.`

// Init is what the chat does at start: it tells the hosts the model's
// facts once, as a real chat would.
func (m *Chat) Init() []Effect { return []Effect{emit(m.Meta())} }

// Waiting says what the running turn waits for, if anything.
func (m *Chat) Waiting() Wait {
	if m.Turn == nil {
		return WaitNone
	}
	return m.Turn.Waiting
}

// Meta is the model's facts as hosts show them.
func (m *Chat) Meta() bridge.MetaChanged { return Meta(m.Model, &m.Conv, m.Ended) }

func (m *Chat) info(text string) { m.Conv.Add(RoleInfo, text) }

// Submit handles a line typed at the prompt: the answer to a question, a
// command, or a prompt. taken is false when the line was refused (a turn
// is running) and stays in the prompt.
func (m *Chat) Submit(line string) (fx []Effect, taken bool) {
	if m.Waiting() == WaitAnswer && !strings.HasPrefix(line, "/") {
		m.Conv.Add(RoleUser, line)
		return m.Answer(true, line), true
	}
	if strings.HasPrefix(line, "/") {
		return m.Command(line), true
	}
	if m.Turn != nil {
		m.info("A turn is running: wait for it, or press esc to interrupt it.")
		return nil, false
	}
	m.Conv.Add(RoleUser, line)
	m.Failed = ""
	m.Turns++
	m.Turn = NewTurn(m.Turns, line, m.Delay)
	return m.Run(), true
}

// Answer answers what the running turn waits for.
func (m *Chat) Answer(yes bool, text string) []Effect {
	if yes && text == "" {
		m.Conv.Add(RoleUser, "y")
	} else if text == "" {
		m.Conv.Add(RoleUser, "n")
	}
	m.Turn.Reply(yes, text)
	return m.Run()
}

// Interrupt stops the running turn, if there is one (esc).
func (m *Chat) Interrupt() []Effect {
	if m.Turn == nil {
		return nil
	}
	m.Turn.Stop()
	return m.Run()
}

// Step runs turn id's steps that are due, when its timer fires: nothing
// for a turn that ended or waits for you.
func (m *Chat) Step(id int) []Effect {
	if m.Turn == nil || id != m.Turn.ID || m.Turn.Waiting != WaitNone {
		return nil
	}
	return m.Run()
}

// Run runs the turn's steps that are due, and returns the messages they
// emit, in order, followed by the timer of the next step.
func (m *Chat) Run() []Effect {
	t := m.Turn
	steps, next, more := t.Due()
	var fx []Effect
	for _, s := range steps {
		if s.Note != "" {
			m.Conv.Add(RoleTool, s.Note)
		}
		if s.Ask != "" && s.Wait == WaitAnswer {
			m.Conv.Add(RoleAsk, s.Ask)
		} else if s.Ask != "" {
			m.Conv.Add(RoleAsk, s.Ask+" (y/n)")
		}
		if s.Say != "" {
			m.Conv.Say(s.Say)
		}
		if s.Fail != "" {
			m.Conv.Add(RoleError, s.Fail)
			m.Failed = s.Fail
		}
		for _, msg := range s.Emit {
			fx = append(fx, emit(msg))
		}
		if s.Done {
			m.Turn = nil
			m.Ended++
			fx = append(fx, emit(m.Meta()))
		}
	}
	if more {
		fx = append(fx, Effect{Kind: EffectTick, Turn: t.ID, After: next})
	}
	return fx
}

// Command runs a slash command.
func (m *Chat) Command(line string) []Effect {
	name, arg, _ := strings.Cut(line, " ")
	arg = strings.TrimSpace(arg)
	switch name {
	case "/quit", "/exit":
		return []Effect{{Kind: EffectQuit}}
	case "/help":
		m.info(HelpText)
	case "/system":
		m.Conv.Add(RoleSystem, m.System)
	case "/save":
		return m.save()
	case "/session":
		return m.switchSession(arg)
	case "/model":
		if arg == "" {
			m.info("The model is " + m.Model + ". /model NAME switches it.")
			return nil
		}
		m.Model = arg
		m.info("The model is now " + arg + ".")
		return []Effect{emit(m.Meta())}
	default:
		m.info("Unknown command " + name + ": /help lists them.")
	}
	return nil
}

// save writes the transcript and tells hostbridge the session was saved.
func (m *Chat) save() []Effect {
	err := m.Sess.Save(Transcript{
		ID: m.Sess.ID, Agent: m.Agent, Model: m.Model, Saved: time.Now().UTC(),
		Messages: m.Conv.Entries,
	})
	if err != nil {
		m.Conv.Add(RoleError, err.Error())
		return nil
	}
	m.info("Saved session " + m.Sess.ID + " in " + m.Sess.Dir + ".")
	return []Effect{emit(bridge.SessionSaved{ID: m.Sess.ID, Dir: m.Sess.Dir})}
}

// switchSession makes the chat write into another session, with that
// session's saved conversation if it has one.
func (m *Chat) switchSession(name string) []Effect {
	switch {
	case name == "":
		m.info("This is session " + m.Sess.ID + ". /session NAME switches.")
		return nil
	case m.Turn != nil:
		m.info("A turn is running: switch sessions once it has ended.")
		return nil
	}
	if err := CheckSessionName(name); err != nil {
		m.Conv.Add(RoleError, err.Error())
		return nil
	}
	next := OpenSession(m.Root, name)
	history, err := next.Load()
	if err != nil {
		m.Conv.Add(RoleError, err.Error())
		return nil
	}
	m.Sess, m.Conv, m.Failed = next, Conversation{Entries: history}, ""
	m.info("Switched to session " + name + ".")
	return []Effect{
		emit(bridge.SessionSaved{ID: next.ID, Dir: next.Dir, Switched: true}),
		emit(m.Meta()),
	}
}

// Placeholder is what the prompt shows when it is empty, and whether it
// takes text: it is blurred while a y/n answer is expected.
func (m *Chat) Placeholder() (text string, focused bool) {
	switch m.Waiting() {
	case WaitApproval, WaitSubAgent:
		return "press y or n", false
	case WaitAnswer:
		return "type your answer and press enter", true
	}
	return "Ask something: try approve, ask, fail, slow, delegate; /help", true
}

// Tone is how a status is coloured.
type Tone uint8

const (
	ToneSuccess   Tone = iota // ready
	ToneBusy                  // working
	ToneWarning               // needs you
	ToneError                 // failed
	ToneMuted                 // tool notes, the system prompt, info
	ToneUser                  // what you typed
	ToneAssistant             // what the model said
)

// Status is the state the status line shows on its left.
func (m *Chat) Status() (string, Tone) {
	switch {
	case m.Waiting() == WaitApproval:
		return "● needs you: approve " + ApproveTool + ": " + ApproveWhat + " (y/n)", ToneWarning
	case m.Waiting() == WaitSubAgent:
		return "● needs you: sub-agent: " + SubWaitsOn + " (y/n)", ToneWarning
	case m.Waiting() == WaitAnswer:
		return "● needs you: answer the question", ToneWarning
	case m.Turn != nil:
		return "● working (esc interrupts)", ToneBusy
	case m.Failed != "":
		return "● failed: " + m.Failed, ToneError
	}
	return "● ready", ToneSuccess
}

// Facts is what the status line shows on its right: the host and the
// session's facts.
func (m *Chat) Facts() string {
	meta := m.Meta()
	return strings.Join([]string{
		"host " + m.Host, "session " + m.Sess.ID, meta.Model, meta.Context, meta.Cost,
	}, " · ")
}

// StatusLine lays out a status line width cells wide: state on the left,
// facts on the right (both already styled), facts cut first, and state
// alone when there is no room for them.
func StatusLine(state, facts string, width int) string {
	room := width - ansi.StringWidth(state) - 1
	if room < 8 {
		return ansi.Truncate(state, width, "…")
	}
	facts = ansi.Truncate(facts, room, "…")
	return state + strings.Repeat(" ", room+1-ansi.StringWidth(facts)) + facts
}
