// Package terminal is the plain-terminal host: the chat's state as an
// OSC 9;4 progress indicator on the tab, the attention ping as an OSC 9
// desktop notification. Every run has it; it is the fallback the other
// hosts sit in front of, and it carries the ping even when another host
// shows the state (Config.NoProgress).
//
// # Sequences
//
//	host.Working          ESC ] 9;4;3 BEL        indeterminate
//	host.Blocked          ESC ] 9;4;4;100 BEL    warning, full
//	host.Failed           ESC ] 9;4;2;100 BEL    error, full
//	host.Idle, Unknown    ESC ] 9;4;0 BEL        removed
//	ping                  ESC ] 9;<text> BEL
//
// The same state twice writes nothing unless the report is a Repeat. The
// first state report is always written, so a bar a crashed predecessor
// left behind is replaced. KindSuspend removes a shown bar (the next state
// report restores it); KindExit always writes the removal, whatever the
// backend thinks is shown: a bar left set keeps animating after the chat is
// gone, the complaint users file most, and 9 bytes are cheap. The bar is
// never gated by focus; the Machine gates pings.
//
// Ping text is cleaned again (core.Clean), capped at PingLimit runes, and
// text starting with "<digits>;" gets a leading space, which ConEmu-family
// terminals would otherwise read as a sub-command. Empty text writes
// nothing.
//
// # Terminals that must not get OSC 9;4
//
// With Config.Progress = SupportAuto the known-bad list decides
// (KnownBadProgress, replaced by Config.BadProgress): iTerm2 before 3.6.6
// and kitty before 0.38 show every OSC 9;4 as a notification, the Linux
// console and dumb terminals print it as text. kitty says no version, so
// every kitty is left out. The Linux console and dumb terminals get no
// ping either.
//
// # Multiplexers
//
// tmux <= 3.6 swallows OSC 9 and OSC 9;4. tmux 3.7 parses OSC 9;4 itself
// and forwards the active pane's bar to the outer terminal only when it
// believes that terminal has its progressbar feature, which 3.7-3.7c give
// by default to tmux and iTerm2 alone (tty-features.c); it ignores every
// other OSC 9, so a ping never passes on its own (input.c, input_osc_9;
// checked at tags 3.7 and 3.7c). Its DCS passthrough (ESC P tmux; ...
// ESC \, ESC doubled) reaches the outer terminal whatever tmux believes of
// it, but only where allow-passthrough is on or all (3.3+, default off). The
// backend asks tmux once, on the reporting goroutine, the first time a
// sequence is written ("tmux show-options -A -p -v -t $TMUX_PANE
// allow-passthrough"), bounded by the report's context; any failure means
// "not allowed", and the answer is kept. GNU screen always passes its DCS
// passthrough (ESC P ... ESC \, in chunks of 768 bytes).
//
//	multiplexer   tmux version   allow-passthrough   OSC 9;4      OSC 9
//	none          -              -                   raw          raw
//	screen        -              -                   screen DCS   screen DCS
//	tmux          any            on, all             tmux DCS     tmux DCS
//	tmux          >= 3.7         off                 raw          dropped
//	tmux          <= 3.6         off                 dropped      dropped
//	tmux          unknown        off                 raw          dropped
//
// "off" includes a probe that failed and a tmux older than 3.3. Where
// passthrough is off, the bar still goes raw to a tmux that may be 3.7 or
// newer (an older one drops it harmlessly), and shows only where tmux
// knows the terminal's progressbar feature. "dropped" writes nothing, and
// Report says so with an error wrapping host.ErrDropped, so Stats count
// those reports as dropped, not sent. Note says all this in plain words
// with the one-line fix (set -g allow-passthrough on; for tmux 3.7's own
// bar, set -as terminal-features ',*:progressbar'), and Probe asks tmux
// ahead of any report for a diagnostic. Inside tmux the outer terminal is
// unknown: the known-bad list sees no program name (an iTerm2 before 3.6.6
// behind a tmux that allows passthrough shows the bar as notifications;
// set Progress to SupportOff there), and there is no Ghostty keep-alive.
//
// # Keep-alive
//
// Refresh asks the Reporter to re-send the state every KeepAlive where the
// terminal would otherwise lose it, and nowhere else (a repeated sequence
// restarts Windows Terminal's animation):
//   - Ghostty, outside a multiplexer, drops a bar that has not been re-sent
//     for about 15 s: a shown bar (working, blocked, failed) is re-sent;
//   - tmux with allow-passthrough "on" passes nothing from a pane whose
//     window is hidden (measured on 3.3a; tty.c), so a state
//     reached while the chat's window was hidden, typically the final "no
//     bar", would never reach the outer terminal: every state is re-sent,
//     and the outer bar converges once the window is shown. "all" (3.4+)
//     needs no re-send.
//
// # Writing
//
// Each sequence goes out in one Write on Config.Output, on the Reporter's
// worker goroutine. Go serialises Write calls on one *os.File, so a
// sequence never lands inside a Bubble Tea frame; Writer (for
// tea.WithOutput) makes that explicit and keeps the backend's write
// deadline from touching Bubble Tea's writes. When the output takes write
// deadlines (an *os.File Go polls: a pipe, a pty the program opened), a
// write that blocks ends with the report's context. A chat's terminal
// takes none: os.Stdout is opened in blocking mode, and os.File.Fd, which
// Bubble Tea calls on its output, puts any file in blocking mode, after
// which SetWriteDeadline returns nil and does nothing. There, a terminal
// that stops reading (XOFF, a frozen ssh connection) blocks Report until
// it reads again; Bubble Tea's renderer is blocked on it too, and
// core.Reporter's Close gives up on the backend after its grace.
package terminal
