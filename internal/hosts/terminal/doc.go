// Package terminal is the plain terminal: the chat's state as an OSC 9;4
// progress bar on the tab, the attention ping as an OSC 9 notification.
// Every run has it; it sits behind the other hosts and carries the ping
// where another host shows the state (Config.NoProgress).
//
//	Working          ESC ] 9;4;3 BEL        indeterminate
//	Blocked          ESC ] 9;4;4;100 BEL    warning, full
//	Failed           ESC ] 9;4;2;100 BEL    error, full
//	Idle, Unknown    ESC ] 9;4;0 BEL        removed
//	ping             ESC ] 9;<text> BEL
//
// Each report is written as it comes, in one Write on the chat's output.
// Terminals known to show OSC 9;4 as a notification or as text get no bar
// (the known-bad list). Inside tmux or GNU screen a sequence goes through
// the multiplexer's passthrough where it can (see decide); tmux is asked
// once whether it allows that, and what it would swallow is dropped with
// host.ErrDropped. The package also says what the environment tells of the
// terminal (Detect), for the other hosts and the background query.
package terminal
