package chatscript

import (
	"errors"
	"os"
	"path/filepath"
	"reflect"
	"strings"
	"testing"
	"time"
)

func TestCheckSessionName(t *testing.T) {
	tests := []struct {
		name string
		ok   bool
	}{
		{"s1", true},
		{"20260101-120000-abcdef", true},
		{"my.session_2", true},
		{strings.Repeat("a", 64), true},
		{strings.Repeat("a", 65), false},
		{"", false},
		{".hidden", false},
		{"..", false},
		{"a/b", false},
		{"a b", false},
		{"a\nb", false},
		{"-rf", false},
	}
	for _, tt := range tests {
		if err := CheckSessionName(tt.name); (err == nil) != tt.ok {
			t.Errorf("CheckSessionName(%q) = %v, want ok %v", tt.name, err, tt.ok)
		}
	}
}

func TestNewSessionID(t *testing.T) {
	now := time.Date(2026, 3, 4, 5, 6, 7, 0, time.UTC)
	a, b := NewSessionID(now), NewSessionID(now)
	if !strings.HasPrefix(a, "20260304-050607-") || len(a) != len("20260304-050607-")+6 {
		t.Errorf("id %q", a)
	}
	if a == b {
		t.Errorf("two ids in the same second are equal: %q", a)
	}
	if err := CheckSessionName(a); err != nil {
		t.Errorf("a new id is not a valid name: %v", err)
	}
}

func TestSessionSaveLoad(t *testing.T) {
	root := filepath.Join(t.TempDir(), "sessions")
	s := OpenSession(root, "x")
	if got, err := s.Load(); err != nil || got != nil {
		t.Fatalf("load of an unsaved session = %v, %v", got, err)
	}
	msgs := []Entry{{Role: RoleUser, Text: "hi"}, {Role: RoleAssistant, Text: "You said: hi"}}
	if err := s.Save(Transcript{ID: "x", Messages: msgs}); err != nil {
		t.Fatal(err)
	}
	got, err := s.Load()
	if err != nil || !reflect.DeepEqual(got, msgs) {
		t.Fatalf("load = %v, %v; want %v", got, err, msgs)
	}
	entries, _ := os.ReadDir(s.Dir)
	if len(entries) != 1 {
		t.Errorf("session directory holds %d files, want only the transcript", len(entries))
	}
	if RootOf(s) != root {
		t.Errorf("RootOf = %q, want %q", RootOf(s), root)
	}

	if err := os.WriteFile(filepath.Join(s.Dir, TranscriptFile), []byte("{"), 0o600); err != nil {
		t.Fatal(err)
	}
	if _, err := s.Load(); err == nil {
		t.Error("a broken transcript loaded")
	}

	none := OpenSession("", "y")
	if err := none.Save(Transcript{}); !errors.Is(err, ErrNoCache) {
		t.Errorf("save without a cache dir = %v, want ErrNoCache", err)
	}
}

func TestSessionsRoot(t *testing.T) {
	dir := t.TempDir()
	t.Setenv("XDG_CACHE_HOME", dir)
	t.Setenv("HOME", dir)
	root, err := SessionsRoot()
	if err != nil {
		t.Skipf("no user cache dir here: %v", err)
	}
	if !strings.HasPrefix(root, dir) || !strings.HasSuffix(root, filepath.Join("hostbridge-chat", "sessions")) {
		t.Errorf("root = %q", root)
	}
}
