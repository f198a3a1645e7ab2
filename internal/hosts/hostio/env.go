package hostio

import (
	"errors"
	"io/fs"
	"os"
	"path/filepath"
	"strconv"
	"strings"
	"unicode"
	"unicode/utf8"

	"github.com/hostbridge/hostbridge/internal/core"
	"github.com/hostbridge/hostbridge/internal/settings"
)

// Env reads the hosts' variables for the rooms' detection, through the
// settings' Getenv (WithEnv's, read once), and collects what is malformed.
// OK turns false at a problem of the host being read: the registry then
// uses the plain terminal, not a stale outer host.
type Env struct {
	S        settings.Settings
	Problems []*Problem
	OK       bool
}

// Get is the variable name.
func (e *Env) Get(name string) string { return e.S.Getenv(name) }

// Problem records a malformed variable that turns host off.
func (e *Env) Problem(host, name, reason string) {
	e.Problems = append(e.Problems, &Problem{Host: host, Var: name, Reason: reason})
	e.OK = false
}

// Ignore records a malformed variable the host does without.
func (e *Env) Ignore(host, name, reason string) {
	e.Problems = append(e.Problems, &Problem{Host: host, Var: name, Reason: reason, Ignored: true})
}

// MaxID bounds an id: hosts use short opaque strings ("w1:p2", a UUID).
const MaxID = 256

// ID reads an opaque id: a control character, a blank or a long one would
// corrupt a command line or a JSON field, a leading '-' reads as a flag
// (herdr's CLI takes "--help" in the pane's place, with no "--" there). A
// tuios session name may hold blanks and goes as it is:
// Gaurav-Gosain/tuios@6037a8a internal/session/resurrection.go ValidateSessionName
func (e *Env) ID(host, name string, required, session bool) string {
	v := e.Get(name)
	switch {
	case v == "" && required:
		e.Problem(host, name, "is empty")
	case len(v) > MaxID:
		e.Problem(host, name, "is longer than 256 bytes")
	case session && (!utf8.ValidString(v) || HasControl(v)):
		e.Problem(host, name, "contains a control character")
	case session:
		return v
	case strings.HasPrefix(v, "-"):
		e.Problem(host, name, "starts with '-', which a command line would read as a flag")
	case strings.IndexFunc(v, func(c rune) bool { return unicode.IsControl(c) || unicode.IsSpace(c) || c == utf8.RuneError }) >= 0,
		core.Clean(v, 0) != v: // also invisible format characters, which a host may refuse
		e.Problem(host, name, "contains a control character or white space")
	default:
		return v
	}
	return ""
}

// Socket reads a socket path: absolute, and a socket that exists now; with
// marker, a regular file passes too (herdr's on Windows: room herdr says why).
func (e *Env) Socket(host, name string, marker bool) string {
	v := e.Get(name)
	switch {
	case v == "":
		e.Problem(host, name, "is empty")
	case HasControl(v):
		e.Problem(host, name, "contains a control character")
	case !filepath.IsAbs(v):
		e.Problem(host, name, "is not an absolute path: "+Quote(v))
	default:
		fi, err := os.Stat(v)
		switch {
		case err != nil:
			e.Problem(host, name, "names no socket: "+Quote(v))
		case marker && fi.Mode().IsRegular():
			return v
		case fi.Mode().Type() != fs.ModeSocket:
			e.Problem(host, name, "is not a socket: "+Quote(v))
		default:
			return v
		}
	}
	return ""
}

// HasControl reports whether s holds a control character.
func HasControl(s string) bool { return strings.IndexFunc(s, unicode.IsControl) >= 0 }

// Quote shows a rejected value in a diagnostic (a Problem, a config error):
// cleaned and cut, so the diagnostic never carries what made the value
// unusable (the control character, the escape sequence, the 10 KB).
func Quote(s string) string { return strconv.Quote(core.Clean(s, 80)) }

// Printable is v if it reads as it is, else quoted: an id in a line a
// model or a user reads (EnvironmentLines).
func Printable(v string) string {
	if core.Clean(v, 0) == v {
		return v
	}
	return strconv.Quote(v)
}

// Lines is "label: value" for each pair of kv whose value is set, the
// value Printable: a room's EnvironmentLines.
func Lines(kv ...string) []string {
	var out []string
	for i := 0; i+1 < len(kv); i += 2 {
		if kv[i+1] != "" {
			out = append(out, kv[i]+": "+Printable(kv[i+1]))
		}
	}
	return out
}

// Problem is a malformed host variable, or HERDR_ENV turning herdr off,
// found by a room's detection. Ignored: the host is used without it; else
// the plain terminal is.
type Problem struct {
	Host        string // the room's name: "herdr", "tmux"
	Var, Reason string
	Ignored     bool
}

func (p *Problem) Error() string {
	then := "; using the plain terminal"
	switch {
	case p.Host == "tmux":
		then = "; no tmux pane options"
	case p.Ignored:
		then = "; ignored"
	}
	return p.Host + ": " + p.Var + " " + p.Reason + then
}

// ErrMalformed is wrapped by every Problem.
var ErrMalformed = errors.New("malformed host variable")

func (p *Problem) Unwrap() error { return ErrMalformed }
