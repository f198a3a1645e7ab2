//go:build unix

package bridge_test

import (
	"io"
	"slices"
	"strings"
	"testing"

	"github.com/hostbridge/hostbridge/bridge"
	"github.com/hostbridge/hostbridge/internal/hosts"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// herdr asks its integrations to report only with HERDR_ENV=1 (herdr
// v0.8.2 docs/next/website/src/content/docs/integrations.mdx; its hooks in
// src/integration/assets check it): a process that only inherited
// HERDR_SOCKET_PATH and HERDR_PANE_ID, or runs with HERDR_ENV=0, does not
// touch herdr's socket, and a Problem says why. WithHerdrPaneVars (the
// MendCode behaviour) takes the two variables alone.
func TestHerdrOnlyWithHerdrEnv(t *testing.T) {
	tests := []struct {
		herdrEnv string // "unset": not in the environment
		paneVars bool
		reports  bool
	}{
		{"1", false, true},
		{"0", false, false},
		{"unset", false, false},
		{"yes", false, false},
		{"1", true, true},
		{"0", true, true},
		{"unset", true, true},
	}
	for _, tt := range tests {
		t.Run("HERDR_ENV="+tt.herdrEnv+map[bool]string{true: ",pane vars"}[tt.paneVars], func(t *testing.T) {
			h := fakehost.NewHerdr(t)
			vars := h.Env()
			vars["HERDR_ENV"] = tt.herdrEnv
			if tt.herdrEnv == "unset" {
				delete(vars, "HERDR_ENV")
			}
			b := newBridge(t, envOf(vars), io.Discard, bridge.WithHerdrPaneVars(tt.paneVars), bridge.WithEveryReport())
			b.Ready()
			live(t, b, false, chatLife...)
			if err := b.Close(); err != nil {
				t.Fatal(err)
			}
			if !tt.reports {
				wantHost(t, b, hosts.Terminal)
				if n := h.Connections(); n != 0 {
					t.Errorf("%d connections reached herdr's socket, want none:\n%s", n, strings.Join(h.Transcript(), "\n"))
				}
				if p := b.Problems(); len(p) != 1 || !strings.Contains(p[0].Error(), "herdr: HERDR_ENV ") {
					t.Errorf("problems %v, want one saying HERDR_ENV keeps herdr off", p)
				}
				return
			}
			wantHost(t, b, hosts.Herdr)
			if len(b.Problems()) != 0 {
				t.Errorf("problems %v", b.Problems())
			}
			states := []string{}
			for _, r := range h.Requests() {
				if r.Method == "pane.report_agent" && r.Applied {
					states = append(states, r.Str("state"))
				}
			}
			if want := []string{"idle", "working", "blocked", "idle", "idle", "working"}; !slices.Equal(states, want) {
				t.Errorf("herdr states %q, want %q", states, want)
			}
			if p := h.Pane(); !p.Released {
				t.Errorf("pane %+v, want released", p)
			}
		})
	}
}
