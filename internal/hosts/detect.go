package hosts

import (
	"errors"
	"io/fs"
	"os"
	"os/exec"
	"path/filepath"
	"runtime"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hostbridge/hostbridge/internal/core"
)

// Env is what detection reads: the environment and two questions about the
// file system. Each nil field means the real thing (os.Getenv, os.Stat,
// and a search of Getenv's PATH), so tests can make detection a pure
// function.
type Env struct {
	Getenv   func(string) string
	Stat     func(string) (fs.FileInfo, error)
	LookPath func(string) (string, error)
}

// OSEnv is the process's real environment.
func OSEnv() Env { return Env{}.withDefaults() }

// MapEnv returns an Env that reads variables from m and finds every socket
// and executable it is asked about, for examples and tests.
func MapEnv(m map[string]string) Env {
	return Env{
		Getenv:   func(k string) string { return m[k] },
		Stat:     func(string) (fs.FileInfo, error) { return socketInfo{}, nil },
		LookPath: func(name string) (string, error) { return "/usr/bin/" + name, nil },
	}
}

func (e Env) withDefaults() Env {
	if e.Getenv == nil {
		e.Getenv = os.Getenv
	}
	if e.Stat == nil {
		e.Stat = os.Stat
	}
	if e.LookPath == nil {
		getenv := e.Getenv
		e.LookPath = func(name string) (string, error) { return lookPath(getenv, name) }
	}
	return e
}

// lookPath finds an executable on the PATH getenv gives, which may not be
// the process's (exec.LookPath reads only that one).
func lookPath(getenv func(string) string, name string) (string, error) {
	if runtime.GOOS == "windows" || getenv("PATH") == os.Getenv("PATH") {
		return exec.LookPath(name)
	}
	for _, dir := range filepath.SplitList(getenv("PATH")) {
		if dir == "" || !filepath.IsAbs(dir) {
			continue // a relative entry is no safer here than in os/exec
		}
		p := filepath.Join(dir, name)
		if fi, err := os.Stat(p); err == nil && fi.Mode().IsRegular() && fi.Mode()&0o111 != 0 {
			return p, nil
		}
	}
	return "", &exec.Error{Name: name, Err: exec.ErrNotFound}
}

// Detection is which host the chat runs in, and why any other was passed
// over.
type Detection struct {
	// Host is the innermost host found; Host.Kind is Terminal when none was.
	Host Host
	// Problems lists the host variables that were present but unusable.
	// Each one made detection fall back to the plain terminal.
	Problems []*Problem
}

// Problem is a malformed host variable: which one, and what is wrong.
type Problem struct {
	Host   Kind
	Var    string
	Reason string
	// Ignored is set when only this variable was left out and the host is
	// still used; otherwise detection fell back to the plain terminal.
	Ignored bool
}

func (p *Problem) Error() string {
	if p.Ignored {
		return p.Host.String() + ": " + p.Var + " " + p.Reason + "; ignored"
	}
	return p.Host.String() + ": " + p.Var + " " + p.Reason + "; using the plain terminal"
}

// ErrMalformed is wrapped by every Problem (errors.Is(p, ErrMalformed)).
var ErrMalformed = errors.New("malformed host variable")

// Unwrap makes a Problem match ErrMalformed.
func (p *Problem) Unwrap() error { return ErrMalformed }

// Detect finds the innermost host from the environment. It runs inside
// out: herdr, then tuios, then cmux. The first host whose marker is present
// is the one: a herdr pane inside a cmux window carries the cmux variables
// of wherever the herdr server started, so they are never used there. If
// that host's variables are malformed, the chat uses the plain terminal
// (rather than an outer host whose variables are stale) and the Problem
// says why.
//
// A pane that carries both tuios and herdr variables is a tuios pane when
// HERDR_ENV is not 1 or when HERDR_SOCKET_PATH is tuios's own socket: tuios
// sets herdr's variables in its panes because it answers herdr's socket
// API, and states then go over that API (Host.HerdrAPI). With HERDR_ENV=1
// and a socket of its own, herdr runs inside tuios and is the inner host.
func Detect(e Env) Detection {
	e = e.withDefaults()
	var d Detection
	for _, try := range []func(Env, *Detection) bool{detectHerdr, detectTuios, detectCmux} {
		if try(e, &d) {
			break
		}
	}
	d.Host.Terminal = detectTerminal(e)
	return d
}

// hasHerdrVars reports whether herdr's pane variables are present at all.
func hasHerdrVars(e Env) bool {
	return e.Getenv("HERDR_ENV") == "1" ||
		(e.Getenv("HERDR_SOCKET_PATH") != "" && e.Getenv("HERDR_PANE_ID") != "")
}

func inTuios(e Env) bool { return e.Getenv("TUIOS_ENV") == "1" }

func detectHerdr(e Env, d *Detection) bool {
	if !hasHerdrVars(e) {
		return false
	}
	if inTuios(e) && (e.Getenv("HERDR_ENV") != "1" || e.Getenv("HERDR_SOCKET_PATH") == e.Getenv("TUIOS_SOCKET")) {
		return false // a tuios pane speaking herdr's API: detectTuios takes it
	}
	h, ok := readHerdr(e, d)
	if ok {
		h.Kind = Herdr
		d.Host = h
	}
	return true
}

