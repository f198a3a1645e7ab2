package hostbridge

import (
	"context"
	"os"
	"slices"
	"strings"
	"sync"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/host/hosttest"
)

// chat is a test app: it records what reaches it, quits on quitMsg,
// interrupts on interruptMsg, panics on panicMsg, and sets its own bar
// while bar is set.
type chat struct {
	mu   sync.Mutex
	msgs []tea.Msg
	bar  *tea.ProgressBar
	text string
}

type (
	quitMsg      struct{}
	interruptMsg struct{}
	panicMsg     struct{}
	appBarMsg    struct{ bar *tea.ProgressBar }
)

func (c *chat) Init() tea.Cmd { return nil }

func (c *chat) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	c.mu.Lock()
	defer c.mu.Unlock()
	c.msgs = append(c.msgs, msg)
	switch msg := msg.(type) {
	case quitMsg:
		return c, tea.Quit
	case interruptMsg:
		return c, tea.Interrupt
	case panicMsg:
		panic("app bug")
	case appBarMsg:
		c.bar = msg.bar
	}
	return c, nil
}

func (c *chat) View() tea.View {
	c.mu.Lock()
	defer c.mu.Unlock()
	v := tea.NewView("chat " + c.text)
	v.ProgressBar = c.bar
	return v
}

func (c *chat) seen() []tea.Msg {
	c.mu.Lock()
	defer c.mu.Unlock()
	return slices.Clone(c.msgs)
}

// plain is the environment of a plain xterm, no multiplexer, no host.
func plain(extra ...string) func(string) string {
	env := map[string]string{"TERM": "xterm-256color"}
	for i := 0; i+1 < len(extra); i += 2 {
		env[extra[i]] = extra[i+1]
	}
	return func(k string) string { return env[k] }
}

// testOpts are the options every test uses: no signal handler (the test
// process's own), the given environment, the terminal captured.
func testOpts(term *hosttest.Terminal, getenv func(string) string, more ...Option) []Option {
	return append([]Option{WithEnv(getenv), WithOutput(term), WithSignalHandler(false)}, more...)
}

// flush waits until every report made so far reached its host.
func flush(t *testing.T, b *Bridge) {
	t.Helper()
	ctx, cancel := context.WithTimeout(context.Background(), 10*time.Second)
	defer cancel()
	if err := b.Flush(ctx); err != nil {
		t.Fatalf("Flush: %v", err)
	}
}

// progress is the terminal's bar lines, in order.
func progress(term *hosttest.Terminal) []string {
	var out []string
	for _, l := range term.Transcript() {
		if strings.HasPrefix(l, "terminal progress") {
			out = append(out, l)
		}
	}
	return out
}

// kinds is the kinds of the recorded reports, in order.
func kinds(r *host.Recorder) []host.Kind {
	var out []host.Kind
	for _, rep := range r.Reports() {
		out = append(out, rep.Kind)
	}
	return out
}

// recorded wraps app to report to rec alone.
func recorded(t *testing.T, rec *host.Recorder, app tea.Model) (*Bridge, *Model) {
	t.Helper()
	b, err := New(WithBackends(rec), WithSignalHandler(false))
	if err != nil {
		t.Fatal(err)
	}
	t.Cleanup(func() { _ = b.Close() })
	return b, b.Wrap(app)
}

// silenceStderr sends os.Stderr to /dev/null for the rest of the test.
func silenceStderr(t *testing.T) {
	t.Helper()
	null, err := os.OpenFile(os.DevNull, os.O_WRONLY, 0)
	if err != nil {
		t.Fatal(err)
	}
	old := os.Stderr
	os.Stderr = null
	t.Cleanup(func() {
		os.Stderr = old
		_ = null.Close()
	})
}
