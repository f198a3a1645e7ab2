// Package terminal is the plain terminal, behind every other host: the
// chat's state as an OSC 9;4 progress bar, the attention ping as an OSC 9
// notification, each in one Write on the chat's output, through tmux's or
// GNU screen's passthrough where one sits between (decide). It is the
// terminal's room: what each terminal does and where that was read,
// FACTS.md, with the full table generated from terminals.go.
package terminal
