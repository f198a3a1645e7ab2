package terminal_test

import (
	"bytes"
	"context"
	"fmt"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/hosts/terminal"
)

func ExampleNew() {
	var out bytes.Buffer // a program passes the output it gives tea.WithOutput
	b, err := terminal.New(terminal.Config{
		Output: &out,
		Info:   terminal.Info{Term: "xterm-256color", Program: "WezTerm"},
	})
	if err != nil {
		panic(err)
	}
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
	b, _ := terminal.New(terminal.Config{
		Output: &out,
		Info:   terminal.Detect(func(k string) string { return env[k] }),
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
	b, _ := terminal.New(terminal.Config{Info: info})
	fmt.Println(b.Refresh(host.Working)) // no keep-alive outside Ghostty
	// Output:
	// terminal=iTerm2 version=3.5.10 TERM=xterm-256color mux=none
	// 0s
}
