// Package kittest holds the test bodies the two kits' tests (teatest for
// Bubble Tea v1, teav2/teatest for v2) share: each kit's test file keeps
// its test apps, which are tied to its version, and a test function per
// case that calls the case here with its Version, so a golden file keeps
// the name of its test and a failure names the kit it is in.
package kittest

import (
	"fmt"
	"runtime"
	"sync"
	"time"

	"github.com/hostbridge/hostbridge/bridge"
	"github.com/hostbridge/hostbridge/host/hosttest"
)

// Kit is the public API of both kits' *Kit; M is the version's tea.Msg,
// Model its tea.Model.
type Kit[M, Model any] interface {
	Send(msgs ...M)
	Step(msgs ...M)
	Type(text string)
	Key(names ...string)
	View() string
	Transcript() string
	Quit() error
	WaitFinished() error
	WaitModel(cond func(Model) bool)
	FinalModel() Model
}

// Version is what the cases need of a kit and of its test apps.
type Version[M, Model any] struct {
	// New is the kit's New.
	New func(t hosttest.TB, app Model, opts ...hosttest.Option) Kit[M, Model]
	// WithBridgeOptions is the kit's WithBridgeOptions.
	WithBridgeOptions func(opts ...bridge.Option) hosttest.Option
	// Chat is the kit's test chat: it counts its turns, shows its status
	// (see ChatView), takes Submit, and quits on ctrl+c; Turns reads it.
	Chat  Model
	Turns func(Model) (turns int, busy bool)
	// Stuck is the kit's test app that blocks its Update on release at
	// Block, panics in Update at a string, and in View after BreakView.
	Stuck func(release chan struct{}) Model
	// Focus and Blur are the version's focus messages.
	Focus, Blur M
	// Wrap is the frontend's Wrap, reporting nowhere; close stops it.
	Wrap func(app Model) (wrapped Model, close func() error)
}

// Submit is a prompt to the test chat: the turn starts at once and the
// reply arrives after a while, from a Cmd, as from a model.
type Submit struct {
	Reply string
	After time.Duration
}

// The messages the Stuck app acts on.
type (
	Block     struct{}
	BreakView struct{}
)

// RecordingTB is a TB whose Fatalf ends the calling goroutine, as
// testing's does, so the kit's failures can be checked.
type RecordingTB struct {
	cleanups
	mu     sync.Mutex
	errors []string
}

func (r *RecordingTB) Helper()      {}
func (r *RecordingTB) Name() string { return "TestRecorded" }
func (r *RecordingTB) Errorf(format string, args ...any) {
	r.mu.Lock()
	defer r.mu.Unlock()
	r.errors = append(r.errors, fmt.Sprintf(format, args...))
}
func (r *RecordingTB) Fatalf(format string, args ...any) {
	r.Errorf(format, args...)
	runtime.Goexit()
}

// Run calls f as a test body would, on a goroutine of its own, then the
// cleanups, last first, and returns what was reported.
func (r *RecordingTB) Run(f func()) []string {
	done := make(chan struct{})
	go func() {
		defer close(done)
		f()
	}()
	<-done
	r.cleanups.run()
	return r.errors
}
