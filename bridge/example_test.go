package bridge_test

import (
	"context"
	"errors"
	"fmt"
	"os"
	"os/exec"
	"strings"

	"github.com/hostbridge/hostbridge/bridge"
	"github.com/hostbridge/hostbridge/host"
)

// A headless one-shot run: no UI framework, the same reports. Flush before
// printing the answer, so the hosts show the turn's end by then. An Option
// sets Config fields; a frontend's With* options are such functions.
func ExampleNew() {
	rec := &host.Recorder{}
	b, err := bridge.New(func(c *bridge.Config) {
		c.Agent = "chat"
		c.Backends = []host.Backend{rec}
		c.NoSignalHandler = true
	})
	if err != nil {
		fmt.Println(err)
		return
	}
	b.Send(bridge.TurnStarted{})
	_ = b.Flush(context.Background())
	b.Send(bridge.Idle{Reply: "done"})
	_ = b.Flush(context.Background())
	_ = b.Close()
	for _, r := range rec.Reports() {
		fmt.Println(r.Kind, r.State)
	}
	// Output:
	// state working
	// state idle
	// ping idle
	// exit idle
}

// A wrapper cannot fail: Lenient leaves a bad option out and says which.
func ExampleLenient() {
	b, err := bridge.Lenient(func(c *bridge.Config) {
		c.Agent = "-bad name-"
		c.Backends = []host.Backend{&host.Recorder{}}
		c.NoSignalHandler = true
	})
	defer b.Close()
	fmt.Println(errors.Is(err, bridge.ErrOption), b.Host())
	fmt.Println(err)
	// Output:
	// true terminal
	// hostbridge: bad option: agent name "-bad name-": want 1-64 of [A-Za-z0-9._-], starting with a letter or digit
}

// What a frontend for another UI framework calls, and when: hostbridge's
// Bubble Tea wrappers are built the same way. Flush waits for what was
// sent to reach the host: a newer state may otherwise replace one not yet
// delivered, so the output would depend on timing.
func ExampleBridge_frontend() {
	rec := &host.Recorder{}
	focusOn := true
	b, _ := bridge.New(func(c *bridge.Config) {
		c.Backends = []host.Backend{rec}
		c.NoSignalHandler = true
		c.FocusReports = &focusOn
	})
	focusReports := b.Framework() // the framework owns SIGINT and SIGTERM; turn focus reports on at its first key?
	ownBar := b.RendererBar()     // does the framework's renderer draw the bar? (not with a custom backend)
	b.Ready()                     // the first frame: hosts show the agent
	_ = b.Flush(context.Background())
	b.SetFocus(false) // a focus report: the user looks elsewhere

	update := func(msg any) {
		defer b.ExitOnPanic() // a panic in the app's update runs the exit first
		b.Send(msg)           // the app's message, on the way to the app
	}
	update(bridge.ApprovalNeeded{Tool: "shell", Action: "git push"})
	_ = b.Flush(context.Background())
	fmt.Println("bar to draw:", b.Shown(), b.BarReleased() == nil)

	b.Suspend(context.Background()) // another program takes the terminal
	cmd := bridge.ExecCmd{Cmd: exec.Command("true")}
	cmd.SetStdin(os.Stdin)
	cmd.SetStdout(os.Stdout)
	cmd.SetStderr(os.Stderr)
	b.Resume()
	b.AppBar(false) // the app draws no bar of its own

	_ = b.Close()
	<-b.Done()
	fmt.Println(focusReports, ownBar, b.Getenv("HOSTBRIDGE_EXAMPLE_UNSET") == "")
	for _, r := range rec.Reports() {
		fmt.Println(strings.TrimSpace(fmt.Sprint(r.Kind, " ", r.State, " ", r.Message)))
	}
	// Output:
	// bar to draw: blocked true
	// true false true
	// state idle
	// state blocked approve shell: git push
	// ping blocked approve shell: git push
	// suspend blocked
	// exit blocked
}

func ExampleApprovalNeeded_Summary() {
	fmt.Println(bridge.ApprovalNeeded{Tool: "shell", Action: "git push"}.Summary())
	fmt.Println(bridge.ApprovalNeeded{Question: "Which branch?"}.Summary())
	// Output:
	// approve shell: git push
	// Which branch?
}

func ExampleFallbackBackground() {
	env := map[string]string{"COLORFGBG": "0;15"}
	fmt.Println(bridge.FallbackBackground(func(k string) string { return env[k] }, "no answer"))
	// Output: light (COLORFGBG): no answer; COLORFGBG="0;15": background is colour 15
}

// Each frontend builds its palette from these with its own lipgloss.
func ExamplePaletteColors() {
	var text bridge.Colors = bridge.PaletteColors(true)[0]
	fmt.Println(text.TrueColor, text.ANSI256, text.ANSI)
	// Output: #e4e4e4 254 7
}

// An app's own notification or window title gets what hostbridge's get.
func ExampleClean() {
	fmt.Printf("%q\n", bridge.Clean("Done:\x1b]0;pwned\x07 all\u202e tests\npass", 0))
	fmt.Printf("%q\n", bridge.Clean("a long reply from the model", 10))
	// Output:
	// "Done: all tests pass"
	// "a long re…"
}
