package main

import (
	"io"
	"strings"
	"testing"

	"github.com/charmbracelet/x/vt"

	"github.com/hostbridge/hostbridge/internal/chatscript/chattest"
)

// screen reads what the chat shows from a terminal emulator (Charm's
// x/vt) fed the bytes it writes: v2's renderer writes only what changed
// between frames, moving the cursor over what is already on the screen,
// so the text cannot be read off the bytes alone.
type screen struct {
	vt      *vt.Emulator
	screens strings.Builder // every screen shown, one after the other
}

// newScreen makes a 100x30 screen, the pty's size, closed when t ends.
func newScreen(t *testing.T) chattest.Screen {
	s := &screen{vt: vt.NewEmulator(100, 30)}
	// The emulator answers the chat's queries into a pipe: drain it (the
	// test answers the ones it must), until the cleanup.
	drained := make(chan struct{})
	go func() {
		defer close(drained)
		_, _ = io.Copy(io.Discard, s.vt)
	}()
	t.Cleanup(func() {
		// Closing the pipe's end, not the emulator: Emulator.Close and
		// Read share an unguarded flag (x/vt v0.1.0).
		if pw, ok := s.vt.InputPipe().(*io.PipeWriter); ok {
			_ = pw.Close()
			<-drained
		}
	})
	return s
}

func (s *screen) Write(p []byte) {
	_, _ = s.vt.Write(p)
	s.screens.WriteString(s.vt.String())
	s.screens.WriteByte('\n')
}

func (s *screen) Shown() string { return s.screens.String() }
