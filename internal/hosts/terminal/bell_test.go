package terminal

import (
	"slices"
	"testing"

	"github.com/charmbracelet/x/ansi"

	"github.com/hostbridge/hostbridge/host"
)

func pingIn(s host.State, msg string) host.Report {
	return host.Report{Kind: host.KindPing, State: s, Message: msg}
}

// Inside tmux a ping for needs-you or failed rings the bell, after the
// OSC 9 where one passes, in the same Write; unless tmux passes the OSC 9
// from every window (all). A turn that ended does not ring; outside tmux,
// or with the ping off, nothing rings.
func TestBell(t *testing.T) {
	osc := ansi.Notify("hi")
	tmuxOSC := ansi.TmuxPassthrough(osc)
	for _, tt := range []struct {
		name   string
		info   Info
		answer string
		noPing bool
		state  host.State
		want   []string
	}{
		{"off, needs you", Info{Mux: MuxTmux, MuxVersion: "3.3a"}, "off", false, host.Blocked, []string{"\a"}},
		{"off, failed", Info{Mux: MuxTmux, MuxVersion: "3.3a"}, "off", false, host.Failed, []string{"\a"}},
		{"off, turn ended", Info{Mux: MuxTmux, MuxVersion: "3.3a"}, "off", false, host.Idle, nil},
		{"on, needs you", Info{Mux: MuxTmux, MuxVersion: "3.3a"}, "on", false, host.Blocked, []string{tmuxOSC + "\a"}},
		{"on, turn ended", Info{Mux: MuxTmux, MuxVersion: "3.3a"}, "on", false, host.Idle, []string{tmuxOSC}},
		{"all, needs you", Info{Mux: MuxTmux, MuxVersion: "3.4"}, "all", false, host.Blocked, []string{tmuxOSC}},
		{"3.7 off, failed", Info{Mux: MuxTmux, MuxVersion: "3.7"}, "off", false, host.Failed, []string{"\a"}},
		{"off, pings off", Info{Mux: MuxTmux, MuxVersion: "3.3a"}, "off", true, host.Blocked, nil},
		{"no tmux", plainTerm, "", false, host.Blocked, []string{osc}},
		{"screen", Info{Mux: MuxScreen}, "", false, host.Blocked, []string{ansi.ScreenPassthrough(osc, screenChunk)}},
	} {
		t.Run(tt.name, func(t *testing.T) {
			fp := &fakeProbe{answer: tt.answer}
			got := run(t, Config{Info: tt.info, Probe: fp.run, NoPing: tt.noPing}, pingIn(tt.state, "hi"))
			if !slices.Equal(got, tt.want) {
				t.Errorf("writes %q, want %q", got, tt.want)
			}
		})
	}
}
