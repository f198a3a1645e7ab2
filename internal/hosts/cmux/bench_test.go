package cmux_test

import (
	"context"
	"testing"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// BenchmarkReportState measures one state report: two execs of the fake
// cmux (set-status and workspace loading), each a sh process.
func BenchmarkCmuxReportState(b *testing.B) {
	needSh(b)
	be := newCmuxBackend(b, fakehost.NewCmux(b))
	states := [2]host.Report{{Kind: host.KindState, State: host.Working}, {Kind: host.KindState, State: host.Idle}}
	ctx := context.Background()
	i := 0
	for b.Loop() {
		if err := be.Report(ctx, states[i%2]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
