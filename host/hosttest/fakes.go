package hosttest

import (
	"time"

	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// A Rig is what a kit runs a program against, made from the kit's options:
// a captured Terminal, the fakes among the options, and the environment
// they give the program. A kit passes Env to the program's hostbridge,
// writes its output to Terminal, and compares Transcript with a golden
// file.
type Rig struct {
	Terminal *Terminal
	// Env is what detection reads: a terminal that is WezTerm
	// (TERM=xterm-256color, TERM_PROGRAM=WezTerm: on no known-bad list, no
	// keep-alive), the fakes' variables over it (cmux's PATH holds the fake
	// cmux alone; tmux's the fake tmux, and wins over cmux's), then WithEnv's.
	// Never the process's own environment: TMUX is never inherited.
	Env           map[string]string
	Width, Height int           // WithSize
	Timeout       time.Duration // WithTimeout
	Kit           []any         // the values of KitOption, in order

	r *fakehost.Rig
}

// NewRig makes a Rig from a kit's options.
func NewRig(opts ...Option) *Rig {
	r := fakehost.NewRig(fakeOpts(opts)...)
	term := &Terminal{}
	r.Terminal = &term.t
	return &Rig{Terminal: term, Env: r.Env, Width: r.Width, Height: r.Height,
		Timeout: r.Timeout, Kit: r.Kit, r: r}
}

// Transcript returns what the hosts were told so far, as a golden file
// holds it: a section per host in a fixed order (terminal, herdr, tuios,
// cmux, tmux), so how their deliveries interleaved cannot show, each in the
// order that host received its lines, a blank line between sections, "<host>
// (nothing)" for a host told nothing. Ids, paths, times and seq values
// that change between runs are replaced by labels such as <cmux-workspace>.
func (r *Rig) Transcript() string { return r.r.Transcript() }

// Terminal is a fake plain terminal: an io.Writer that reads the sequences
// hostbridge sends a terminal into transcript lines:
//
//	terminal progress 3                  OSC 9;4;3 (a turn is running)
//	terminal progress 4;100              OSC 9;4;4;100 (the model needs you)
//	terminal ping "approve shell: ls"    OSC 9;<text> (a notification)
//	terminal ping "done" (OSC 99 "o=unfocused")       kitty's OSC 99, its metadata quoted
//	terminal ping "done" (OSC 777 title "chat")       OSC 777;notify;<title>;<body>
//	terminal progress 0 via tmux         inside tmux's DCS passthrough
//	terminal ping "done" via screen      inside GNU screen's DCS passthrough
//	terminal bell                        BEL (0x07) outside a sequence
//	terminal overlong                    a sequence past 16 KiB, dropped
//
// x/ansi's DecodeSequence reads the stream, split across writes anywhere,
// as a 7-bit VT parser (8-bit C1 bytes are text, as in UTF-8 terminals);
// the passthroughs are unwrapped here and their content read as a stream
// of its own. A line holds the body as written, control characters
// quoted. The zero value is ready, and safe for concurrent use.
type Terminal struct{ t fakehost.Terminal }

// Write reads the sequences in p. It never fails.
func (c *Terminal) Write(p []byte) (int, error) { return c.t.Write(p) }

// Transcript returns a line per sequence read so far, in the order written.
func (c *Terminal) Transcript() []string { return c.t.Transcript() }

// herdr, tuios, cmux and tmux: the fakes, each an Option of a kit.

// Herdr is a fake herdr: one request per connection, answered as herdr
// 0.8 (protocol 20) answers pane.report_agent, pane.report_agent_session,
// pane.release_agent and pane.report_metadata (src/app/api/panes.rs),
// keeping the pane's agent state. It serves the pane Env describes.
type Herdr struct {
	option
	f *fakehost.Herdr
}

// HerdrPane is what the fake knows of a pane's agent.
type HerdrPane struct {
	// State is the state reported ("idle", "working", "blocked",
	// "unknown"); "" before the first report and after a release.
	State    string
	Message  string
	Agent    string // the agent holding the pane, or that last held it
	Source   string
	Released bool // the holder released the pane
	// From the last session report, or a state report with a session.
	SessionID, SessionPath, SessionStart string
	Tokens                               map[string]string // metadata tokens
	// StateLabels are the words the pane shows instead of herdr's own for
	// a state ("done": "failed"), as pane.report_metadata set them.
	StateLabels map[string]string
}

// NewHerdr starts a fake herdr on a fresh Unix socket, stopped at t's
// cleanup. Call it from the test's goroutine. Its first pane is "w1:p2"
// unless WithEnv sets HERDR_PANE_ID; any other pane is answered
// pane_not_found.
func NewHerdr(t TB, opts ...Option) *Herdr {
	t.Helper()
	f := fakehost.NewHerdr(t, fakeOpts(opts)...)
	return &Herdr{f, f}
}

// Env is the environment herdr gives a program in its pane, with
// WithEnv's variables over it. The map is the caller's.
func (h *Herdr) Env() map[string]string { return h.f.Env() }

// Pane returns what the fake knows of its first pane.
func (h *Herdr) Pane() HerdrPane { return HerdrPane(h.f.Pane()) }

// Transcript lists the requests that changed a pane, a line each, without
// seq values, ids or times:
//
//	herdr pane.report_agent blocked "approve shell: git push"
//	herdr pane.report_agent_session
//	herdr pane.report_metadata cost=(clear) model="opus"
//	herdr pane.report_metadata state_label:done="failed"
//	herdr pane.report_metadata state_labels=(clear)
//	herdr pane.release_agent
//
// A request for a pane other than the first names it second:
// "herdr w1:p5 pane.report_agent working" (quoted when it has blanks).
func (h *Herdr) Transcript() []string { return h.f.Transcript() }

// Tuios is a fake tuios daemon: it speaks tuios's JSON verbs (hello,
// set-agent-state, set-agent-meta, report-agent-activity, get-agent-state)
// on lasting connections and keeps a pane's agent state, rail facts and
// sub-agents as tuios does. Like the daemon, it refuses a parameter it does
// not know with invalid_params, and the test fails at cleanup if a request
// was refused that way or was not a JSON request.
type Tuios struct {
	option
	f *fakehost.Tuios
}

// TuiosPane is what the fake holds for its pane, as tuios does.
type TuiosPane struct {
	// State is the agent state (none, working, needs_input, idle, done,
	// errored); Message, Source and Harness go with it.
	State, Message, Source, Harness string
	// Meta is the rail facts, key to value; MetaOrder their keys in the
	// order they first came.
	Meta      map[string]string
	MetaOrder []string
}

// NewTuios starts a fake daemon on a fresh socket, stopped at t's cleanup,
// with one pane: session "main" and a random window id unless WithEnv sets
// TUIOS_SESSION or TUIOS_PANE_ID.
func NewTuios(t TB, opts ...Option) *Tuios {
	t.Helper()
	f := fakehost.NewTuios(t, fakeOpts(opts)...)
	return &Tuios{f, f}
}

// Env is the environment tuios gives a pane: TUIOS_ENV, TUIOS_SOCKET,
// TUIOS_SESSION, TUIOS_PANE_ID and TUIOS_WINDOW_ID, with WithEnv's
// variables over them. The map is the caller's.
func (f *Tuios) Env() map[string]string { return f.f.Env() }

// Pane returns a copy of the pane's state.
func (f *Tuios) Pane() TuiosPane {
	p := f.f.Pane()
	return TuiosPane{State: p.State, Message: p.Message, Source: p.Source, Harness: p.Harness,
		Meta: p.Meta, MetaOrder: p.MetaOrder}
}

// Transcript renders every request as a line, without ids or times:
// `tuios set-agent-state working`, `tuios set-agent-meta model="opus"
// cost=null`, `tuios report-agent-activity subagent_start a1
// type="explore"`. One not answered with a result ends in " -> <Answer>".
func (f *Tuios) Transcript() []string { return f.f.Transcript() }

// Cmux is a fake cmux CLI: a sh script named cmux in a directory of its
// own that records the arguments of every call and succeeds, as cmux
// does; a Rig's Env has that directory first on PATH. It needs a POSIX sh
// (not on Windows). Its methods are safe for concurrent use, and the
// script may run in many processes at once.
type Cmux struct {
	option
	f *fakehost.Cmux
}

// NewCmux writes the fake into a fresh directory, removed at t's cleanup.
// Its surface and workspace ids are random UUIDs unless WithEnv sets
// CMUX_SURFACE_ID or CMUX_WORKSPACE_ID.
func NewCmux(t TB, opts ...Option) *Cmux {
	t.Helper()
	f := fakehost.NewCmux(t, fakeOpts(opts)...)
	return &Cmux{f, f}
}

// Transcript renders every call as a line (nil when there are none), as
// it would be typed: "cmux set-status chat Running --icon bolt.fill
// --color #4C8DFF"; an argument with blanks or quotes is quoted (%q).
func (c *Cmux) Transcript() []string { return c.f.Transcript() }

// Tmux is a fake tmux client: a sh script named tmux in a directory of its
// own that records the arguments of every call and succeeds, answering
// "display-message" (the probe's question: allow-passthrough first) with
// "off", as tmux's default. Its Env (in Rig.Env) puts the chat
// in pane %1 of a server whose socket is in that directory, so hostbridge
// keeps its pane options there. For the real tmux, see the e2e tests of
// examples/chat. It needs a POSIX sh (not on Windows).
type Tmux struct {
	option
	f *fakehost.Tmux
}

// NewTmux writes the fake into a fresh directory, removed at t's cleanup.
func NewTmux(t TB, opts ...Option) *Tmux {
	t.Helper()
	f := fakehost.NewTmux(t, fakeOpts(opts)...)
	return &Tmux{f, f}
}

// Transcript renders every call that changes the pane (not the questions
// the terminal asks, whose moment depends on another host's worker) as a
// line: "tmux set @hostbridge_state=working @hostbridge_agent=chat
// @hostbridge_text=""" for one exec that sets options, "tmux unset
// @hostbridge_state @hostbridge_agent @hostbridge_text" for one that
// unsets them; a value with blanks or quotes is quoted (%q). Anything
// else is shown as typed.
func (f *Tmux) Transcript() []string { return f.f.Transcript() }
