package bridge_test

import (
	"context"
	"fmt"
	"io"
	"strings"

	"github.com/hostbridge/hostbridge/bridge"
)

// Channels says which host carries what, by which route, and why (the
// terminal's row and its source): what examples/chat -doctor prints. Here
// a Ghostty tab whose output is a pipe the app chose; the example prints
// each line up to its route.
func ExampleBridge_Channels() {
	env := map[string]string{"TERM": "xterm-ghostty", "TERM_PROGRAM": "ghostty", "TERM_PROGRAM_VERSION": "1.2.0"}
	b, err := bridge.New(func(c *bridge.Config) {
		c.Env = func(k string) string { return env[k] }
		c.Output = io.Discard
		c.NoSignalHandler = true
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	defer b.Close()
	for _, line := range b.Channels(context.Background()) {
		carries, _, _ := strings.Cut(line, " via ")
		fmt.Println(carries)
	}
	// Output:
	// terminal: progress (OSC 9;4), ping (OSC 9)
}
