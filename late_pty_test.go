//go:build unix

package hostbridge_test

import (
	"bytes"
	"fmt"
	"io"
	"os"
	"reflect"
	"strings"
	"sync"
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/hostbridge/hostbridge"
	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakepty"
)

// inputs is an app's model that notes every input message it gets.
type inputs struct {
	mu   sync.Mutex
	got  []string
	want string
	seen chan struct{} // closed once the keys want have come
}

func (m *inputs) Init() tea.Cmd { return nil }

func (m *inputs) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	t := reflect.TypeOf(msg)
	if _, key := msg.(tea.KeyMsg); key || (t != nil && t.PkgPath() == "github.com/charmbracelet/bubbletea" && strings.HasPrefix(t.Name(), "unknown")) {
		s := fmt.Sprint(msg)
		m.mu.Lock()
		m.got = append(m.got, s)
		if strings.Contains(strings.Join(m.got, ""), m.want) && m.seen != nil {
			close(m.seen)
			m.seen = nil
		}
		m.mu.Unlock()
	}
	return m, nil
}

func (m *inputs) View() string { return "" }

// lateTerminal plays a terminal on the pty master that answers the
// background query after delay (never, if delay < 0), then reads and drops
// whatever comes (an echo). answered is closed once it wrote the answer.
func lateTerminal(master *os.File, delay time.Duration) (answered chan struct{}) {
	answered = make(chan struct{})
	go func() {
		var q []byte
		buf := make([]byte, 256)
		for !bytes.Contains(q, []byte("\x1b[6n")) {
			n, err := master.Read(buf)
			if err != nil {
				return
			}
			q = append(q, buf[:n]...)
		}
		if delay >= 0 {
			time.Sleep(delay) // the terminal is slow: that is the test
			_, _ = master.Write([]byte("\x1b]11;rgb:ffff/ffff/ffff\x1b\\\x1b[7;1R"))
			close(answered)
		}
		for {
			if _, err := master.Read(buf); err != nil {
				return
			}
		}
	}()
	return answered
}

// runLate asks the background through a pty the way an app does before
// Run, then runs a Bubble Tea program on the same terminal, types keys
// once the terminal has answered, and returns the input messages the
// app's model got.
func runLate(t *testing.T, delay time.Duration, keys ...string) []string {
	master, slave := fakepty.Open(t)
	answered := lateTerminal(master, delay)
	tmux := map[string]string{"TERM": "tmux-256color", "TERM_PROGRAM": "tmux", "TERM_PROGRAM_VERSION": "3.4", "TMUX": "/tmp/tmux-0/default,1,0"}
	bg, err := hostbridge.DetectBackground(hostbridge.BackgroundOptions{
		Getenv: func(k string) string { return tmux[k] }, TTY: slave, Timeout: 150 * time.Millisecond})
	if err != nil {
		t.Fatal(err)
	}
	t.Logf("background: %v", bg)
	app := &inputs{want: "hello", seen: make(chan struct{})}
	seen := app.seen
	m := hostbridge.Wrap(app, hostbridge.WithBackends(&host.Recorder{}), hostbridge.WithSignalHandler(false))
	defer m.Close()
	p := tea.NewProgram(m, tea.WithInput(slave), tea.WithOutput(io.Discard), tea.WithoutSignalHandler())
	done := make(chan error, 1)
	go func() { _, err := p.Run(); done <- err }()
	if delay >= 0 {
		<-answered
	}
	for _, k := range keys {
		if _, err := master.Write([]byte(k)); err != nil {
			t.Fatal(err)
		}
	}
	select {
	case <-seen:
	case <-time.After(10 * time.Second):
		t.Errorf("the typed keys never reached the app")
	}
	p.Quit()
	if err := <-done; err != nil {
		t.Fatal(err)
	}
	app.mu.Lock()
	defer app.mu.Unlock()
	return app.got
}

// TestLateBackgroundAnswerNeverTyped: inside tmux 3.4 the terminal may
// answer the background query after hostbridge's bound. The answer then
// reaches Bubble Tea, which reads the terminal by then; no byte of it
// reaches the app's model as input, and the keys typed after it do.
func TestLateBackgroundAnswerNeverTyped(t *testing.T) {
	for _, delay := range []time.Duration{50, 150, 300, 1000} {
		delay *= time.Millisecond
		t.Run(delay.String(), func(t *testing.T) {
			if got := runLate(t, delay, "hello"); len(got) != 1 || got[0] != "hello" {
				t.Errorf("the app got %q, want only the keys typed", got)
			}
		})
	}
	// While the answer is owed, a user's own alt+] (which begins like
	// it) still reaches the app, in order.
	t.Run("alt+] typed while owed", func(t *testing.T) {
		if got := runLate(t, -1, "\x1b]", "hello"); len(got) != 2 || got[0] != "alt+]" || got[1] != "hello" {
			t.Errorf("the app got %q, want alt+] then hello", got)
		}
	})
}
