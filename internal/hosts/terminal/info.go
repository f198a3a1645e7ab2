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
)

func (m Mux) String() string { return typedName(m, "Mux", "none", "tmux", "screen") }

// typedName is the String of a typed constant: names[v], else typ(v).
func typedName[T ~uint8](v T, typ string, names ...string) string {
	if int(v) < len(names) {
		return names[v]
	}
	return typ + "(" + strconv.Itoa(int(v)) + ")"
}

// Info is what the environment says about the terminal; the zero value is
// an unknown terminal, no multiplexer.
type Info struct {
	Term string // TERM
	// Program is the terminal as its TERM_PROGRAM spells it ("ghostty",
	// "iTerm.app"), compared case-insensitively; empty when unknown, and
	// always inside tmux, which hides the outer terminal (its markers may be stale).
	Program, Version string
	Mux              Mux
	MuxVersion       string // tmux's, from TERM_PROGRAM_VERSION in its panes
	MuxPane          string // TMUX_PANE ("%3"), which the passthrough probe asks about
}

// Detect reads the terminal from the environment, with no I/O (a query
// would race Bubble Tea's input reader). A TERM only one terminal sets
// (xterm-kitty, xterm-ghostty) wins over TERM_PROGRAM, which kitty inherits
// from whatever started it; markers such as WT_SESSION, which leak into
// terminals started from that one, come last.
func Detect(getenv func(string) string) Info {
	in := Info{Term: getenv("TERM")}
	prog, ver := getenv("TERM_PROGRAM"), getenv("TERM_PROGRAM_VERSION")
	tmuxVersion := ""
	if strings.EqualFold(prog, "tmux") {
		// tmux's own in its panes; outside TMUX, a leftover of a tmux we
		// are no longer inside: the terminal's is unknown either way.
		tmuxVersion, prog, ver = ver, "", ""
	}
	if getenv("TMUX") != "" {
		in.Mux, in.MuxPane, in.MuxVersion = MuxTmux, getenv("TMUX_PANE"), tmuxVersion
		return in
	}
	if getenv("STY") != "" || strings.HasPrefix(in.Term, "screen") {
		in.Mux = MuxScreen
	}
	in.Program, in.Version = program(in.Term, prog, ver, getenv)
	return in
}

func program(termName, prog, ver string, getenv func(string) string) (string, string) {
	byTerm := map[string]string{"xterm-kitty": "kitty", "xterm-ghostty": "ghostty"}[termName]
	switch {
	case byTerm != "" && strings.EqualFold(byTerm, prog):
		return byTerm, ver
	case byTerm != "":
		return byTerm, ""
	case prog != "":
		return prog, ver
	case getenv("GHOSTTY_RESOURCES_DIR") != "":
		return "ghostty", ""
	case getenv("KITTY_WINDOW_ID") != "":
		return "kitty", ""
	case getenv("LC_TERMINAL") == "iTerm2": // survives ssh, unlike TERM_PROGRAM
		return "iTerm.app", getenv("LC_TERMINAL_VERSION")
	case getenv("WT_SESSION") != "":
		return "WindowsTerminal", ""
	case getenv("ConEmuANSI") == "ON" || getenv("ConEmuPID") != "":
		return "ConEmu", getenv("ConEmuBuild")
	case getenv("WEZTERM_PANE") != "":
		return "WezTerm", ""
	case getenv("KONSOLE_VERSION") != "":
		return "konsole", getenv("KONSOLE_VERSION")
	case getenv("VTE_VERSION") != "":
		return "vte", getenv("VTE_VERSION")
	}
	return "", ""
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
