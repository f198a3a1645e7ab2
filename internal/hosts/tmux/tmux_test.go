package tmux_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/hosts/tmux"
)

func TestTmuxState(t *testing.T) {
	for _, tt := range []struct {
		s      host.State
		turned bool
		want   string
	}{
		{host.Idle, false, "ready"}, {host.Idle, true, "idle"}, {host.Working, false, "working"},
		{host.Blocked, true, "needs-you"}, {host.Failed, true, "failed"}, {host.Unknown, false, ""},
	} {
		if got := tmux.State(tt.s, tt.turned); got != tt.want {
			t.Errorf("TmuxState(%v, %v) = %q, want %q", tt.s, tt.turned, got, tt.want)
		}
	}
}

// A '#' is doubled (tmux's escape in what a status line draws), and what
// the Machine would have cleaned is cleaned again.
func TestTmuxValue(t *testing.T) {
	for in, want := range map[string]string{
		"plain":                                "plain",
		"#(touch /tmp/x) #[fg=red] #{pane_id}": "##(touch /tmp/x) ##[fg=red] ##{pane_id}",
		"##":                                   "####",
		"a\x1b]0;title\x07b":                   "ab",
		"  lots   of   space ":                 "lots of space",
	} {
		if got := tmux.TmuxValue(in); got != want {
			t.Errorf("TmuxValue(%q) = %q, want %q", in, got, want)
		}
	}
	if got := tmux.TmuxValue(strings.Repeat("x", 500)); len([]rune(got)) != 200 {
		t.Errorf("a long value keeps %d runes, want 200", len([]rune(got)))
	}
}

// An argument that ends in ';' would end tmux's command: it goes as "\;".
func TestTmuxArg(t *testing.T) {
	for in, want := range map[string]string{
		"a": "a", "": "", ";": `\;`, "x;": `x\;`, `x\;`: `x\\;`, "a;b": "a;b", `a\`: `a\`,
	} {
		if got := tmux.TmuxArg(in); got != want {
			t.Errorf("TmuxArg(%q) = %q, want %q", in, got, want)
		}
	}
}

func TestValidTmuxPane(t *testing.T) {
	for p, want := range map[string]bool{
		"%0": true, "%3": true, "%4294967295": true, "": false, "%": false, "3": false, "%3a": false,
		"%-1": false, "%+1": false, "%1_0": false, "% 3": false, "%99999999999": false, "$1": false, "@2": false,
	} {
		if got := tmux.ValidPane(p); got != want {
			t.Errorf("ValidTmuxPane(%q) = %v, want %v", p, got, want)
		}
	}
}

// One exec sets the four options: commands joined by ";" arguments,
// "--" before each name, so no value reads as a flag.
func TestTmuxArgv(t *testing.T) {
	b, err := tmux.NewTest(tmux.TestConfig{Agent: "chat"}, tmux.Pane{Socket: "/tmp/tmux-1/default", ID: "%3", Bin: "sh"})
	if err != nil {
		t.Fatal(err)
	}
	want := []string{"-S", "/tmp/tmux-1/default",
		"set-option", "-p", "-t", "%3", "--", "@hostbridge_state", "needs-you", ";",
		"set-option", "-p", "-t", "%3", "--", "@hostbridge_agent", "chat", ";",
		"set-option", "-p", "-t", "%3", "--", "@hostbridge_text", `-rf ##1\;`, ";",
		"set-option", "-p", "-t", "%3", "--", "@hostbridge_command", ""} // "": no check ran
	if got := b.SetArgs(host.Report{Kind: host.KindState, State: host.Blocked, Message: "-rf #1;"}); !slices.Equal(got, want) {
		t.Errorf("set argv\n got %q\nwant %q", got, want)
	}
	want = []string{"-S", "/tmp/tmux-1/default",
		"set-option", "-p", "-u", "-t", "%3", "--", "@hostbridge_state", ";",
		"set-option", "-p", "-u", "-t", "%3", "--", "@hostbridge_agent", ";",
		"set-option", "-p", "-u", "-t", "%3", "--", "@hostbridge_text", ";",
		"set-option", "-p", "-u", "-t", "%3", "--", "@hostbridge_command"}
	if got := b.UnsetArgs(); !slices.Equal(got, want) {
		t.Errorf("unset argv\n got %q\nwant %q", got, want)
	}
}
