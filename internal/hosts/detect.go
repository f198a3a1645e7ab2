package hosts

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hostbridge/hostbridge/internal/core"
	"github.com/hostbridge/hostbridge/internal/hosts/hostio"
	"github.com/hostbridge/hostbridge/internal/hosts/terminal"
	"github.com/hostbridge/hostbridge/internal/settings"
)

// Detection is the innermost host found (Kind Terminal if none) and the
// problems with host variables.
type Detection struct {
	Host     Host
	Problems []*Problem
}

// Problem is a malformed host variable, or HERDR_ENV turning herdr off.
// Ignored: the host is used without it; else the plain terminal is.
type Problem struct {
	Host        Kind
	Var, Reason string
	Ignored     bool
}

func (p *Problem) Error() string {
	then := "; using the plain terminal"
	switch {
	case p.Host == Tmux:
		then = "; no tmux pane options"
	case p.Ignored:
		then = "; ignored"
	}
	return p.Host.String() + ": " + p.Var + " " + p.Reason + then
}

// ErrMalformed is wrapped by every Problem.
var ErrMalformed = errors.New("malformed host variable")

func (p *Problem) Unwrap() error { return ErrMalformed }

// Detect finds the innermost host from the environment getenv reads (its
// sockets must exist now, cmux must be on its PATH), trying herdr, tuios,
// then cmux: a herdr pane inside cmux carries the cmux variables of where
// herdr's server started. If that host's variables are malformed, a Problem
// says why and the chat uses the plain terminal, not a stale outer host.
// herdr needs HERDR_ENV=1 (Settings.HerdrPaneVars waives it); a pane with
// tuios's variables too is tuios's, which answers herdr's API (HerdrAPI),
// unless HERDR_ENV=1 and HERDR_SOCKET_PATH is not tuios's socket. Inside
// tmux, Host.Tmux names the pane whatever the innermost host.
func Detect(s settings.Settings) Detection {
	r := &reader{getenv: s.Getenv, s: s}
	for _, try := range []func(*reader) (Host, bool){detectHerdr, detectTuios, detectCmux} {
		r.ok = true
		if h, found := try(r); found {
			if r.ok {
				r.d.Host = h
			}
			break
		}
	}
	r.d.Host.Terminal = terminal.Detect(s.Getenv)
	r.d.Host.Tmux = detectTmux(r, r.d.Host.Terminal)
	return r.d
}

// reader reads a host's variables; ok turns false at a problem.
type reader struct {
	getenv func(string) string
	s      settings.Settings
	d      Detection
	ok     bool
}

func (r *reader) problem(k Kind, name, reason string) {
	r.d.Problems = append(r.d.Problems, &Problem{Host: k, Var: name, Reason: reason})
	r.ok = false
}

func (r *reader) hasHerdrVars() bool {
	return r.getenv("HERDR_ENV") == "1" || r.getenv("HERDR_SOCKET_PATH") != "" && r.getenv("HERDR_PANE_ID") != ""
}

func detectHerdr(r *reader) (Host, bool) {
	if !r.hasHerdrVars() {
		return Host{}, false
	}
	if r.getenv("TUIOS_ENV") == "1" && (r.getenv("HERDR_ENV") != "1" || r.getenv("HERDR_SOCKET_PATH") == r.getenv("TUIOS_SOCKET")) {
		return Host{}, false // a tuios pane speaking herdr's API: detectTuios takes it
	}
	// No reports without HERDR_ENV=1, as herdr asks (v0.8.2 docs
	// integrations.mdx; its hooks check it); the outer hosts' variables are
	// then herdr's server's, stale: the plain terminal.
	if v := r.getenv("HERDR_ENV"); v != "1" && !r.s.HerdrPaneVars {
		is := "is not set"
		if v != "" {
			is = "is " + hostio.Quote(v)
		}
		r.problem(Herdr, "HERDR_ENV", is+": herdr asks integrations to report only with HERDR_ENV=1")
		return Host{}, true
	}
	return r.readHerdr(), true
}

