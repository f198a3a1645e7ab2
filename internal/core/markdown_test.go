package core

import (
	"strings"
	"testing"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/settings"
)

func TestPlain(t *testing.T) {
	tests := []struct{ in, want string }{
		{"# Heading", "Heading"},
		{"### Fix the build", "Fix the build"},
		{"#hashtag stays", "#hashtag stays"},
		{"**Sure!** Here's the fix", "Sure! Here's the fix"},
		{"*Done*: see `main.go`", "Done: see main.go"},
		{"__bold__ and _it_", "bold and it"},
		{"snake_case_name and 2*3*4 stay", "snake_case_name and 2*3*4 stay"},
		{"- first item", "first item"},
		{"* starred item", "starred item"},
		{"12. twelfth", "twelfth"},
		{"3) third", "third"},
		{"> quoted > text", "quoted > text"},
		{"> > nested", "nested"},
		{"```go", ""},
		{"~~~", ""},
		{"See [the docs](https://example.com/x) now", "See the docs now"},
		{"![diagram](a.png) below", "diagram below"},
		{"[not a link] stays", "[not a link] stays"},
		{"**", ""},
		{"plain text", "plain text"},
		{"", ""},
	}
	for _, tt := range tests {
		if got := Plain(tt.in); got != tt.want {
			t.Errorf("Plain(%q) = %q, want %q", tt.in, got, tt.want)
		}
	}
}

// A reply's ping reads its first line of text, the markup gone.
func TestReplyPingDropsMarkdown(t *testing.T) {
	for in, want := range map[string]string{
		"# Heading\nbody":                     "Heading",
		"```go\nfmt.Println(1)\n```":          "fmt.Println(1)",
		"**Sure!** Here's the fix":            "Sure! Here's the fix",
		"\x1b[31m**red**\x1b[0m and [x](y)\n": "red and x",
	} {
		if got := ReplyWords(in, MaxPing); got != want {
			t.Errorf("ReplyWords(%q) = %q, want %q", in, got, want)
		}
	}
}

// A turn that ends with no reply text still tells an unfocused user it
// finished, by the agent's name.
func TestIdleWithoutReplyPingsFinished(t *testing.T) {
	m := newMachine(host.Session{}, func(s *settings.Settings) { s.Agent = "coder" })
	m.Start()
	m.TurnStarted()
	var pings []string
	for _, r := range m.Idle("") {
		if r.Kind == host.KindPing {
			pings = append(pings, r.Message)
		}
	}
	if len(pings) != 1 || pings[0] != "coder finished" {
		t.Fatalf("pings %q, want [\"coder finished\"]", pings)
	}
	// Before any turn, Idle is no news: no ping.
	m2 := newMachine(host.Session{})
	m2.Start()
	for _, r := range m2.Idle("") {
		if r.Kind == host.KindPing {
			t.Fatalf("a ping for an Idle before any turn: %q", r.Message)
		}
	}
}

// A line of a hundred thousand marks is read once, not once per mark.
func BenchmarkPlainMarks(b *testing.B) {
	line := strings.Repeat("*", 100_000)
	for b.Loop() {
		Plain(line)
	}
}
