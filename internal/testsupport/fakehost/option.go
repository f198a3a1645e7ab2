package fakehost

import "time"

// TB is the part of testing.TB the fakes and kits use. It is this narrow
// so that an Example, which has no *testing.T, can run them too.
type TB interface {
	Helper()
	Name() string
	Cleanup(func())
	Errorf(format string, args ...any)
	Fatalf(format string, args ...any)
}

// Option configures a fake (NewHerdr, NewTuios, NewCmux), WaitFor, or a
// kit built on a Rig (teatest.New). Each takes the options that concern it
// and ignores the others. A fake is itself an Option of a kit: the kit runs
// the program in its pane.
type Option interface{ apply(*Rig) }

type optionFunc func(*Rig)

func (f optionFunc) apply(r *Rig) { f(r) }

// defaultTimeout bounds each wait. Nothing waits that long unless
// something is wrong.
const defaultTimeout = 10 * time.Second

// WithEnv sets an environment variable. For a kit it is one the program
// sees, over the fakes' (STY=1 runs it inside GNU screen; an empty value
// unsets one). For a fake it is one of its pane's, and the fake takes its
// ids from there: HERDR_PANE_ID, TUIOS_SESSION, TUIOS_PANE_ID,
// CMUX_SURFACE_ID, CMUX_WORKSPACE_ID.
func WithEnv(name, value string) Option {
	return optionFunc(func(r *Rig) { r.set[name] = value })
}

// WithSize sets the terminal size a kit tells the program at start
// (default 80x24).
func WithSize(width, height int) Option {
	return optionFunc(func(r *Rig) { r.Width, r.Height = width, height })
}

// WithTimeout bounds each wait of a kit, or one WaitFor (default 10 s).
func WithTimeout(d time.Duration) Option {
	return optionFunc(func(r *Rig) {
		if d > 0 {
			r.Timeout = d
		}
	})
}

// WithReplace replaces old with new in every line of a kit's transcript:
// for the app's own values that change between runs (a directory under
// t.TempDir()). The fakes' ids and paths are replaced already.
func WithReplace(old, new string) Option {
	return optionFunc(func(r *Rig) {
		if old != "" {
			r.norm.plain = append(r.norm.plain, old, new)
		}
	})
}

// KitOption is an option of a kit's own, such as teatest.WithBridgeOptions:
// the kit finds v in Rig.Kit.
func KitOption(v any) Option {
	return optionFunc(func(r *Rig) { r.Kit = append(r.Kit, v) })
}

// settings applies opts to a fresh Rig, for a fake or WaitFor.
func settings(opts []Option) *Rig {
	r := &Rig{Width: 80, Height: 24, Timeout: defaultTimeout, set: map[string]string{}}
	for _, o := range opts {
		if o != nil {
			o.apply(r)
		}
	}
	return r
}
