//go:build unix

package hostbridge

import (
	"bytes"
	"io"
	"strings"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/hostbridge/hostbridge/internal/testsupport/fakepty"
)

// The same on a real pseudo-terminal, as a CLI runs: the app quits with a
// tea.Quit inside a tea.Batch, and the terminal reads the bar's clear
// before the line the app prints after Run.
func TestFilterRunsTheExitOnAPTY(t *testing.T) {
	master, slave := fakepty.Open(t)
	read := make(chan []byte, 1)
	go func() {
		var got []byte
		buf := make([]byte, 4096)
		for !bytes.Contains(got, []byte("ANSWER")) {
			n, err := master.Read(buf)
			got = append(got, buf[:n]...)
			if err != nil {
				break
			}
		}
		read <- got
	}()
	env := map[string]string{"TERM": "xterm-256color"}
	m := Wrap(&oneShot{quit: func() tea.Cmd { return tea.Batch(noop, tea.Quit) }}, WithOutput(slave),
		WithSignalHandler(false), WithNotify(false), everyReport, WithEnv(func(k string) string { return env[k] }))
	defer m.Close()
	// The program writes to the pty through a plain io.Writer: given the
	// *os.File, Bubble Tea v1 starts a size check it does not wait for,
	// which would read the file as the test closes it.
	if _, err := tea.NewProgram(m, tea.WithInput(nil), tea.WithOutput(struct{ io.Writer }{slave}),
		tea.WithFilter(m.Filter)).Run(); err != nil {
		t.Fatal(err)
	}
	select {
	case <-m.bridge.Done():
	default:
		t.Fatal("Run returned before the exit ran")
	}
	_, _ = slave.Write([]byte("ANSWER\r\n")) // the app's own print after Run
	var got string
	select {
	case b := <-read:
		got = string(b)
	case <-time.After(10 * time.Second):
		t.Fatal("the terminal read no answer")
	}
	working, cleared, answer := strings.Index(got, "\x1b]9;4;3"), strings.LastIndex(got, "\x1b]9;4;0"), strings.Index(got, "ANSWER")
	if working < 0 || cleared < working || answer < cleared {
		t.Fatalf("want the working bar, then its clear, then the app's line; got %q", got)
	}
	if strings.Contains(got, "\x1b[?1004h") {
		t.Fatalf("focus reports turned on with no input: %q", got)
	}
}
