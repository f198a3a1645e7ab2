package cmux_test

import (
	"slices"
	"strings"
	"testing"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/hosts/cmux"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// flags are the options a Backend passes; each takes the next argument.
// --panel= and --pid= carry theirs in the same argument (joined).
var (
	flags  = map[string]bool{"--icon": true, "--color": true, "--priority": true, "--workspace": true, "--id": true}
	joined = []string{"--panel=", "--pid="}
)

// TestArgvNeverAnOption runs every command for agent names that look like
// options and reads back the argv the fake cmux got: every argument that
// starts with "-" is one of the Backend's own flags, in a flag's place.
func TestArgvNeverAnOption(t *testing.T) {
	needSh(t)
	for _, agent := range []string{"--icon", "-rf", "--workspace", "--", "--help", "-", "a --color b", "chat"} {
		if cmux.StatusKey(agent) == "" {
			continue // bridge refuses the agent (settings.ValidAgent), which always has a key
		}
		f := fakehost.NewCmux(t)
		b := cmux.NewTest(cmux.TestConfig{Bin: f.Bin(), Surface: f.Env()["CMUX_SURFACE_ID"], Workspace: f.Env()["CMUX_WORKSPACE_ID"], Agent: agent})
		for _, s := range []host.State{host.Working, host.Blocked, host.Failed, host.Idle} {
			mustReport(t, b, state(s))
		}
		mustReport(t, b, host.Report{Kind: host.KindExit})
		for _, args := range f.Calls() {
			positional := 0
			for i := 0; i < len(args); i++ {
				a := args[i]
				if slices.ContainsFunc(joined, func(j string) bool { return strings.HasPrefix(a, j) && len(a) > len(j) && a[len(j)] != '-' }) {
					if positional < 2 {
						t.Errorf("agent %q: %q before the key and text in %q", agent, a, args)
					}
					continue
				}
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
