package terminal

import (
	"io"
	"strings"
	"syscall"

	"github.com/charmbracelet/x/term"

	"github.com/hostbridge/hostbridge/internal/core"
)

// Mux is the terminal multiplexer the program runs in, if any. A
// multiplexer sits between the program and the real terminal and decides
// which escape sequences get through.
type Mux uint8

const (
	// MuxNone: the program talks to the terminal directly.
	MuxNone Mux = iota
	// MuxTmux: inside tmux (TMUX is set).
	MuxTmux
	// MuxScreen: inside GNU screen (STY is set, or TERM is screen* without
	// TMUX).
	MuxScreen
)

var muxNames = [...]string{"none", "tmux", "screen"}

func (m Mux) String() string {
	if int(m) < len(muxNames) {
		return muxNames[m]
	}
	return "Mux(" + itoa(int(m)) + ")"
}

// Info is what the environment says about the terminal. Detect fills it;
// the zero value means "an unknown terminal, no multiplexer".
type Info struct {
	// Term is TERM.
	Term string
	// Program is the terminal program, spelt as its TERM_PROGRAM would be
	// ("ghostty", "iTerm.app", "WezTerm", "kitty", "WindowsTerminal",
	// "ConEmu", "vscode", ...); empty when unknown, and always empty inside
	// tmux, which hides the outer terminal. Compared case-insensitively.
	Program string
	// Version is Program's version, when the environment says it.
	Version string
	// Mux is the multiplexer the program runs in.
	Mux Mux
	// MuxVersion is tmux's version (tmux exports TERM_PROGRAM=tmux and
	// TERM_PROGRAM_VERSION into its panes); empty when unknown.
	MuxVersion string
	// MuxPane is TMUX_PANE ("%3"): the pane the passthrough probe asks about.
	MuxPane string
}

// Detect reads what the environment says about the terminal through
// getenv (os.Getenv in a program, a map lookup in a test). It is pure: no
// I/O, no query to the terminal (a query would race Bubble Tea's input
// reader, see PROTOCOLS.md).
//
// TERM values that only one terminal sets (xterm-kitty, xterm-ghostty) win
// over TERM_PROGRAM, which a terminal that does not set it (kitty) inherits
// from whatever started it; markers such as WT_SESSION or KITTY_WINDOW_ID
// come last, as they leak into terminals started from that one. Inside
// tmux the outer terminal is unknown: tmux overwrites TERM_PROGRAM with its
// own name and version, and the markers it passes on may be stale.
func Detect(getenv func(string) string) Info {
	if getenv == nil {
		getenv = func(string) string { return "" }
	}
	in := Info{Term: getenv("TERM")}
	prog, ver := getenv("TERM_PROGRAM"), getenv("TERM_PROGRAM_VERSION")
	if getenv("TMUX") != "" {
		in.Mux, in.MuxPane = MuxTmux, getenv("TMUX_PANE")
		if strings.EqualFold(prog, "tmux") {
			in.MuxVersion = ver
		}
		return in
	}
	if getenv("STY") != "" || strings.HasPrefix(in.Term, "screen") {
		in.Mux = MuxScreen
	}
	if strings.EqualFold(prog, "tmux") {
		prog, ver = "", "" // a leftover of a tmux we are no longer inside
	}
	in.Program, in.Version = program(in.Term, prog, ver, getenv)
	return in
}

// program names the terminal from TERM, TERM_PROGRAM and the markers.
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

// String describes the terminal in one line, for diagnostics (a -doctor
// flag). Values come from the environment and are cleaned before they are
// printed.
func (in Info) String() string {
	var b strings.Builder
	field := func(k, v string) {
		if v = core.Clean(v, 64); v == "" {
			return
		}
		if b.Len() > 0 {
			b.WriteByte(' ')
		}
		b.WriteString(k + "=" + v)
	}
	prog := in.Program
	if prog == "" {
		prog = "unknown"
	}
	field("terminal", prog)
	field("version", in.Version)
	field("TERM", in.Term)
	field("mux", in.Mux.String())
	field("mux-version", in.MuxVersion)
	field("pane", in.MuxPane)
	return b.String()
}

// IsTerminal reports whether w is a terminal: it has a file descriptor
// (an *os.File, a Writer) and that descriptor is a TTY. It reads the
// descriptor through SyscallConn where it can, because os.File.Fd puts
// the file in blocking mode, after which its write deadlines do nothing.
func IsTerminal(w io.Writer) bool {
	if sc, ok := w.(syscall.Conn); ok {
		rc, err := sc.SyscallConn()
		if err != nil {
			return false
		}
		is := false
		if rc.Control(func(fd uintptr) { is = term.IsTerminal(fd) }) != nil {
			return false
		}
		return is
	}
	f, ok := w.(interface{ Fd() uintptr })
	return ok && term.IsTerminal(f.Fd())
}

// itoa keeps String methods free of strconv.
func itoa(n int) string {
	if n < 10 {
		return string(rune('0' + n))
	}
	return itoa(n/10) + string(rune('0'+n%10))
}