// readHerdr reads and checks herdr's pane variables.
func readHerdr(e Env, d *Detection) (Host, bool) {
	var h Host
	ok := true
	h.Pane, ok = id(e, d, Herdr, "HERDR_PANE_ID", true, ok)
	h.Workspace, ok = id(e, d, Herdr, "HERDR_WORKSPACE_ID", false, ok)
	h.Tab, ok = id(e, d, Herdr, "HERDR_TAB_ID", false, ok)
	h.Socket, ok = socket(e, d, Herdr, "HERDR_SOCKET_PATH", ok)
	if bin := e.Getenv("HERDR_BIN_PATH"); bin != "" {
		if !filepath.IsAbs(bin) || hasControl(bin) {
			// Only the Windows transport needs it; report, do not fall back.
			d.Problems = append(d.Problems, &Problem{Host: Herdr, Var: "HERDR_BIN_PATH",
				Reason: "is not an absolute path", Ignored: true})
		} else {
			h.Bin = bin
		}
	}
	return h, ok
}

func detectTuios(e Env, d *Detection) bool {
	if !inTuios(e) {
		return false
	}
	var h Host
	ok := true
	h.Kind = Tuios
	h.Session, ok = sessionName(e, d, "TUIOS_SESSION", ok)
	h.Pane, ok = id(e, d, Tuios, "TUIOS_PANE_ID", true, ok)
	h.TuiosSocket, ok = socket(e, d, Tuios, "TUIOS_SOCKET", ok)
	if hasHerdrVars(e) {
		hh, hok := readHerdr(e, d)
		if hok {
			h.HerdrAPI = true
			h.Socket, h.HerdrPane = hh.Socket, hh.Pane
		}
		ok = ok && hok
	}
	if ok {
		d.Host = h
	}
	return true
}

func detectCmux(e Env, d *Detection) bool {
	if e.Getenv("CMUX_SURFACE_ID") == "" {
		return false
	}
	var h Host
	ok := true
	h.Kind = Cmux
	h.Surface, ok = id(e, d, Cmux, "CMUX_SURFACE_ID", true, ok)
	h.Workspace, ok = id(e, d, Cmux, "CMUX_WORKSPACE_ID", false, ok)
	bin, err := e.LookPath("cmux")
	if err != nil {
		d.Problems = append(d.Problems, &Problem{Host: Cmux, Var: "PATH", Reason: "has no cmux executable"})
		ok = false
	}
	h.Bin = bin
	if ok {
		d.Host = h
	}
	return true
}

// maxID bounds an id: hosts use short opaque strings ("w1:p2", a UUID).
const maxID = 256

// id reads an opaque id. An id with a control character, a space or an
// unreasonable length would corrupt a command line or a JSON field, so it is
// a problem; so is a required id that is empty, and one that starts with
// '-', which a host's command line reads as a flag (herdr's CLI takes
// "--help" in the pane's place as a help request and has no "--" there).
func id(e Env, d *Detection, k Kind, name string, required, ok bool) (string, bool) {
	v := e.Getenv(name)
	var reason string
	switch {
	case v == "" && required:
		reason = "is empty"
	case len(v) > maxID:
		reason = "is longer than 256 bytes"
	case strings.HasPrefix(v, "-"):
		reason = "starts with '-', which a command line would read as a flag"
	case strings.IndexFunc(v, func(r rune) bool { return unicode.IsControl(r) || unicode.IsSpace(r) || r == unicode.ReplacementChar }) >= 0,
		core.Clean(v, 0) != v: // also invisible format characters, which a host may refuse
		reason = "contains a control character or white space"
	default:
		return v, ok
	}
	d.Problems = append(d.Problems, &Problem{Host: k, Var: name, Reason: reason})
	return "", false
}

// sessionName reads a tuios session name. tuios lets a name hold blanks
// ("my work"; ValidateSessionName in tuios's internal/session/
// resurrection.go refuses only controls, path separators and blanks at the
// ends), and the name must reach tuios exactly as it is, so only an empty
// value, a control character, invalid UTF-8 or an unreasonable length is a
// problem. Diagnostics print it with printable.
func sessionName(e Env, d *Detection, name string, ok bool) (string, bool) {
	v := e.Getenv(name)
	var reason string
	switch {
	case v == "":
		reason = "is empty"
	case len(v) > maxID:
		reason = "is longer than 256 bytes"
	case !utf8.ValidString(v) || hasControl(v):
		reason = "contains a control character"
	default:
		return v, ok
	}
	d.Problems = append(d.Problems, &Problem{Host: Tuios, Var: name, Reason: reason})
	return "", false
}

// printable is v for a diagnostic or a system prompt: as it is when it
// reads as it is, else quoted with Go's escapes, so a blank at an end, a
// run of blanks or an invisible character shows.
func printable(v string) string {
	if core.Clean(v, 0) == v {
		return v
	}
	return strconv.Quote(v)
}

// socket reads a socket path: absolute, clean of controls, and a socket
// that exists now.
func socket(e Env, d *Detection, k Kind, name string, ok bool) (string, bool) {
	v := e.Getenv(name)
	var reason string
	switch {
	case v == "":
		reason = "is empty"
	case hasControl(v):
		reason = "contains a control character"
	case !filepath.IsAbs(v):
		reason = "is not an absolute path: " + quote(v)
	default:
		fi, err := e.Stat(v)
		switch {
		case err != nil:
			reason = "names no socket: " + quote(v)
		case fi.Mode().Type() != fs.ModeSocket:
			reason = "is not a socket: " + quote(v)
		default:
			return v, ok
		}
	}
	d.Problems = append(d.Problems, &Problem{Host: k, Var: name, Reason: reason})
	return "", false
}

func hasControl(s string) bool {
	return strings.IndexFunc(s, unicode.IsControl) >= 0
}

// quote shows a rejected value in a Problem: cleaned and cut, so a
// diagnostic never carries what made the value unusable.
func quote(s string) string { return strconv.Quote(core.Clean(s, 80)) }
