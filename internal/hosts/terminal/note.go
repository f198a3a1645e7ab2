package terminal

// Note says in plain words what keeps the bar or the ping from reaching
// the user, with the one-line fix; "" when nothing is known to. It is what
// a diagnostic (a -doctor, Bridge.Channels) shows beside the channel. It
// reads what the passthrough probe found, so it is exact once a report or
// Probe has asked tmux. Safe for concurrent use.
//
// What it says follows tmux's source: DCS passthrough needs
// allow-passthrough (input.c, input_dcs_dispatch; "on" passes only from a
// visible pane, tty.c), tmux <= 3.6 drops OSC 9 and 9;4, and tmux 3.7-3.7c
// ignores every OSC 9 but 9;4 (input.c, input_osc_9) and forwards the bar
// only to a terminal with its progressbar feature, which it gives by
// default to tmux and iTerm2 alone (tty-features.c).
func (b *Backend) Note() string {
	if b.info.Mux != MuxTmux || (!b.progress && !b.ping) {
		return ""
	}
	what := "the progress bar and the ping"
	switch {
	case !b.ping:
		what = "the progress bar"
	case !b.progress:
		what = "the ping"
	}
	const (
		fixOn  = "set -g allow-passthrough on"
		fixBar = "set -as terminal-features ',*:progressbar'"
	)
	switch passState(b.pass.Load()) {
	case passAll:
		return ""
	case passUnasked:
		return "inside tmux, " + what + " pass only if tmux's allow-passthrough lets them (asked at the first report)"
	case passVisible:
		note := "tmux passes " + what + " only while the chat's window is visible (allow-passthrough on)"
		if b.ping {
			note += "; a ping from a hidden window is lost (tmux 3.4+: set -g allow-passthrough all)"
		}
		return note
	}
	// Denied: off, an old tmux without the option, or no tmux to ask.
	if b.gen == tmuxOld || !b.progress {
		return "tmux's allow-passthrough is off, so " + what + " cannot reach the terminal; fix: " + fixOn
	}
	bar := "tmux 3.7+ shows the bar only on a terminal it knows has its progressbar feature (3.7-3.7c: only tmux and iTerm2)"
	if b.gen == tmuxUnknown {
		bar = "the bar shows only if this tmux is 3.7+ and knows the terminal has its progressbar feature (3.7-3.7c: only tmux and iTerm2)"
	}
	if !b.ping {
		return "tmux's allow-passthrough is off: " + bar + "; fix: " + fixOn + " (or " + fixBar + ")"
	}
	return "tmux's allow-passthrough is off, so the ping cannot reach the terminal, and " + bar +
		"; fix: " + fixOn + " (or, for the bar alone, " + fixBar + ")"
}
