package hostbridge_test

import (
	"strings"
	"testing"

	"charm.land/bubbles/v2/textinput"
	"charm.land/bubbles/v2/viewport"
	tea "charm.land/bubbletea/v2"

	"github.com/hostbridge/hostbridge/host"
	hostbridge "github.com/hostbridge/hostbridge/teav2"
)

// nothing is a model that does nothing: the cost measured is hostbridge's.
type nothing struct{}

func (nothing) Init() tea.Cmd                       { return nil }
func (nothing) Update(tea.Msg) (tea.Model, tea.Cmd) { return nothing{}, nil }
func (nothing) View() tea.View                      { return tea.NewView("") }

// chatModel is a realistic chat screen, as the v1 benchmark's: a
// textinput and a viewport (bubbles v2).
type chatModel struct {
	in  textinput.Model
	out viewport.Model
}

func newChatModel() chatModel {
	in := textinput.New()
	in.Focus()
	out := viewport.New(viewport.WithWidth(80), viewport.WithHeight(20))
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
func (c chatModel) View() tea.View { return tea.NewView(c.out.View() + "\n" + c.in.View()) }

type notOwned struct{ n int }

func wrapped(b *testing.B, inner tea.Model) *hostbridge.Model {
	w := hostbridge.Wrap(inner, hostbridge.WithBackends(&host.Recorder{}), hostbridge.WithSignalHandler(false))
	b.Cleanup(func() { _ = w.Close() })
	w.Init()
	return w
}

// BenchmarkUpdate compares the wrapped model's Update with the bare
// model's, for a message the wrapper does not own (a key press, a custom
// message) and for one it does. Target: wrapped/bare ≤ 1.05 for the
// messages not owned, no allocation added. Results: BENCHMARKS.md.
func BenchmarkUpdate(b *testing.B) {
	key := tea.KeyPressMsg{Code: tea.KeyLeft} // a key that does not grow the input
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
			var m tea.Model = wrapped(b, newChatModel())
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
		var m tea.Model = wrapped(b, nothing{})
		b.ReportAllocs()
		for b.Loop() {
			m, _ = m.Update(msg)
		}
	})
}

// BenchmarkView is what the wrapper adds to View, which v2 calls after
// every Update: ReportFocus and the bar from the chat's state (one atomic
// load), no allocation.
func BenchmarkView(b *testing.B) {
	b.Run("bare", func(b *testing.B) {
		var m tea.Model = newChatModel()
		b.ReportAllocs()
		for b.Loop() {
			_ = m.View()
		}
	})
	b.Run("wrapped", func(b *testing.B) {
		var m tea.Model = wrapped(b, newChatModel())
		m.Update(hostbridge.TurnStarted{})
		b.ReportAllocs()
		for b.Loop() {
			_ = m.View()
		}
	})
}
