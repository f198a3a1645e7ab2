package kittest

import "fmt"

// ExampleT stands in for the *testing.T a test passes to a kit's New in
// the kits' Examples, which have none: Errorf prints, Fatalf panics, and
// Done runs the cleanups, last first.
type ExampleT struct{ cleanups }

func (*ExampleT) Helper()                      {}
func (*ExampleT) Name() string                 { return "Example" }
func (*ExampleT) Errorf(f string, args ...any) { fmt.Printf("error: "+f+"\n", args...) }
func (*ExampleT) Fatalf(f string, args ...any) { panic(fmt.Sprintf(f, args...)) }

// Done runs the cleanups, as the end of a test does.
func (e *ExampleT) Done() { e.run() }

// cleanups are a stand-in TB's Cleanup functions.
type cleanups []func()

func (c *cleanups) Cleanup(f func()) { *c = append(*c, f) }

// run runs the cleanups, last first, as the end of a test does.
func (c cleanups) run() {
	for i := len(c) - 1; i >= 0; i-- {
		c[i]()
	}
}
