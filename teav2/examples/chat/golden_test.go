//go:build linux || darwin

package main

import (
	"path/filepath"
	"testing"
	"time"

	tea "charm.land/bubbletea/v2"

	"github.com/hostbridge/hostbridge/host/hosttest"
	"github.com/hostbridge/hostbridge/internal/chatscript"
	"github.com/hostbridge/hostbridge/internal/chatscript/chattest"
	"github.com/hostbridge/hostbridge/teav2/teatest"
)

// TestGolden runs the v1 chat's golden tests (internal/chatscript/chattest)
// on this chat's model with the v2 kit, against the v1 chat's testdata
// itself, not a copy: the v2 chat tells every host the same things.
func TestGolden(t *testing.T) {
	v1 := filepath.Join("..", "..", "..", "examples", "chat", "testdata")
	chattest.Goldens(t, v1, func(t *testing.T, f flags, host string, fakes []hosttest.Option) string {
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
	sess := chatscript.OpenSession(root, "s1")
	c := newChat(chatConfig{
		agent: f.Agent, delay: goldenDelay, styles: newStyles(paletteFor(true)),
		root: root, session: sess,
	})
	c.attach(hostName, systemPrompt(f.Agent, "/work", nil))
	return c, []hosttest.Option{teatest.WithBridgeOptions(f.Options(sess)...), hosttest.WithReplace(root, "<sessions>")}
}

// goldenDriver drives the chat in the v2 kit: a line is typed, then
// enter pressed.
type goldenDriver struct{ k *teatest.Kit }

func (d goldenDriver) Focus(focused bool) {
	if focused {
		d.k.Step(tea.FocusMsg{})
	} else {
		d.k.Step(tea.BlurMsg{})
	}
}

func (d goldenDriver) Type(text string) { d.k.Type(text) }

func (d goldenDriver) Enter(text string) {
	d.k.Type(text)
	d.k.Key("enter")
}

func (d goldenDriver) WaitModel(u chattest.Until) {
	d.k.WaitModel(func(m tea.Model) bool {
		c := m.(*chat)
		return u.Holds(c.Turn == nil, c.Waiting())
	})
}

func (d goldenDriver) WaitFinished() error { return d.k.WaitFinished() }
