//go:build unix

package hostbridge_test

import (
	"fmt"
	"io"
	"strings"
	"testing"

	"github.com/charmbracelet/bubbles/textinput"
	"github.com/charmbracelet/bubbles/viewport"
	tea "github.com/charmbracelet/bubbletea"

	"github.com/hostbridge/hostbridge"
	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/host/hosttest"
)

// BenchmarkSubAgents is what one sub-agent message costs on the Update
// goroutine (the wrapped model's Update) with n sub-agents live, in a tuios
// pane (the one host that lists them: its worker diffs the list, off the
// Update goroutine) with the terminal behind it. Each op is one message;
// every live sub-agent goes through a tool, a wait, another tool, its end
// and a successor's start, in turn, so the count stays at n.
func BenchmarkSubAgents(b *testing.B) {
	for _, n := range []int{10, 1000, 10000} {
		b.Run(fmt.Sprintf("live=%d", n), func(b *testing.B) {
			f := hosttest.NewTuios(b)
			env := f.Env()
			env["TERM"] = "xterm-256color"
			br, err := hostbridge.New(hostbridge.WithOutput(io.Discard), hostbridge.WithSignalHandler(false),
				hostbridge.WithEnv(func(k string) string { return env[k] }))
			if err != nil {
				b.Fatal(err)
			}
			m := br.Wrap(nothing{})
			defer m.Close()
			m.Init()
			m.Update(tea.FocusMsg{})
			ids := make([]string, n)
			for i := range ids {
				ids[i] = fmt.Sprint("agent-", i)
				m.Update(hostbridge.SubAgentStarted{ID: ids[i], Type: "explore · Sonnet 5.5 · claude", Task: "Find where the flaky test starts its server"})
			}
			if err := br.Flush(b.Context()); err != nil {
				b.Fatal(err)
			}
			next := n
			b.ResetTimer()
			for i := range b.N {
				j := i % n
				switch (i / n) % 5 {
				case 0:
					m.Update(hostbridge.SubAgentProgressed{ID: ids[j], Tool: "read_file"})
				case 1:
					m.Update(hostbridge.SubAgentWaiting{ID: ids[j], On: "Allow shell"})
				case 2:
					m.Update(hostbridge.SubAgentProgressed{ID: ids[j], Tool: "shell"})
				case 3:
					m.Update(hostbridge.SubAgentEnded{ID: ids[j], Result: "The server starts in TestMain."})
				case 4:
					ids[j] = fmt.Sprint("agent-", next)
					next++
					m.Update(hostbridge.SubAgentStarted{ID: ids[j], Type: "explore · Sonnet 5.5 · claude", Task: "Find where the flaky test starts its server"})
				}
			}
		})
	}
}

// nothing is a model that does nothing: the cost measured is hostbridge's.
type nothing struct{}

func (nothing) Init() tea.Cmd                       { return nil }
func (nothing) Update(tea.Msg) (tea.Model, tea.Cmd) { return nothing{}, nil }
func (nothing) View() string                        { return "" }

// chatModel is a realistic chat screen for the overhead benchmark: a
// textinput and a viewport, as examples/chat has.
type chatModel struct {
	in  textinput.Model
	out viewport.Model
}

func newChatModel() chatModel {
	in := textinput.New()
	in.Focus()
	out := viewport.New(80, 20)
	out.SetContent(strings.Repeat("some earlier reply text\n", 50))
	return chatModel{in: in, out: out}
}

func (c chatModel) Init() tea.Cmd { return nil }
func (c chatModel) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	var a, b tea.Cmd
	c.in, a = c.in.Update(msg)
	c.out, b = c.out.Update(msg)
	if a == nil {
		return c, b
	}
	if b == nil {
		return c, a
	}
	return c, tea.Batch(a, b)
}
func (c chatModel) View() string { return c.out.View() + "\n" + c.in.View() }

type notOwned struct{ n int }

// BenchmarkUpdate compares the wrapped model's Update with the bare
// model's, for a message the wrapper does not own (a key press, a custom
// message) and for one it does. Results: BENCHMARKS.md.
func BenchmarkUpdate(b *testing.B) {
	key := tea.KeyMsg{Type: tea.KeyLeft} // a key that does not grow the input
	for _, bc := range []struct {
		name string
		msg  tea.Msg
	}{{"key", key}, {"custom", notOwned{1}}, {"owned", hostbridge.TurnStarted{}}} {
		b.Run("bare/"+bc.name, func(b *testing.B) {
			var m tea.Model = newChatModel()
			b.ReportAllocs()
			for b.Loop() {
				m, _ = m.Update(bc.msg)
			}
		})
		b.Run("wrapped/"+bc.name, func(b *testing.B) {
			w := hostbridge.Wrap(newChatModel(), hostbridge.WithBackends(&host.Recorder{}), hostbridge.WithSignalHandler(false))
			defer w.Close()
			var m tea.Model = w
			b.ReportAllocs()
			for b.Loop() {
				m, _ = m.Update(bc.msg)
			}
		})
	}
}

// BenchmarkUpdateOverhead is the wrapper's own cost per message not owned,
// measured around a model that does nothing.
func BenchmarkUpdateOverhead(b *testing.B) {
	msg := tea.Msg(notOwned{1})
	b.Run("bare", func(b *testing.B) {
		var m tea.Model = nothing{}
		b.ReportAllocs()
		for b.Loop() {
			m, _ = m.Update(msg)
		}
	})
	b.Run("wrapped", func(b *testing.B) {
		w := hostbridge.Wrap(nothing{}, hostbridge.WithBackends(&host.Recorder{}), hostbridge.WithSignalHandler(false))
		defer w.Close()
		var m tea.Model = w
		b.ReportAllocs()
		for b.Loop() {
			m, _ = m.Update(msg)
		}
	})
}
