package terminal

import "github.com/hostbridge/hostbridge/host"

// Inside tmux the ping also rings the pane's bell (BEL) when the model
// needs you or a turn failed, unless tmux passes the OSC 9 from every
// window (allow-passthrough all). tmux marks a window whose pane rang and
// that is not the current one, or whose session no one is attached to ('!'
// in the window list, #{window_bell_flag})
// with monitor-bell on (the default), whatever bell-action says; with
// bell-action any (the default) it also sends the bell to the attached
// terminals, or with visual-bell on a "Bell in window N" message instead
// (alerts.c, alerts_check_bell and alerts_set_message, tmux 3.3a). That
// is the one alert that reaches a user behind tmux's default
// allow-passthrough off, where the OSC 9 never arrives, and with "on"
// from a hidden window, where it is lost.
//
// A turn that simply ended does not ring: six agents finishing turns would
// beep all day and the '!' would stop meaning "come here". The bell goes
// only with a ping, so focus, WithNotify(false) and the ping interval
// govern it too. A user silences it in tmux with "set -g bell-action none"
// (the '!' stays) or "set -g monitor-bell off" (no '!' either).
func rings(s host.State) bool { return s == host.Blocked || s == host.Failed }
