//go:build linux || darwin

package main

import (
	"testing"
	"time"

	tea "github.com/charmbracelet/bubbletea"

	"github.com/hostbridge/hostbridge"
	"github.com/hostbridge/hostbridge/host/hosttest"
	"github.com/hostbridge/hostbridge/internal/chatscript/chattest"
	"github.com/hostbridge/hostbridge/teatest"
)

// TestGolden runs the golden tests shared with the v2 chat
// (internal/chatscript/chattest): the chat's own model, built as runTUI
// builds it, in-process with the teatest kit under each fake host and both
// profiles, against testdata/TestGolden<case>/<profile>.golden.
func TestGolden(t *testing.T) {
	chattest.Goldens(t, "testdata", func(t *testing.T, f flags, host string, fakes []hosttest.Option) string {
		c, opts := goldenChat(t, f, host)
		k := teatest.New(t, c, append(opts, fakes...)...)
		chattest.GoldenConversation(t, goldenDriver{k})
		return k.Transcript()
	})
}

// goldenDelay is the scripted turn's length: virtual, so it costs nothing.
const goldenDelay = time.Second

// goldenChat builds the chat as runTUI does, for a dark terminal, in a
// session s1 under a temporary sessions root, told it runs in hostName.
func goldenChat(t *testing.T, f flags, hostName string) (*chat, []hosttest.Option) {
	t.Helper()
	root := t.TempDir()
	sess := openSession(root, "s1")
	c := newChat(chatConfig{
		agent: f.Agent, delay: goldenDelay, styles: newStyles(hostbridge.PaletteFor(hostbridge.Background{Dark: true})),
		root: root, session: sess,
	})
	c.attach(hostName, systemPrompt(f.Agent, "/work", nil))
	return c, []hosttest.Option{teatest.WithBridgeOptions(f.Options(sess)...), hosttest.WithReplace(root, "<sessions>")}
}

// goldenDriver drives the chat in the v1 kit: a line is its runes and
// enter in one step.
type goldenDriver struct{ k *teatest.Kit }

func (d goldenDriver) Focus(focused bool) {
	if focused {
		d.k.Step(tea.FocusMsg{})
	} else {
		d.k.Step(tea.BlurMsg{})
	}
}

func (d goldenDriver) Type(text string) {
	d.k.Step(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(text)})
}

func (d goldenDriver) Enter(text string) {
	d.k.Step(tea.KeyMsg{Type: tea.KeyRunes, Runes: []rune(text)}, tea.KeyMsg{Type: tea.KeyEnter})
}

func (d goldenDriver) WaitModel(u chattest.Until) {
	d.k.WaitModel(func(m tea.Model) bool {
		c := m.(*chat)
		return u.Holds(c.Turn == nil, c.Waiting())
	})
}

func (d goldenDriver) WaitFinished() error { return d.k.WaitFinished() }
