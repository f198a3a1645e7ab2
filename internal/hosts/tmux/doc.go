// Package tmux is tmux's room: tmux is never the innermost host but an
// extra channel wherever the chat's terminal is a tmux pane. Its detection
// (TMUX, TMUX_PANE and the tmux on PATH into a [Pane]), its backend (the
// pane's user options [Options], one tmux exec per change), and the facts
// they follow (FACTS.md). The probe that asks tmux about the pane is the
// plain terminal's (terminal.TmuxAsk), shared with it: one exec for both.
package tmux
