package chatscript

import (
	"crypto/rand"
	"encoding/hex"
	"encoding/json"
	"errors"
	"fmt"
	"io/fs"
	"os"
	"path/filepath"
	"regexp"
	"time"
)

// A session is the conversation the chat writes into: an id and a bundle
// directory under the user's cache directory, where /save leaves a small
// JSON transcript. Hosts that list sessions (herdr) are told both.
type Session struct {
	ID  string
	Dir string
}

// TranscriptFile is the file /save writes in a session's directory.
const TranscriptFile = "transcript.json"

// ErrNoCache is returned when the user has no cache directory, so sessions
// cannot be saved (the chat still runs).
var ErrNoCache = errors.New("chat: no cache directory for sessions")

// sessionName is what an id may look like: it becomes a directory name and
// a word in a resume command line, so it stays short and plain.
var sessionName = regexp.MustCompile(`^[A-Za-z0-9][A-Za-z0-9._-]{0,63}$`)

func CheckSessionName(name string) error {
	if !sessionName.MatchString(name) {
		return fmt.Errorf("chat: session name %q: want 1-64 of [A-Za-z0-9._-], starting with a letter or digit", name)
	}
	return nil
}

// NewSessionID returns a fresh id: the start time, readable and sortable,
// and a little randomness so two chats started in the same second differ.
func NewSessionID(now time.Time) string {
	var b [3]byte
	_, _ = rand.Read(b[:]) // crypto/rand never fails on supported platforms
	return now.Format("20060102-150405") + "-" + hex.EncodeToString(b[:])
}

// SessionsRoot is where session directories live:
// <user cache dir>/hostbridge-chat/sessions.
func SessionsRoot() (string, error) {
	dir, err := os.UserCacheDir()
	if err != nil {
		return "", fmt.Errorf("%w: %w", ErrNoCache, err)
	}
	return filepath.Join(dir, "hostbridge-chat", "sessions"), nil
}

// OpenSession names the session id under root. root may be empty (no cache
// directory): the session then has no directory and cannot be saved.
func OpenSession(root, id string) Session {
	s := Session{ID: id}
	if root != "" {
		s.Dir = filepath.Join(root, id)
	}
	return s
}

// Transcript is what /save writes.
type Transcript struct {
	ID       string    `json:"id"`
	Agent    string    `json:"agent"`
	Model    string    `json:"model"`
	Saved    time.Time `json:"saved"`
	Messages []Entry   `json:"messages"`
}

// Save writes t into the session's directory (created 0700: transcripts
// are private), atomically, so a crash never leaves half a file.
func (s Session) Save(t Transcript) error {
	if s.Dir == "" {
		return ErrNoCache
	}
	if err := os.MkdirAll(s.Dir, 0o700); err != nil {
		return fmt.Errorf("chat: save session: %w", err)
	}
	data, err := json.MarshalIndent(t, "", "  ")
	if err != nil {
		return fmt.Errorf("chat: save session: %w", err)
	}
	tmp, err := os.CreateTemp(s.Dir, ".transcript-*")
	if err != nil {
		return fmt.Errorf("chat: save session: %w", err)
	}
	_, werr := tmp.Write(append(data, '\n'))
	cerr := tmp.Close()
	if err := errors.Join(werr, cerr); err != nil {
		_ = os.Remove(tmp.Name())
		return fmt.Errorf("chat: save session: %w", err)
	}
	if err := os.Rename(tmp.Name(), filepath.Join(s.Dir, TranscriptFile)); err != nil {
		_ = os.Remove(tmp.Name())
		return fmt.Errorf("chat: save session: %w", err)
	}
	return nil
}

// Load reads the session's saved transcript; a session never saved has
// none, which is not an error.
func (s Session) Load() ([]Entry, error) {
	if s.Dir == "" {
		return nil, nil
	}
	data, err := os.ReadFile(filepath.Join(s.Dir, TranscriptFile))
	if errors.Is(err, fs.ErrNotExist) {
		return nil, nil
	}
	if err != nil {
		return nil, fmt.Errorf("chat: load session: %w", err)
	}
	var t Transcript
	if err := json.Unmarshal(data, &t); err != nil {
		return nil, fmt.Errorf("chat: load session %s: %w", s.ID, err)
	}
	// The file may have been written by someone else: its text is shown,
	// and must not reach the terminal as commands (a clipboard write, a
	// title).
	for i, e := range t.Messages {
		t.Messages[i] = Entry{Role: Role(Shown(string(e.Role))), Text: Shown(e.Text)}
	}
	return t.Messages, nil
}

// RootOf is the directory that holds s's directory and its siblings.
func RootOf(s Session) string {
	if s.Dir == "" {
		return ""
	}
	return filepath.Dir(s.Dir)
}
