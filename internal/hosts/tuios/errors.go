package tuios

import (
	"encoding/json"
	"errors"
	"fmt"

	"github.com/hostbridge/hostbridge/internal/core"
)

var (
	// ErrRejected is wrapped by every error tuios answered (a ReplyError).
	ErrRejected = errors.New("rejected")
	// ErrUnknownVerb is wrapped by a ReplyError whose code is
	// unknown_verb: this tuios does not have the verb. A Backend handles
	// it itself (see the package doc); Report never returns it.
	ErrUnknownVerb = errors.New("unknown verb")
	// ErrBadReply means the answer was not tuios's: not a JSON line, the
	// wrong id, or neither a result nor an error.
	ErrBadReply = errors.New("bad reply")
)

// Error codes tuios answers that a Backend looks at.
const (
	CodeUnknownVerb   = "unknown_verb"
	CodeInvalidParams = "invalid_params"
)

// ReplyError is an error tuios answered to a request.
type ReplyError struct {
	// Verb is the request's verb.
	Verb string
	// Code is tuios's stable error code (invalid_params, window_not_found,
	// unknown_verb, ...).
	Code string
	// Message is tuios's human-readable message, cleaned and bounded.
	Message string
	// Hint is tuios's hint object, as sent (may be nil).
	Hint json.RawMessage
}

func (e *ReplyError) Error() string {
	if e.Message == "" {
		return fmt.Sprintf("tuios: %s: %s", e.Verb, e.Code)
	}
	return fmt.Sprintf("tuios: %s: %s: %s", e.Verb, e.Code, e.Message)
}

// Unwrap lets errors.Is find ErrRejected, and ErrUnknownVerb for that code.
func (e *ReplyError) Unwrap() []error {
	if e.Code == CodeUnknownVerb {
		return []error{ErrRejected, ErrUnknownVerb}
	}
	return []error{ErrRejected}
}

func newReplyError(verb string, w *wireError) *ReplyError {
	return &ReplyError{
		Verb:    verb,
		Code:    core.Clean(w.Code, 64),
		Message: core.Clean(w.Message, core.MaxMessage),
		Hint:    w.Hint,
	}
}
