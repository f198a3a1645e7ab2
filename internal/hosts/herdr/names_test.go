package herdr

import (
	"errors"
	"strings"
	"testing"

	"github.com/hostbridge/hostbridge/internal/hosts/hostio"
	"github.com/hostbridge/hostbridge/internal/settings"
)

// herdr's names, made from the app's: its sources and token names.

// herdr's default source is "custom:" and the agent's name: a valid agent
// name makes a valid source, the longest too.
func TestDefaultSource(t *testing.T) {
	for _, agent := range []string{"iota", "my-chat_2.0", "9", strings.Repeat("x", settings.MaxAgent)} {
		b, err := NewTest(TestConfig{Socket: "/run/h.sock", Pane: "w1:p2", Agent: agent})
		if err != nil {
			t.Fatalf("agent %q: %v", agent, err)
		}
		if b.c.Source != "custom:"+agent || !settings.ValidSource(b.c.Source) {
			t.Errorf("agent %q: source %q, want a valid custom:%s", agent, b.c.Source, agent)
		}
	}
}

func TestHerdrTokenName(t *testing.T) {
	tests := []struct{ name, want string }{
		{"model", "model"},
		{"context window", "context_window"},
		{"cost $", "cost__"},
		{"-x", "-x"},
		{"a=b", "a_b"},
		{"_", "_"},
		{"💰", ""},
		{"", ""},
		{"ünit", "_nit"},
		{"resume", ""}, // the resume command's
		{strings.Repeat("n", 40), strings.Repeat("n", 32)},
	}
	for _, tt := range tests {
		if got := herdrTokenName(tt.name); got != tt.want {
			t.Errorf("herdrTokenName(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestNewHerdrRejectsBadConfig(t *testing.T) {
	good := TestConfig{Socket: "/run/h.sock", Pane: "w1:p2", Agent: "chat"}
	tests := []struct {
		name string
		edit func(*TestConfig)
		want string // in the error
	}{
		{"no agent", func(c *TestConfig) { c.Agent = "" }, "agent name"},
		{"agent with newline", func(c *TestConfig) { c.Agent = "a\nb" }, "agent name"},
		{"agent with escape", func(c *TestConfig) { c.Agent = "a\x1b[2Jb" }, "agent name"},
		{"agent too long", func(c *TestConfig) { c.Agent = strings.Repeat("a", 65) }, "agent name"},
		// A leading '-' would read as a flag on herdr's command line; a
		// blank is outside WithAgent's rule (names.go settings.ValidAgent).
		{"agent like a flag", func(c *TestConfig) { c.Agent = "-a" }, "agent name"},
		{"agent with a blank", func(c *TestConfig) { c.Agent = "my chat" }, "agent name"},
		{"no pane", func(c *TestConfig) { c.Pane = "" }, "HERDR_PANE_ID"},
		{"pane with control", func(c *TestConfig) { c.Pane = "w1:p2\x00" }, "pane id"},
		{"source with space", func(c *TestConfig) { c.Source = "my source" }, "source"},
		{"source too long", func(c *TestConfig) { c.Source = strings.Repeat("s", 81) }, "source"},
		{"socket without path", func(c *TestConfig) { c.Socket = "" }, "HERDR_SOCKET_PATH"},
		{"NUL in binary path", func(c *TestConfig) { c.Bin = "/bin/herdr\x00" }, "NUL"},
	}
	for _, tt := range tests {
		cfg := good
		tt.edit(&cfg)
		b, err := NewTest(cfg)
		if b != nil || !errors.Is(err, hostio.ErrConfig) || !strings.HasPrefix(err.Error(), "herdr: ") || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: newHerdr = %v, %v; want hostio.ErrConfig mentioning %q", tt.name, b, err, tt.want)
		}
	}
	b, err := NewTest(TestConfig{Pane: "w1:p2", Agent: "chat", CLI: true})
	if err != nil || b.Name() != "herdr" || b.c.Source != "custom:chat" {
		t.Errorf("CLI without a socket: %v, %v", b, err)
	}
	if b, err := NewTest(TestConfig{Pane: "w1:p2", Agent: "mendcode", Source: "mendcode", Socket: "/s"}); err != nil || b.c.Source != "mendcode" {
		t.Errorf("explicit source: %v, %v", b, err)
	}
}
