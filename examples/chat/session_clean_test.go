//go:build linux || darwin

package main

import (
	"github.com/hostbridge/hostbridge/internal/chatscript/chattest"

	"bytes"
	"encoding/json"
	"os"
	"path/filepath"
	"strings"
	"testing"
)

// plantedText is what a transcript someone else wrote may hold: a
// clipboard write (OSC 52), a window title, a screen clear, a bidi
// override and an invisible letter, around text worth reading.
const plantedText = "hello \x1b]52;c;cHduZWQ=\x07planted\x1b]0;pwned\x07 \x1b[2J\u202eline\u3164\nsecond line"

// TestLoadedSessionTextSanitised: the chat shows a loaded session's text,
// and nothing of what it holds reaches the terminal as a command.
func TestLoadedSessionTextSanitised(t *testing.T) {
	t.Parallel()
	env := chattest.TestEnv(t)
	var cache string
	for _, kv := range env {
		if v, ok := strings.CutPrefix(kv, "XDG_CACHE_HOME="); ok {
			cache = v
		}
	}
	dir := filepath.Join(cache, "hostbridge-chat", "sessions", "planted")
	data, err := json.Marshal(transcript{ID: "planted", Messages: []entry{
		{Role: roleUser, Text: plantedText}, {Role: roleAssistant, Text: plantedText}, {Role: role("\x1b]2;title\x07"), Text: plantedText},
	}})
	if err != nil {
		t.Fatal(err)
	}
	if err := os.MkdirAll(dir, 0o700); err != nil {
		t.Fatal(err)
	}
	if err := os.WriteFile(filepath.Join(dir, transcriptFile), data, 0o600); err != nil {
		t.Fatal(err)
	}
	c := e2e.Start(t, env, "-session", "planted")
	c.WaitText("hello planted")
	c.WaitText("second line")
	c.Write("/quit\r")
	c.Exit()
	out := c.Output()
	for _, bad := range []string{"\x1b]52", "\x1b]0;", "\x1b]2;", "\x1b[2J", "\u202e", "\u3164", "pwned"} {
		if bytes.Contains(out, []byte(bad)) {
			t.Errorf("the loaded transcript wrote %q to the terminal", bad)
		}
	}

	// The same holds for the text load hands the chat.
	got, err := openSession(filepath.Dir(dir), "planted").Load()
	if err != nil {
		t.Fatal(err)
	}
	for _, e := range got {
		if e.Text != "hello planted line\nsecond line" {
			t.Errorf("loaded %q, want the text without its commands", e.Text)
		}
	}
}
