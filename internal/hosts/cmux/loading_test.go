package cmux_test

import (
	"testing"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/hosts/cmux"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// A cmux that calls "workspace" unknown has no loader: it is not asked
// again, even after it once worked (as a failure would be).
func TestCmuxLoadingUnknown(t *testing.T) {
	needSh(t)
	f := fakehost.NewCmux(t)
	b := newCmuxBackend(t, f, func(c *cmux.TestConfig) { c.Workspace = "" })
	mustReport(t, b, state(host.Working))
	f.Refuse("workspace")
	mustReport(t, b, state(host.Idle), state(host.Working), host.Report{Kind: host.KindExit})
	wantLines(t, f.Transcript(), []string{
		"cmux set-status chat Running --icon bolt.fill --color #4C8DFF" + rowFlags(f),
		"cmux workspace loading on --id chat",
		"cmux set-status chat Idle --icon pause.circle.fill --color #8E8E93" + rowFlags(f),
		"cmux workspace loading off --id chat",
		"cmux set-status chat Running --icon bolt.fill --color #4C8DFF" + rowFlags(f),
		"cmux clear-status chat" + clearFlags(f),
	})
}
