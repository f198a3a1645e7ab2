//go:build linux || darwin

package main

import (
	"bytes"
	"testing"

	"github.com/hostbridge/hostbridge/internal/chatscript/chattest"
)

// TestChat runs the end-to-end tests shared with the v1 chat
// (internal/chatscript/chattest) on this chat's binary.
func TestChat(t *testing.T) { chattest.Run(t, e2e) }

// TestPTYBackground: the program asked the background once (v2 reads the
// answer as a message, not as keys).
func TestPTYBackground(t *testing.T) {
	t.Parallel()
	c := e2e.Start(t, chattest.TestEnv(t))
	c.WaitText("● ready")
	c.WaitFor("the background question", func(out []byte) bool { return bytes.Contains(out, []byte("\x1b]11;?")) })
	if n := bytes.Count(c.Output(), []byte("\x1b]11;?")); n != 1 {
		t.Errorf("OSC 11 asked %d times, want once", n)
	}
	c.Write("/quit\r")
	c.Exit()
}
