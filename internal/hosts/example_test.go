package hosts_test

import (
	"bytes"
	"context"
	"fmt"
	"net"
	"os"
	"path/filepath"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/hosts"
	"github.com/hostbridge/hostbridge/internal/settings"
)

// A herdr pane: the socket herdr names must be there, and the pane's ids
// go to the model's system prompt.
func ExampleDetect() {
	dir, _ := os.MkdirTemp("", "hb")
	defer os.RemoveAll(dir)
	ln, err := net.Listen("unix", filepath.Join(dir, "herdr.sock"))
	if err != nil {
		panic(err)
	}
	defer ln.Close()
	env := map[string]string{
		"HERDR_ENV": "1", "HERDR_SOCKET_PATH": ln.Addr().String(), "HERDR_PANE_ID": "w1:p2", "HERDR_WORKSPACE_ID": "w1",
		"CMUX_SURFACE_ID": "s-1", // where the herdr server started: not the inner host
	}
	s := settings.Default() // as hostbridge's options make it
	s.Getenv = func(k string) string { return env[k] }
	d := hosts.Detect(s)
	for _, line := range d.Host.EnvironmentLines() {
		fmt.Println(line)
	}
	env["HERDR_PANE_ID"] = "--help"
	fmt.Println(hosts.Detect(s).Problems[0])
	// Output:
	// host: herdr
	// herdr pane: w1:p2
	// herdr workspace: w1
	// herdr: HERDR_PANE_ID starts with '-', which a command line would read as a flag; using the plain terminal
}

// The plain terminal: the bar, in one write.
func ExampleBuild() {
	env := map[string]string{"TERM": "xterm-256color", "TERM_PROGRAM": "WezTerm"}
	var out bytes.Buffer
	s := settings.Default()
	s.Getenv, s.Output, s.OutputChosen = func(k string) string { return env[k] }, &out, true
	backends, channels := hosts.Build(hosts.Detect(s), s)
	_ = backends[0].Report(context.Background(), host.Report{Kind: host.KindState, State: host.Working})
	fmt.Println(channels[0])
	fmt.Printf("%q\n", out.String())
	// Output:
	// terminal: progress (OSC 9;4), ping (OSC 9) via the program's output (terminal=WezTerm TERM=xterm-256color mux=none); chose: WezTerm (version unknown) from TERM_PROGRAM=WezTerm; bar OSC 9;4 ST-terminated; ping OSC 9; keep-alive none
	// "\x1b]9;4;3\x1b\\"
}
