package kitcore

// The two Bubble Tea models a kit runs, written once: M is the version's
// tea.Msg, T its tea.Model, C its tea.Cmd, V what its View returns (a
// string in v1, a tea.View in v2). Both implement T.

// teaModel is a Bubble Tea model of the version.
type teaModel[M, T any, C ~func() M, V any] interface {
	Init() C
	Update(M) (T, C)
	View() V
}

// Observer is the program's model: the version's face of a Core, which
// passes every message to the wrapped model, follows the Cmds, answers the
// kit's own messages and catches the app's panics.
type Observer[M, T any, C ~func() M, V any] struct {
	c     *Core[M, T, C]
	inner teaModel[M, T, C, V] // hostbridge's wrapper around the app's model
}

// NewObserver returns the program's model for c around inner,
// hostbridge's wrapper.
func NewObserver[M, T any, C ~func() M, V any](c *Core[M, T, C], inner T) *Observer[M, T, C, V] {
	return &Observer[M, T, C, V]{c: c, inner: any(inner).(teaModel[M, T, C, V])}
}

func (o *Observer[M, T, C, V]) Init() C { return o.c.cmds.track(o.inner.Init(), nil) }

func (o *Observer[M, T, C, V]) Update(msg M) (T, C) {
	return any(o).(T), o.c.update(msg, o.inner.Update)
}

func (o *Observer[M, T, C, V]) View() (view V) {
	o.c.guard(func() { view = o.inner.View() })
	return view
}

// Keeper sits between hostbridge's wrapper and the app's model, keeping the
// model the app's Update last returned (Inner).
type Keeper[M, T any, C ~func() M, V any] struct{ Inner T }

func (t *Keeper[M, T, C, V]) app() teaModel[M, T, C, V] { return any(t.Inner).(teaModel[M, T, C, V]) }

func (t *Keeper[M, T, C, V]) Init() C { return t.app().Init() }

func (t *Keeper[M, T, C, V]) Update(msg M) (T, C) {
	var cmd C
	t.Inner, cmd = t.app().Update(msg)
	return any(t).(T), cmd
}

func (t *Keeper[M, T, C, V]) View() V { return t.app().View() }
