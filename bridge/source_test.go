package bridge

import (
	"errors"
	"strings"
	"testing"

	"github.com/hostbridge/hostbridge/internal/settings"
)

// herdr's default source is "custom:" and the agent's name, made where
// every default is (Config.settings): a valid agent name makes a valid
// source, the longest too. WithSource replaces it; a bad one leaves it.
func TestDefaultSource(t *testing.T) {
	for _, agent := range []string{"iota", "my-chat_2.0", "9", strings.Repeat("x", settings.MaxAgent)} {
		s, err := Config{Agent: agent}.settings()
		if err != nil || s.Source != "custom:"+agent || !settings.ValidSource(s.Source) {
			t.Errorf("agent %q: source %q (%v), want a valid custom:%s", agent, s.Source, err, agent)
		}
	}
	if s, _ := (Config{}).settings(); s.Source != "custom:"+s.Agent {
		t.Errorf("the program's agent %q: source %q", s.Agent, s.Source)
	}
	if s, err := (Config{Agent: "mendcode", Source: "mendcode"}).settings(); err != nil || s.Source != "mendcode" {
		t.Errorf("explicit source: %q, %v", s.Source, err)
	}
	if s, err := (Config{Agent: "chat", Source: "my source"}).settings(); !errors.Is(err, ErrOption) || s.Source != "custom:chat" {
		t.Errorf("bad source: %q, %v; want the default and ErrOption", s.Source, err)
	}
}
