package teatest

import (
	tea "charm.land/bubbletea/v2"

	"github.com/hostbridge/hostbridge/internal/kitcore"
)

// observer is the program's model: the v2 face of the kit's Core, which
// passes every message to the wrapped model, follows the Cmds, answers the
// kit's own messages and catches the app's panics (see kitcore).
type observer struct {
	c     *kitcore.Core[tea.Msg, tea.Model, tea.Cmd]
	inner tea.Model // hostbridge's wrapper around the app's model
}

func (o *observer) Init() tea.Cmd { return o.c.Track(o.inner.Init()) }

func (o *observer) Update(msg tea.Msg) (tea.Model, tea.Cmd) { return o, o.c.Update(msg) }

func (o *observer) View() (view tea.View) {
	o.c.Guard(func() { view = o.inner.View() })
	return view
}

// tap sits between hostbridge's wrapper and the app's model, keeping the
// model the app's Update last returned.
type tap struct{ inner tea.Model }

func (t *tap) Init() tea.Cmd { return t.inner.Init() }

func (t *tap) Update(msg tea.Msg) (tea.Model, tea.Cmd) {
	var cmd tea.Cmd
	t.inner, cmd = t.inner.Update(msg)
	return t, cmd
}

func (t *tap) View() tea.View { return t.inner.View() }