func (r *reader) readHerdr() Host {
	h := Host{
		Kind:      Herdr,
		Pane:      r.id(Herdr, "HERDR_PANE_ID", true, false),
		Workspace: r.id(Herdr, "HERDR_WORKSPACE_ID", false, false),
		Tab:       r.id(Herdr, "HERDR_TAB_ID", false, false),
		Socket:    r.socket(Herdr, "HERDR_SOCKET_PATH"),
		HerdrCLI:  r.s.GOOS == "windows",
	}
	if bin := r.getenv("HERDR_BIN_PATH"); bin != "" {
		if !filepath.IsAbs(bin) || hostio.HasControl(bin) {
			// Only the Windows transport needs it: reported, herdr kept.
			r.d.Problems = append(r.d.Problems, &Problem{Host: Herdr, Var: "HERDR_BIN_PATH", Reason: "is not an absolute path", Ignored: true})
		} else {
			h.Bin = bin
		}
	}
	return h
}

func detectTuios(r *reader) (Host, bool) {
	if r.getenv("TUIOS_ENV") != "1" {
		return Host{}, false
	}
	h := Host{Kind: Tuios, Session: r.id(Tuios, "TUIOS_SESSION", true, true), Pane: r.id(Tuios, "TUIOS_PANE_ID", true, false),
		TuiosSocket: r.socket(Tuios, "TUIOS_SOCKET"), TuiosStall: r.getenv("TUIOS_AGENT_STALL_SECONDS")}
	if r.hasHerdrVars() {
		hh := r.readHerdr()
		h.HerdrAPI, h.Socket, h.HerdrPane = true, hh.Socket, hh.Pane
	}
	return h, true
}

func detectCmux(r *reader) (Host, bool) {
	if r.getenv("CMUX_SURFACE_ID") == "" {
		return Host{}, false
	}
	// The ids first, then PATH: problems are listed in the order the
	// host's variables are read, as herdr's and tuios's are.
	h := Host{Kind: Cmux, Surface: r.id(Cmux, "CMUX_SURFACE_ID", true, false),
		Workspace: r.id(Cmux, "CMUX_WORKSPACE_ID", false, false)}
	bin, err := hostio.LookPath(r.getenv, "cmux")
	if err != nil {
		r.problem(Cmux, "PATH", "has no cmux executable")
	}
	h.Bin = bin
	return h, true
}

// maxID bounds an id: hosts use short opaque strings ("w1:p2", a UUID).
const maxID = 256

// id reads an opaque id: a control character, a blank or a long one would
// corrupt a command line or a JSON field, a leading '-' reads as a flag
// (herdr's CLI takes "--help" in the pane's place, with no "--" there). A
// tuios session name may hold blanks (tuios's ValidateSessionName,
// internal/session/resurrection.go) and goes as it is.
func (r *reader) id(k Kind, name string, required, session bool) string {
	v := r.getenv(name)
	switch {
	case v == "" && required:
		r.problem(k, name, "is empty")
	case len(v) > maxID:
		r.problem(k, name, "is longer than 256 bytes")
	case session && (!utf8.ValidString(v) || hostio.HasControl(v)):
		r.problem(k, name, "contains a control character")
	case session:
		return v
	case strings.HasPrefix(v, "-"):
		r.problem(k, name, "starts with '-', which a command line would read as a flag")
	case strings.IndexFunc(v, func(c rune) bool { return unicode.IsControl(c) || unicode.IsSpace(c) || c == utf8.RuneError }) >= 0,
		core.Clean(v, 0) != v: // also invisible format characters, which a host may refuse
		r.problem(k, name, "contains a control character or white space")
	default:
		return v
	}
	return ""
}

// socket reads a socket path: absolute, and a socket that exists now.
func (r *reader) socket(k Kind, name string) string {
	v := r.getenv(name)
	switch {
	case v == "":
		r.problem(k, name, "is empty")
	case hostio.HasControl(v):
		r.problem(k, name, "contains a control character")
	case !filepath.IsAbs(v):
		r.problem(k, name, "is not an absolute path: "+hostio.Quote(v))
	default:
		fi, err := os.Stat(v)
		switch {
		case err != nil:
			r.problem(k, name, "names no socket: "+hostio.Quote(v))
		case k == Herdr && r.s.GOOS == "windows" && fi.Mode().IsRegular():
			return v // herdr's marker file beside its named pipe (v0.8.2 src/ipc.rs bind_local_listener)
		case fi.Mode().Type() != fs.ModeSocket:
			r.problem(k, name, "is not a socket: "+hostio.Quote(v))
		default:
			return v
		}
	}
	return ""
}
