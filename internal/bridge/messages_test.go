//go:build unix

package bridge_test

import (
	"strings"
	"testing"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/bridge"
)

// An approval of a tool with a 10 MB name and a 10 MB action costs the
// chat's goroutine what a short one does: the parts are cut before they
// are joined, not after.
func TestApprovalSummaryBoundedWork(t *testing.T) {
	big := strings.Repeat("x", 10<<20)
	a := bridge.ApprovalNeeded{Tool: big, Action: big}
	var s string
	if n := allocated(func() { s = a.Summary() }); n > hugeBudget {
		t.Errorf("Summary allocated %d KiB for 10 MB parts, want under %d KiB", n>>10, hugeBudget>>10)
	}
	if !strings.HasPrefix(s, "approve xxx") || !strings.Contains(s, ": xxx") {
		t.Errorf("Summary = %.40q…, want approve <tool>: <action>", s)
	}
	b, err := bridge.New(bridge.WithBackends(&host.Recorder{}), bridge.WithSignalHandler(false))
	if err != nil {
		t.Fatal(err)
	}
	defer b.Close()
	b.Ready()
	if n := allocated(func() { b.Send(a) }); n > hugeBudget {
		t.Errorf("Send allocated %d KiB for 10 MB parts, want under %d KiB", n>>10, hugeBudget>>10)
	}
	// Short parts are joined as they are.
	if got := (bridge.ApprovalNeeded{Tool: "shell", Action: "git push"}).Summary(); got != "approve shell: git push" {
		t.Errorf("Summary = %q", got)
	}
}
