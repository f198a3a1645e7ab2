//go:build !unix

package bridge

import "os"

// signalWatch is a no-op without Unix signals: Bubble Tea and Close cover
// the exit there.
type signalWatch struct{}

func watchSignals(func(os.Signal), func(os.Signal) bool) *signalWatch { return nil }

func (w *signalWatch) stop() {}

func isHangup(os.Signal) bool { return false }
