// Package chattest is the end-to-end tests of the example chats, written
// once for examples/chat (Bubble Tea v1) and teav2/examples/chat (v2): each
// test is a function taking the *Chat under test, and each example's test
// files build their own binary and call them. The tests run the real
// binary in a real pseudo-terminal against the fake hosts of
// host/hosttest, with -m, and with -doctor.
//
// Where the two chats legitimately differ, the Chat has a hook (Screen:
// how the screen is read) or the example keeps its own test (how it asks
// the terminal's background).
//
// It is test support, internal to this repository like chatscript (whose
// doc says why teav2's chat may import both), and not under
// internal/testsupport with the rest: it is the example chats' own.
package chattest
