package terminal

import (
	"cmp"
	"io"
	"slices"
	"strconv"
	"strings"
	"syscall"

	"github.com/charmbracelet/x/term"

	"github.com/hostbridge/hostbridge/internal/core"
)

// Mux is the multiplexer between the program and the real terminal, which
// decides what sequences get through (set by Detect).
type Mux uint8

const (
	MuxNone Mux = iota
	MuxTmux
	MuxScreen
	MuxZellij
)

func (m Mux) String() string { return TypedName(m, "Mux", "none", "tmux", "screen", "zellij") }

// TypedName is the String of a typed constant: names[v], else typ(v)
// (hosts.Kind's too).
func TypedName[T ~uint8](v T, typ string, names ...string) string {
	if int(v) < len(names) {
		return names[v]
	}
	return typ + "(" + strconv.Itoa(int(v)) + ")"
}

// Info is what the environment says about the terminal; the zero value is
// an unknown terminal, no multiplexer.
type Info struct {
	Term string // TERM
	// Program is the terminal: a row's ID of the table (terminals.go), or
	// TERM_PROGRAM as spelt when no row has it; compared case-insensitively.
	// Empty when unknown, and always inside tmux, which hides the outer
	// terminal (its markers may be stale): tmux's probe tells it (Outer).
	Program, Version string
	From             string // what recognised it ("TERM=foot", "VTE_VERSION")
	// Remote: the chat runs over ssh (SSH_CONNECTION or SSH_TTY, which
	// sshd sets: openssh/openssh-portable session.c do_setup_env). Only TERM (and
	// LANG, LC_*) crosses ssh, so a terminal whose TERM was set to
	// another's is unknown there: see choose.
	Remote     bool
	Mux        Mux
	MuxVersion string // tmux's, from TERM_PROGRAM_VERSION in its panes
	MuxPane    string // TMUX_PANE ("%3"), which the passthrough probe asks about
}

// Detect reads the terminal from the environment, with no I/O (a query
// would race Bubble Tea's input reader). A TERM only one terminal sets
// (xterm-kitty, foot) wins over TERM_PROGRAM, which kitty inherits from
// whatever started it; markers such as WT_SESSION, which leak into
// terminals started from that one, come last, in the table's order.
// Inside Zellij, TERM and TERM_PROGRAM are the outer terminal's.
func Detect(getenv func(string) string) Info {
	in := Info{Term: getenv("TERM"), Remote: getenv("SSH_CONNECTION") != "" || getenv("SSH_TTY") != ""}
	prog, ver := getenv("TERM_PROGRAM"), getenv("TERM_PROGRAM_VERSION")
	tmuxVersion := ""
	if strings.EqualFold(prog, "tmux") {
		// tmux's own in its panes; outside TMUX, a leftover of a tmux we
		// are no longer inside: the terminal's is unknown either way.
		tmuxVersion, prog, ver = ver, "", ""
	}
	switch {
	case getenv("TMUX") != "":
		in.Mux, in.MuxPane, in.MuxVersion = MuxTmux, getenv("TMUX_PANE"), tmuxVersion
		return in
	case getenv("ZELLIJ") != "" || getenv("ZELLIJ_SESSION_NAME") != "" || getenv("ZELLIJ_PANE_ID") != "":
		in.Mux = MuxZellij
	case getenv("STY") != "" || strings.HasPrefix(in.Term, "screen"):
		in.Mux = MuxScreen
	}
	in.Program, in.Version, in.From = recognise(in.Term, prog, ver, getenv)
	return in
}

// recognise is the terminal's row ID, version and what told it.
func recognise(termName, prog, ver string, getenv func(string) string) (id, version, from string) {
	withVersion := func(r *Row, from string) (string, string, string) {
		v := ""
		if r.VersionVar == "TERM_PROGRAM_VERSION" {
			if r.named(prog) {
				v = ver
			}
		} else if r.VersionVar != "" {
			v = getenv(r.VersionVar)
		}
		return r.ID, v, from
	}
	if r := rowByTerm(termName); r != nil {
		return withVersion(r, "TERM="+termName)
	}
	if prog != "" {
		if r := rowByName(prog); r != nil && !r.Mux {
			return withVersion(r, "TERM_PROGRAM="+prog)
		}
		return prog, ver, "TERM_PROGRAM=" + prog
	}
	if getenv("LC_TERMINAL") == "iTerm2" { // survives ssh, unlike TERM_PROGRAM
		return "iTerm2", getenv("LC_TERMINAL_VERSION"), "LC_TERMINAL=iTerm2"
	}
	for i := range rows {
		for _, m := range rows[i].Markers {
			if !rows[i].Mux && getenv(m) != "" {
				return withVersion(&rows[i], m)
			}
		}
	}
	return "", "", ""
}

// String is the terminal in one line for diagnostics, values cleaned.
func (in Info) String() string {
	var fields []string
	for _, f := range [][2]string{
		{"terminal", cmp.Or(in.Program, "unknown")}, {"version", in.Version}, {"TERM", in.Term},
		{"mux", in.Mux.String()}, {"mux-version", in.MuxVersion}, {"pane", in.MuxPane},
	} {
		if v := core.Clean(f[1], 64); v != "" {
			fields = append(fields, f[0]+"="+v)
		}
	}
	return strings.Join(fields, " ")
}

// IsTerminal reports whether w has a file descriptor that is a TTY, read
// through SyscallConn: os.File.Fd would put the file in blocking mode,
// after which its deadlines do nothing.
func IsTerminal(w io.Writer) bool {
	sc, ok := w.(syscall.Conn)
	if !ok {
		return false
	}
	rc, err := sc.SyscallConn()
	is := false
	return err == nil && rc.Control(func(fd uintptr) { is = term.IsTerminal(fd) }) == nil && is
}

// VersionBelow reports whether the dotted version v comes before min by
// their leading numbers ("3.3a" is 3.3; missing parts are 0; tmux's
// "next-3.7" is the release it leads to). known is false when v does not
// start with a number ("", "openbsd-7.5").
func VersionBelow(v, min string) (below, known bool) {
	a, b := versionParts(v), versionParts(min)
	if len(a) == 0 {
		return false, false
	}
	n := max(len(a), len(b))
	a, b = append(a, make([]int, n-len(a))...), append(b, make([]int, n-len(b))...)
	return slices.Compare(a, b) < 0, true
}

func versionParts(s string) []int {
	var v []int
	for _, f := range strings.Split(strings.TrimPrefix(strings.TrimSpace(s), "next-"), ".") {
		digits := len(f) - len(strings.TrimLeft(f, "0123456789"))
		if digits == 0 {
			break
		}
		n, _ := strconv.Atoi(f[:min(digits, 8)]) // nobody numbers a release higher
		if v = append(v, n); digits < len(f) {
			break
		}
	}
	return v
}
