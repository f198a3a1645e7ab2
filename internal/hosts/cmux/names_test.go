package cmux

import (
	"strings"
	"testing"
)

// cmux's names, made from the app's: its row keys.

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
