package tuios_test

import (
	"strings"
	"testing"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/hosts/tuios"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// tuios's rail shows a harness id only up to its first '-' ("claude-code"
// reads "claude": internal/app/render_sidebar.go, sidebarHarnessLabel,
// main 6037a8a), and keeps U+2011, a printable rune outside the ranges
// printableRune strips. So an agent named "my-chat" goes as "my‑chat"
// (U+2011) in every request that names the harness: the pane's
// attribution, the sub-agents' and the facts' source alike.
func TestTuiosHarnessKeepsItsDashes(t *testing.T) {
	const agent, sent = "my-chat-2", "my\u2011chat\u20112"
	f := fakehost.NewTuios(t)
	b := newTuiosBackend(t, f, func(c *tuios.TestConfig) { c.Agent = agent })
	mustReport(t, b, stateMsg(host.Working, ""))
	mustReport(t, b, host.Report{Kind: host.KindMeta, Meta: []host.Fact{{Name: "model", Value: "opus"}}})
	mustReport(t, b, host.Report{Kind: host.KindAgents, Agents: []host.SubAgent{{ID: "a1", Type: "explore", Task: "look"}}})
	p := f.Pane()
	if p.Harness != sent || len(p.Subagents) != 1 || len(p.Meta) != 1 {
		t.Fatalf("pane %+v, want attributed to %q with its child and fact", p, sent)
	}
	if label, _, _ := strings.Cut(p.Harness, "-"); label != p.Harness {
		t.Errorf("the rail would cut %q to %q", p.Harness, label)
	}
	for _, r := range f.Requests() {
		name := r.Params["harness"]
		if r.Method == "set-agent-meta" {
			name = r.Params["source"]
		}
		if name != sent {
			t.Errorf("%s names %v, want %q", r.Method, name, sent)
		}
	}
}
