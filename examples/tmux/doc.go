// Package tmux holds tmux.conf, the snippet that shows every hostbridge
// chat's state in tmux's status line, and the test that renders it in a
// real tmux.
package tmux
