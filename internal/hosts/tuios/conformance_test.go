package tuios_test

import (
	"testing"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/host/hosttest"
	"github.com/hostbridge/hostbridge/teatest"
)

func TestConformance(t *testing.T) {
	hosttest.Run(t, hosttest.Harness{
		New: func(t *testing.T) host.Backend {
			return newTestBackend(t, teatest.NewTuios(t))
		},
		Hung: func(t *testing.T) host.Backend {
			f := teatest.NewTuios(t)
			f.Hang()
			return newTestBackend(t, f)
		},
	})
}
