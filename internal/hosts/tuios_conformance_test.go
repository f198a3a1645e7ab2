package hosts_test

import (
	"testing"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/host/hosttest"
)

func TestTuiosConformance(t *testing.T) {
	hosttest.Run(t, hosttest.Harness{
		New: func(t *testing.T) host.Backend {
			return newTuiosBackend(t, hosttest.NewTuios(t))
		},
		Hung: func(t *testing.T) host.Backend {
			f := hosttest.NewTuios(t)
			f.Hang()
			return newTuiosBackend(t, f)
		},
	})
}
