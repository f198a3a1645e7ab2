//go:build linux || darwin

package main

import (
	"bytes"
	"testing"

	"github.com/hostbridge/hostbridge/internal/chatscript/chattest"
)

// TestChat runs the end-to-end tests shared with the v2 chat
// (internal/chatscript/chattest) on this chat's binary.
func TestChat(t *testing.T) { chattest.Run(t, e2e) }

// TestPTYBackground: the background was asked before the program took the
// terminal, not after: Bubble Tea v1 would read the answer as keys.
func TestPTYBackground(t *testing.T) {
	t.Parallel()
	c := e2e.Start(t, chattest.TestEnv(t))
	c.WaitText("● ready")
	out := c.Output()
	if q, r := bytes.LastIndex(out, []byte("\x1b]11;?")), bytes.Index(out, []byte("● ready")); q > r {
		t.Errorf("OSC 11 asked after the first frame (at %d, frame at %d)", q, r)
	}
	c.Write("/quit\r")
	c.Exit()
}
