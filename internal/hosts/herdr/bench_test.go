package herdr_test

import (
	"context"
	"testing"
	"time"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

// BenchmarkReportSocket measures one state report against the fake herdr:
// dial, one line each way, close.
func BenchmarkHerdrReportSocket(b *testing.B) {
	h := fakehost.NewHerdr(b)
	be := newHerdrBackend(b, h, nil)
	states := []host.Report{state(host.Working), state(host.Idle)}
	ctx, cancel := context.WithTimeout(context.Background(), time.Minute)
	defer cancel()
	b.ReportAllocs()
	i := 0
	for b.Loop() {
		if err := be.Report(ctx, states[i%2]); err != nil {
			b.Fatal(err)
		}
		i++
	}
}
