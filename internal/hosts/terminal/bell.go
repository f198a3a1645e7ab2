package terminal

import "github.com/hostbridge/hostbridge/host"

// rings says which pings also ring the pane's bell inside tmux (unless
// tmux passes every window's OSC 9): tmux flags a hidden window that rang
// and alerts the attached clients (alerts.c, tmux 3.3a), the one alert that
// reaches a user behind allow-passthrough off. A turn that simply ended
// does not ring: six agents finishing turns would beep all day. The README
// says how a user silences it.
func rings(s host.State) bool { return s == host.Blocked || s == host.Failed }
