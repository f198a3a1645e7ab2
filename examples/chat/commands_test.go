package main

import (
	"encoding/json"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"testing/synctest"
	"time"

	tea "github.com/charmbracelet/bubbletea"
	"github.com/hostbridge/hostbridge"
)

func TestSaveAndSwitch(t *testing.T) {
	synctest.Test(t, func(t *testing.T) {
		c := testChat(t, time.Second)
		l := newLoop(t, c)
		l.typeLine("hello")

		s1 := c.Sess
		got := l.typeLine("/save")
		if want := []tea.Msg{hostbridge.SessionSaved{ID: "s1", Dir: s1.Dir}}; !reflect.DeepEqual(got, want) {
			t.Fatalf("/save emitted %#v, want %#v", got, want)
		}
		checkMode(t, s1.Dir, 0o700)
		file := filepath.Join(s1.Dir, transcriptFile)
		checkMode(t, file, 0o600)
		data, err := os.ReadFile(file)
		if err != nil {
			t.Fatal(err)
		}
		var tr transcript
		if err := json.Unmarshal(data, &tr); err != nil {
			t.Fatalf("transcript is not JSON: %v\n%s", err, data)
		}
		wantMsgs := []entry{{Role: roleUser, Text: "hello"}, {Role: roleAssistant, Text: "You said: hello"}}
		if tr.ID != "s1" || tr.Agent != "chat" || tr.Model != startModel || !reflect.DeepEqual(tr.Messages, wantMsgs) {
			t.Errorf("transcript = %+v", tr)
		}

		got = l.typeLine("/session s2")
		s2 := filepath.Join(filepath.Dir(s1.Dir), "s2")
		want := []tea.Msg{hostbridge.SessionSaved{ID: "s2", Dir: s2, Switched: true}, meta(1)}
		if !reflect.DeepEqual(got, want) {
			t.Fatalf("/session s2 emitted %#v, want %#v", got, want)
		}
		if strings.Contains(render(&c.Conv, c.st, 80), "You said") {
			t.Error("the new session shows the old conversation")
		}
		if !strings.Contains(c.View(), "session s2") {
			t.Errorf("status line does not name s2:\n%s", c.View())
		}

		l.typeLine("/session s1")
		if !strings.Contains(render(&c.Conv, c.st, 80), "You said: hello") {
			t.Error("switching back did not load the saved conversation")
		}
	})
}

func checkMode(t *testing.T, path string, want os.FileMode) {
	t.Helper()
	fi, err := os.Stat(path)
	if err != nil {
		t.Fatal(err)
	}
	if got := fi.Mode().Perm(); got != want {
		t.Errorf("%s: mode %v, want %v", path, got, want)
	}
}

func TestSessionRefused(t *testing.T) {
	for _, line := range []string{"/session ../etc", "/session a b", "/session " + strings.Repeat("x", 65)} {
		c := testChat(t, time.Second)
		if got := newLoop(t, c).typeLine(line); len(got) != 0 {
			t.Errorf("%q emitted %#v", line, got)
		}
		if c.Sess.ID != "s1" {
			t.Errorf("%q switched to %q", line, c.Sess.ID)
		}
	}
	// Not while a turn runs.
	c := testChat(t, time.Second)
	c.input.SetValue("hello")
	c.Update(tea.KeyMsg{Type: tea.KeyEnter})
	if got := newLoop(t, c).typeLine("/session s2"); len(got) != 0 || c.Sess.ID != "s1" {
		t.Errorf("switched during a turn: %#v", got)
	}
}

func TestModelCommand(t *testing.T) {
	c := testChat(t, time.Second)
	got := newLoop(t, c).typeLine("/model opus-9")
	want := []tea.Msg{hostbridge.MetaChanged{Model: "opus-9", Context: "0%", Cost: "$0.00"}}
	if !reflect.DeepEqual(got, want) {
		t.Errorf("/model emitted %#v, want %#v", got, want)
	}
	if !strings.Contains(c.View(), "opus-9") {
		t.Errorf("status line does not show the model:\n%s", c.View())
	}
	if got := newLoop(t, c).typeLine("/model"); len(got) != 0 {
		t.Errorf("/model without a name emitted %#v", got)
	}
}

func TestSystemCommand(t *testing.T) {
	c := testChat(t, time.Second)
	if got := newLoop(t, c).typeLine("/system"); len(got) != 0 {
		t.Errorf("/system emitted %#v", got)
	}
	last := c.Conv.Entries[len(c.Conv.Entries)-1]
	if last.Role != roleSystem || last.Text != c.System {
		t.Fatalf("last entry %+v, want the system prompt", last)
	}
	if !strings.HasSuffix(last.Text, "\nhost: herdr\nherdr pane: w1:p2\n</environment>") {
		t.Errorf("system prompt does not end with the host's environment lines:\n%s", last.Text)
	}
}

func TestUnknownCommand(t *testing.T) {
	c := testChat(t, time.Second)
	if got := newLoop(t, c).typeLine("/frobnicate"); len(got) != 0 {
		t.Errorf("emitted %#v", got)
	}
	if !strings.Contains(render(&c.Conv, c.st, 80), "Unknown command /frobnicate") {
		t.Error("no word about the unknown command")
	}
}
