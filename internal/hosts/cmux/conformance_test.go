package cmux_test

import (
	"testing"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

func TestCmuxConformance(t *testing.T) {
	needSh(t)
	fakehost.Run(t, fakehost.Harness{
		New: func(t *testing.T) host.Backend { return newCmuxBackend(t, fakehost.NewCmux(t)) },
		Hung: func(t *testing.T) host.Backend {
			f := fakehost.NewCmux(t)
			f.Hang()
			return newCmuxBackend(t, f)
		},
	})
}
