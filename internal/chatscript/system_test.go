package chatscript

import (
	"strings"
	"testing"
)

func TestSystemPrompt(t *testing.T) {
	got := SystemPrompt("iota", "/src", nil)
	if !strings.Contains(got, "<environment>\nworking directory: /src\nplatform: ") ||
		!strings.HasSuffix(got, "\n</environment>") {
		t.Errorf("plain terminal:\n%s", got)
	}
	got = SystemPrompt("iota", "", []string{"host: cmux", "cmux surface: s-1"})
	if !strings.HasSuffix(got, "\nhost: cmux\ncmux surface: s-1\n</environment>") {
		t.Errorf("cmux:\n%s", got)
	}
}
