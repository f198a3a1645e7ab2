package hosts_test

import (
	"testing"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/host/hosttest"
)

func TestCmuxConformance(t *testing.T) {
	needSh(t)
	hosttest.Run(t, hosttest.Harness{
		New: func(t *testing.T) host.Backend { return newCmuxBackend(t, hosttest.NewCmux(t)) },
		Hung: func(t *testing.T) host.Backend {
			f := hosttest.NewCmux(t)
			f.Hang()
			return newCmuxBackend(t, f)
		},
	})
}
