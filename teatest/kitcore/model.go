package kitcore

// The Bubble Tea model a kit runs, written once: M is the version's
// tea.Msg, T its tea.Model, C its tea.Cmd, V what its View returns (a
// string in v1, a tea.View in v2). It implements T.

// teaModel is a Bubble Tea model of the version.
type teaModel[M, T any, C ~func() M, V any] interface {
	Init() C
	Update(M) (T, C)
	View() V
}

// observer is the program's model (New returns it): the version's face of
// a Core, which passes every message to the wrapped model, follows the
// Cmds, answers the kit's own messages and catches the app's panics.
type observer[M, T any, C ~func() M, V any] struct {
	c     *Core[M, T, C]
	inner teaModel[M, T, C, V] // hostbridge's wrapper around the app's model
}

func (o *observer[M, T, C, V]) Init() C { return o.c.cmds.track(o.inner.Init(), nil) }

func (o *observer[M, T, C, V]) Update(msg M) (T, C) {
	return any(o).(T), o.c.update(msg, o.inner.Update)
}

func (o *observer[M, T, C, V]) View() (view V) {
	o.c.guard(func() { view = o.inner.View() })
	return view
}
