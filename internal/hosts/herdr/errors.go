package herdr

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/hostbridge/hostbridge/internal/core"
)

// Sentinel errors, for callers to branch on with errors.Is.
var (
	// ErrUnavailable: herdr could not be reached (no socket, connection
	// refused, no herdr binary).
	ErrUnavailable = errors.New("herdr: unavailable")
	// ErrRejected: herdr answered with an error. The error is a
	// *ReplyError carrying herdr's code.
	ErrRejected = errors.New("herdr: request rejected")
	// ErrBadReply: the answer was empty, cut short, too long or not
	// herdr's JSON.
	ErrBadReply = errors.New("herdr: bad reply")
	// ErrUsage: the herdr binary rejected its arguments (exit status 2),
	// which points at a herdr version that does not know the command.
	ErrUsage = errors.New("herdr: usage error")
	// ErrClosed: Report was called after Close.
	ErrClosed = errors.New("herdr: backend closed")
)

// ReplyError is herdr's error answer to one request.
type ReplyError struct {
	Method  string // the request's method, e.g. "pane.report_agent"
	Code    string // herdr's code, e.g. "pane_not_found"
	Message string // herdr's message, cleaned and bounded
}

func (e *ReplyError) Error() string {
	return fmt.Sprintf("herdr: %s: rejected: %s: %q", e.Method, e.Code, e.Message)
}

// Unwrap makes errors.Is(err, ErrRejected) hold.
func (e *ReplyError) Unwrap() error { return ErrRejected }

// maxReply bounds one reply line; herdr's answers to reports are tiny.
const maxReply = 64 << 10

// reply is herdr's answer line: {"id":..,"result":{"type":"ok"}} or
// {"id":..,"error":{"code":..,"message":..}}.
type reply struct {
	ID     *string `json:"id"`
	Result *struct {
		Type string `json:"type"`
	} `json:"result"`
	Error *struct {
		Code    string `json:"code"`
		Message string `json:"message"`
	} `json:"error"`
}

// checkReply reads one answer. id is the request's id; an empty id skips
// the check (the CLI answers with ids of its own).
func checkReply(method, id string, line []byte) error {
	var r reply
	if len(line) == 0 {
		return fmt.Errorf("herdr: %s: empty reply: %w", method, ErrBadReply)
	}
	if err := json.Unmarshal(line, &r); err != nil {
		return fmt.Errorf("herdr: %s: %w: %v", method, ErrBadReply, err)
	}
	switch {
	case r.Error != nil && r.Error.Code != "":
		return &ReplyError{Method: method, Code: core.Clean(r.Error.Code, 64), Message: core.Clean(r.Error.Message, core.MaxMessage)}
	case r.Result == nil || r.Result.Type != "ok":
		return fmt.Errorf("herdr: %s: %w: no ok result", method, ErrBadReply)
	case r.ID == nil || (id != "" && *r.ID != id):
		return fmt.Errorf("herdr: %s: %w: reply to another request", method, ErrBadReply)
	}
	return nil
}
