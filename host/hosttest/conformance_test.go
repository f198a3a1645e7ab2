package hosttest_test

import (
	"context"
	"testing"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/host/hosttest"
)

func TestRecorderConforms(t *testing.T) {
	hosttest.Run(t, hosttest.Harness{
		New: func(*testing.T) host.Backend { return &host.Recorder{} },
		Hung: func(*testing.T) host.Backend {
			return host.Func("hung", func(ctx context.Context, _ host.Report) error {
				<-ctx.Done()
				return ctx.Err()
			})
		},
	})
}

func TestNopConforms(t *testing.T) {
	hosttest.Run(t, hosttest.Harness{New: func(*testing.T) host.Backend { return &host.Recorder{} }})
}
