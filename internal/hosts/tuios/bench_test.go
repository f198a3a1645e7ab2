package tuios_test

import (
	"context"
	"testing"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/hosts/tuios"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// BenchmarkReportState measures one state report over the persistent
// connection to a fake daemon on a Unix socket (one request, one reply).
func BenchmarkTuiosReportState(b *testing.B) {
	f := fakehost.NewTuios(b)
	be := tuios.NewTest(fakeConfig(f))
	defer be.Close()
	states := [2]host.Report{{Kind: host.KindState, State: host.Working}, {Kind: host.KindState, State: host.Idle}}
	ctx := context.Background()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if err := be.Report(ctx, states[i%2]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
