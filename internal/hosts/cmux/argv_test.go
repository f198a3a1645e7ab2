package cmux_test

import (
	"strings"
	"testing"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/hosts/cmux"
	"github.com/hostbridge/hostbridge/teatest"
)

func TestStatusKey(t *testing.T) {
	for _, tc := range []struct{ in, want string }{
		{"chat", "chat"},
		{"Claude_Code-2.1", "Claude_Code-2.1"},
		{"--icon", "icon"},
		{"-rf", "rf"},
		{"my agent", "my_agent"},
		{"a--b", "a--b"},
		{"- -x", "_-x"},
		{"ボット", ""}, // only "_" left: no usable key
		{"x\x1b]9;hi\x07", "x__9_hi_"},
		{strings.Repeat("a", 70), strings.Repeat("a", cmux.MaxKey)},
		{"", ""},
		{"---", ""},
		{"._.", ""},
	} {
		if got := cmux.StatusKey(tc.in); got != tc.want {
			t.Errorf("StatusKey(%q) = %q, want %q", tc.in, got, tc.want)
		}
	}
}

func FuzzStatusKey(f *testing.F) {
	for _, s := range []string{"chat", "--icon", "-", "a b", "é", "--workspace=x"} {
		f.Add(s)
	}
	f.Fuzz(func(t *testing.T, s string) {
		k := cmux.StatusKey(s)
		if k == "" {
			return
		}
		if strings.HasPrefix(k, "-") || len(k) > cmux.MaxKey {
			t.Fatalf("StatusKey(%q) = %q", s, k)
		}
		for _, c := range []byte(k) {
			if !(c >= 'a' && c <= 'z' || c >= 'A' && c <= 'Z' || c >= '0' && c <= '9' || c == '.' || c == '_' || c == '-') {
				t.Fatalf("StatusKey(%q) = %q: byte %q", s, k, c)
			}
		}
	})
}

// flags are the options a Backend passes; each takes the next argument.
var flags = map[string]bool{"--icon": true, "--color": true, "--priority": true, "--workspace": true, "--id": true}

// TestArgvNeverAnOption runs every command for agent names that look like
// options and reads back the argv the fake cmux got: every argument that
// starts with "-" is one of the Backend's own flags, in a flag's place.
func TestArgvNeverAnOption(t *testing.T) {
	needSh(t)
	for _, agent := range []string{"--icon", "-rf", "--workspace", "--", "--help", "-", "a --color b", "chat"} {
		f := teatest.NewCmux(t)
		b, err := cmux.New(cmux.Config{Bin: f.Bin(), WorkspaceID: f.Env()["CMUX_WORKSPACE_ID"], Agent: agent})
		if err != nil {
			if cmux.StatusKey(agent) != "" {
				t.Errorf("New(agent %q): %v", agent, err)
			}
			continue
		}
		for _, s := range []host.State{host.Working, host.Blocked, host.Failed, host.Idle} {
			report(t, b, state(s))
		}
		report(t, b, host.Report{Kind: host.KindExit})
		for _, args := range f.Calls() {
			positional := 0
			for i := 0; i < len(args); i++ {
				a := args[i]
				if strings.HasPrefix(a, "-") {
					if !flags[a] || i+1 == len(args) || strings.HasPrefix(args[i+1], "-") || positional < 2 {
						t.Errorf("agent %q: %q reads as an option in %q", agent, a, args)
					}
					i++ // its value
					continue
				}
				positional++
			}
			if args[0] != "workspace" && args[1] != b.Key() {
				t.Errorf("agent %q: key %q in %q", agent, args[1], args)
			}
		}
	}
}
