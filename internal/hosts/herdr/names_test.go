package herdr

import (
	"strings"
	"testing"
)

// herdr's names, made from the app's: its sources and token names.

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
