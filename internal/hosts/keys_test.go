package hosts

import (
	"errors"
	"strings"
	"testing"

	"github.com/hostbridge/hostbridge/internal/hosts/hostio"
	"github.com/hostbridge/hostbridge/internal/settings"
)

// The names each host takes, made from the app's: herdr's sources and
// token names, tuios's rail keys and sub-agent ids, cmux's row keys.

// herdr's default source is "custom:" and the agent's name: a valid agent
// name makes a valid source, the longest too.
func TestDefaultSource(t *testing.T) {
	for _, agent := range []string{"iota", "my-chat_2.0", "9", strings.Repeat("x", settings.MaxAgent)} {
		b, err := NewHerdr(HerdrConfig{Socket: "/run/h.sock", Pane: "w1:p2", Agent: agent})
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
	good := HerdrConfig{Socket: "/run/h.sock", Pane: "w1:p2", Agent: "chat"}
	tests := []struct {
		name string
		edit func(*HerdrConfig)
		want string // in the error
	}{
		{"no agent", func(c *HerdrConfig) { c.Agent = "" }, "agent name"},
		{"agent with newline", func(c *HerdrConfig) { c.Agent = "a\nb" }, "agent name"},
		{"agent with escape", func(c *HerdrConfig) { c.Agent = "a\x1b[2Jb" }, "agent name"},
		{"agent too long", func(c *HerdrConfig) { c.Agent = strings.Repeat("a", 65) }, "agent name"},
		// A leading '-' would read as a flag on herdr's command line; a
		// blank is outside WithAgent's rule (names.go settings.ValidAgent).
		{"agent like a flag", func(c *HerdrConfig) { c.Agent = "-a" }, "agent name"},
		{"agent with a blank", func(c *HerdrConfig) { c.Agent = "my chat" }, "agent name"},
		{"no pane", func(c *HerdrConfig) { c.Pane = "" }, "HERDR_PANE_ID"},
		{"pane with control", func(c *HerdrConfig) { c.Pane = "w1:p2\x00" }, "pane id"},
		{"source with space", func(c *HerdrConfig) { c.Source = "my source" }, "source"},
		{"source too long", func(c *HerdrConfig) { c.Source = strings.Repeat("s", 81) }, "source"},
		{"socket without path", func(c *HerdrConfig) { c.Socket = "" }, "HERDR_SOCKET_PATH"},
		{"NUL in binary path", func(c *HerdrConfig) { c.Bin = "/bin/herdr\x00" }, "NUL"},
	}
	for _, tt := range tests {
		cfg := good
		tt.edit(&cfg)
		b, err := NewHerdr(cfg)
		if b != nil || !errors.Is(err, hostio.ErrConfig) || !strings.HasPrefix(err.Error(), "herdr: ") || !strings.Contains(err.Error(), tt.want) {
			t.Errorf("%s: newHerdr = %v, %v; want hostio.ErrConfig mentioning %q", tt.name, b, err, tt.want)
		}
	}
	b, err := NewHerdr(HerdrConfig{Pane: "w1:p2", Agent: "chat", CLI: true})
	if err != nil || b.Name() != "herdr" || b.c.Source != "custom:chat" {
		t.Errorf("CLI without a socket: %v, %v", b, err)
	}
	if b, err := NewHerdr(HerdrConfig{Pane: "w1:p2", Agent: "mendcode", Source: "mendcode", Socket: "/s"}); err != nil || b.c.Source != "mendcode" {
		t.Errorf("explicit source: %v, %v", b, err)
	}
}

func TestNewTuiosConfig(t *testing.T) {
	ok := TuiosConfig{Socket: "/s", Session: "main", Pane: "p", Agent: "chat"}
	for _, tc := range []struct {
		name string
		edit func(*TuiosConfig)
	}{
		{"no socket", func(c *TuiosConfig) { c.Socket = "" }},
		{"no session", func(c *TuiosConfig) { c.Session = "" }},
		{"no pane", func(c *TuiosConfig) { c.Pane = "" }},
		{"no agent", func(c *TuiosConfig) { c.Agent = "" }},
		{"agent with control", func(c *TuiosConfig) { c.Agent = "chat\x1b]9;x" }},
		{"agent too long", func(c *TuiosConfig) { c.Agent = strings.Repeat("a", settings.MaxAgent+1) }},
		{"agent like a flag", func(c *TuiosConfig) { c.Agent = "-a" }},
		{"agent with a blank", func(c *TuiosConfig) { c.Agent = "my chat" }},
		{"pane with newline", func(c *TuiosConfig) { c.Pane = "p\nq" }},
		{"session with a control", func(c *TuiosConfig) { c.Session = "my\twork" }},
		{"session with a C1 control", func(c *TuiosConfig) { c.Session = "my\u009bwork" }},
		{"session not UTF-8", func(c *TuiosConfig) { c.Session = "my\xffwork" }},
	} {
		c := ok
		tc.edit(&c)
		if _, err := NewTuios(c); !errors.Is(err, hostio.ErrConfig) || !strings.HasPrefix(err.Error(), "tuios: ") {
			t.Errorf("%s: newTuios: %v, want hostio.ErrConfig", tc.name, err)
		}
	}
	if _, err := NewTuios(ok); err != nil {
		t.Errorf("newTuios(valid): %v", err)
	}
	ok.Session = "my  work " // tuios allows blanks in a session name
	if _, err := NewTuios(ok); err != nil {
		t.Errorf("newTuios(session %q): %v", ok.Session, err)
	}
}

func TestMetaKey(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"model", "model"},
		{"Context", "context"},
		{"cost usd", "cost_usd"},
		{"cost (USD)", "cost__usd_"},
		{"tokens-in", "tokens-in"},
		{"2nd model", "nd_model"},
		{"__x", "x"},
		{"a.b/c", "a_b_c"},
		{"Modèle", "mod_le"},
		{"abcdefghijklmnopqrstuvwxyz", "abcdefghijklmnopqrstuvwx"},
		{"", ""},
		{"123", ""},
		{"now", ""},
		{"Prompt", ""},
		{"subagents", ""},
	} {
		if got := metaKey(tc.in); got != tc.want {
			t.Errorf("metaKey(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func FuzzMetaKey(f *testing.F) {
	for _, s := range []string{"model", "Cost USD", "é", "-x", "now"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		k := metaKey(s)
		if k == "" {
			return
		}
		if len(k) > 24 || k[0] < 'a' || k[0] > 'z' || strings.Trim(k, "abcdefghijklmnopqrstuvwxyz0123456789_-") != "" {
			t.Fatalf("metaKey(%q) = %q: not a tuios key", s, k)
		}
	})
}

func TestAgentID(t *testing.T) {
	for _, id := range []string{"a1", "task_7", "task-7", "agent:1@x.y-z", strings.Repeat("a", 64)} {
		if got := agentID(id); got != id {
			t.Errorf("agentID(%q) = %q, want it unchanged", id, got)
		}
	}
	for _, id := range []string{"", "a b", "ä", "x/y", strings.Repeat("a", 65)} {
		got := agentID(id)
		if got == id || !strings.HasPrefix(got, "h-") || agentID(id) != got {
			t.Errorf("agentID(%q) = %q, want a stable hash", id, got)
		}
	}
	if agentID("a b") == agentID("a c") {
		t.Error("two ids hash alike")
	}
}

func TestTuiosSessionIDCut(t *testing.T) {
	long := strings.Repeat("é", 200) // 400 bytes
	if got := tuiosSessionID(long); len(got) > 256 || !strings.HasPrefix(long, got) || len(got) < 255 {
		t.Errorf("tuiosSessionID cut to %d bytes", len(got))
	}
	if tuiosSessionID("abc") != "abc" {
		t.Error("short id changed")
	}
}

func TestStatusKey(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"chat", "chat"},
		{"my agent", "my_agent"},
		{"Claude_Code-2.1", "Claude_Code-2.1"},
		{"--icon", "icon"},
		{"-rf", "rf"},
		{"a--b", "a--b"},
		{"- -x", "_-x"},
		{"ボット", ""}, // only "_" left: no usable key
		{"x\x1b]9;hi\x07", "x__9_hi_"},
		{strings.Repeat("a", 70), strings.Repeat("a", 64)},
		{"", ""},
		{"---", ""},
		{"._.", ""},
	} {
		if got := statusKey(tc.in); got != tc.want {
			t.Errorf("statusKey(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func FuzzStatusKey(f *testing.F) {
	for _, s := range []string{"chat", "--icon", "-", "a b", "é", "--workspace=x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		k := statusKey(s)
		if k == "" {
			return
		}
		if strings.HasPrefix(k, "-") || len(k) > 64 || strings.Trim(k, "abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-") != "" {
			t.Fatalf("statusKey(%q) = %q", s, k)
		}
	})
}
