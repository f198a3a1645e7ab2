package hostio

import (
	"errors"
	"slices"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/core"
)

// A backend's errors start with the host's name and wrap one of these or
// the context's error; with host.ErrDropped, the host never takes it.
var (
	ErrUnavailable = errors.New("unavailable") // no socket, no executable
	ErrRejected    = errors.New("rejected")    // the host answered an error: a *ReplyError
	ErrBadReply    = errors.New("bad reply")   // an answer that is not the host's
)

// ReplyError is a host's error answer, or a command line's failure.
type ReplyError struct {
	Host, Op string // "herdr", "pane.report_agent"
	Code     string // "pane_not_found", "usage", "exit status 3"
	Message  string // cleaned and bounded
}

func (e *ReplyError) Error() string {
	s := e.Host + ": " + e.Op + ": " + e.Code
	if e.Message != "" {
		s += ": " + e.Message
	}
	return s
}

func (e *ReplyError) Unwrap() error { return ErrRejected }

// Rejected is the host's error answer code and message, cleaned and bounded.
func Rejected(hostName, op, code, message string) *ReplyError {
	return &ReplyError{Host: hostName, Op: op, Code: core.Clean(code, 64), Message: core.Clean(message, core.MaxMessage)}
}

// HasCode reports whether err is a host's answer with one of codes.
func HasCode(err error, codes ...string) bool {
	var rerr *ReplyError
	return errors.As(err, &rerr) && slices.Contains(codes, rerr.Code)
}

// IgnoreDropped: a host lacking what goes with a report changes nothing.
func IgnoreDropped(err error) error {
	if errors.Is(err, host.ErrDropped) {
		return nil
	}
	return err
}
