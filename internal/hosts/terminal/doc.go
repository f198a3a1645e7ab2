// Package terminal is the plain terminal, behind every other host: the
// chat's state as an OSC 9;4 progress bar (3 working, 4;100 blocked, 2;100
// failed, 0 none), the attention ping as an OSC 9 notification, each
// written as it comes in one Write on the chat's output. Terminals known
// to show the bar as a notification or as text get none (the known-bad
// list). Inside tmux or GNU screen a sequence goes through the
// multiplexer's passthrough where it can (decide); what tmux would swallow
// is dropped with host.ErrDropped. Detect says what the environment tells
// of the terminal.
package terminal
