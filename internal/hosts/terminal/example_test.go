package terminal_test

import (
	"bytes"
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/hosts/terminal"
	"github.com/hostbridge/hostbridge/internal/settings"
)

func ExampleNew() {
	var out bytes.Buffer // a program passes the output it gives tea.WithOutput
	s := settings.Default()
	s.Output = &out
	b := terminal.New(s, terminal.Wiring{Info: terminal.Info{Term: "xterm-256color", Program: "WezTerm"}})
	ctx := context.Background()
	for _, r := range []host.Report{
		{Kind: host.KindState, State: host.Working},
		{Kind: host.KindState, State: host.Blocked},
		{Kind: host.KindPing, Message: "4;approve shell: git push\a"},
		{Kind: host.KindExit},
	} {
		out.Reset()
		if err := b.Report(ctx, r); err != nil {
			panic(err)
		}
		fmt.Printf("%-7v %q\n", r.Kind, out.String())
	}
	// Output:
	// state   "\x1b]9;4;3\x1b\\"
	// state   "\x1b]9;4;4;100\x1b\\"
	// ping    "\x1b]9; 4,approve shell: git push\x1b\\"
	// exit    "\x1b]9;4;0\x1b\\"
}

func ExampleNew_tmux() {
	env := map[string]string{ // what a tmux 3.4 pane says
		"TMUX":                 "/tmp/tmux-1000/default,42,0",
		"TMUX_PANE":            "%3",
		"TERM_PROGRAM":         "tmux",
		"TERM_PROGRAM_VERSION": "3.4",
	}
	var out bytes.Buffer
	s := settings.Default()
	s.Output = &out
	b := terminal.New(s, terminal.Wiring{
		Info: terminal.Detect(func(k string) string { return env[k] }),
		Probe: func(ctx context.Context, name string, args ...string) (string, error) {
			return "on\n", nil // tmux show-options -A -p -v -t %3 allow-passthrough
		},
	})
	_ = b.Report(context.Background(), host.Report{Kind: host.KindState, State: host.Failed})
	fmt.Printf("%q\n", out.String())
	// Output:
	// "\x1bPtmux;\x1b\x1b]9;4;2;100\a\x1b\\"
}

func ExampleDetect() {
	env := map[string]string{
		"TERM":                 "xterm-256color",
		"TERM_PROGRAM":         "iTerm.app",
		"TERM_PROGRAM_VERSION": "3.5.10",
	}
	info := terminal.Detect(func(k string) string { return env[k] })
	fmt.Println(info)
	b := terminal.New(settings.Default(), terminal.Wiring{Info: info})
	fmt.Println(b.Refresh(host.Working)) // no keep-alive outside Ghostty
	// Output:
	// terminal=iTerm2 version=3.5.10 TERM=xterm-256color mux=none
	// 0s
}

// What the table chose for a terminal, as -doctor and the channels say it:
// foot tells no version, and foot 1.8 to 1.19 show OSC 9;4 as a
// notification, so it gets no bar, and OSC 777, which every foot since 1.6
// shows.
func ExampleBackend_Plan() {
	env := map[string]string{"TERM": "foot"}
	s := settings.Default()
	s.Output = io.Discard
	b := terminal.New(s, terminal.Wiring{Info: terminal.Detect(func(k string) string { return env[k] })})
	p := b.Plan()
	fmt.Println(p.Bar, p.Ping, p.Keep)
	fmt.Println(strings.SplitN(p.String(), "; ", 2)[0])
	// Output:
	// false OSC 777 0s
	// foot (version unknown) from TERM=foot
}
