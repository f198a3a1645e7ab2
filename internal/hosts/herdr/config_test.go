package herdr_test

import (
	"runtime"
	"strings"
	"testing"

	"github.com/hostbridge/hostbridge/internal/hosts/herdr"
)

func TestNewRejectsBadConfig(t *testing.T) {
	good := herdr.Config{SocketPath: "/run/h.sock", PaneID: "w1:p2", Agent: "chat"}
	tests := []struct {
		name string
		edit func(*herdr.Config)
		want string // in the error
	}{
		{"no agent", func(c *herdr.Config) { c.Agent = "" }, "agent name is required"},
		{"agent with newline", func(c *herdr.Config) { c.Agent = "a\nb" }, "agent name"},
		{"agent with escape", func(c *herdr.Config) { c.Agent = "a\x1b[2Jb" }, "agent name"},
		{"agent too long", func(c *herdr.Config) { c.Agent = strings.Repeat("a", 65) }, "agent name"},
		{"no pane", func(c *herdr.Config) { c.PaneID = "" }, "HERDR_PANE_ID"},
		{"pane with control", func(c *herdr.Config) { c.PaneID = "w1:p2\x00" }, "pane id"},
		{"source with space", func(c *herdr.Config) { c.Source = "my source" }, "source"},
		{"source too long", func(c *herdr.Config) { c.Source = strings.Repeat("s", 81) }, "source"},
		{"unknown transport", func(c *herdr.Config) { c.Transport = 7 }, "transport Transport(7)"},
		{"socket without path", func(c *herdr.Config) { c.Transport, c.SocketPath = herdr.TransportSocket, "" }, "HERDR_SOCKET_PATH"},
		{"NUL in binary path", func(c *herdr.Config) { c.BinPath = "/bin/herdr\x00" }, "NUL"},
	}
	for _, tt := range tests {
		t.Run(tt.name, func(t *testing.T) {
			cfg := good
			tt.edit(&cfg)
			b, err := herdr.New(cfg)
			if err == nil || b != nil {
				t.Fatalf("New = %v, %v; want an error", b, err)
			}
			if !strings.HasPrefix(err.Error(), "herdr: ") || !strings.Contains(err.Error(), tt.want) {
				t.Errorf("error %q, want it to mention %q", err, tt.want)
			}
		})
	}
}

func TestNewDefaults(t *testing.T) {
	b, err := herdr.New(herdr.Config{PaneID: "w1:p2", Agent: "chat", Transport: herdr.TransportCLI})
	if err != nil {
		t.Fatalf("CLI transport needs no socket path: %v", err)
	}
	if b.Name() != "herdr" || b.Source() != "custom:chat" {
		t.Errorf("Name %q, Source %q", b.Name(), b.Source())
	}
	b, err = herdr.New(herdr.Config{PaneID: "w1:p2", Agent: "mendcode", Source: "mendcode", SocketPath: "/s"})
	if err != nil || b.Source() != "mendcode" {
		t.Errorf("explicit source: %v, %v", b, err)
	}
	_, err = herdr.New(herdr.Config{PaneID: "w1:p2", Agent: "chat"})
	if onWindows := runtime.GOOS == "windows"; (err == nil) == !onWindows {
		t.Errorf("auto transport without a socket path on %s: %v", runtime.GOOS, err)
	}
}

func TestDefaultSource(t *testing.T) {
	tests := []struct{ agent, want string }{
		{"iota", "custom:iota"},
		{"my-chat_2.0", "custom:my-chat_2.0"},
		{"My Chat", "custom:My_Chat"},
		{"a  /  b", "custom:a_b"},
		{"día", "custom:d_a"},
		{"über", "custom:_ber"},
		{"chat!", "custom:chat"},
		{"日本", "custom:agent"},
		{strings.Repeat("x", 100), "custom:" + strings.Repeat("x", 73)},
	}
	for _, tt := range tests {
		got := herdr.DefaultSource(tt.agent)
		if got != tt.want {
			t.Errorf("DefaultSource(%q) = %q, want %q", tt.agent, got, tt.want)
		}
		if len(got) > herdr.MaxSource {
			t.Errorf("DefaultSource(%q) is %d bytes", tt.agent, len(got))
		}
		if _, err := herdr.New(herdr.Config{PaneID: "p", Agent: "a", SocketPath: "/s", Source: got}); err != nil {
			t.Errorf("DefaultSource(%q) = %q is not a valid source: %v", tt.agent, got, err)
		}
	}
}

func TestTokenName(t *testing.T) {
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
		{strings.Repeat("n", 40), strings.Repeat("n", 32)},
	}
	for _, tt := range tests {
		if got := herdr.TokenName(tt.name); got != tt.want {
			t.Errorf("TokenName(%q) = %q, want %q", tt.name, got, tt.want)
		}
	}
}

func TestTransportString(t *testing.T) {
	for tr, want := range map[herdr.Transport]string{
		herdr.TransportAuto: "auto", herdr.TransportSocket: "socket", herdr.TransportCLI: "cli", 9: "Transport(9)",
	} {
		if got := tr.String(); got != want {
			t.Errorf("%d.String() = %q, want %q", tr, got, want)
		}
	}
}
