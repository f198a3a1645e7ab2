package core

import "strconv"

// Focus is whether the terminal has the user's focus, as far as the chat
// knows.
type Focus uint8

const (
	// FocusUnknown holds until the terminal's first focus report. Some
	// terminals never send one, so it must not mean "never notify".
	FocusUnknown Focus = iota
	// Focused means the user is looking at the chat.
	Focused
	// Blurred means the user is looking elsewhere.
	Blurred
)

var focusNames = [...]string{"unknown", "focused", "blurred"}

func (f Focus) String() string {
	if int(f) < len(focusNames) {
		return focusNames[f]
	}
	return "Focus(" + strconv.Itoa(int(f)) + ")"
}
