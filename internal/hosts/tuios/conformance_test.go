package tuios_test

import (
	"testing"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

func TestTuiosConformance(t *testing.T) {
	fakehost.Run(t, fakehost.Harness{
		New: func(t *testing.T) host.Backend {
			return newTuiosBackend(t, fakehost.NewTuios(t))
		},
		Hung: func(t *testing.T) host.Backend {
			f := fakehost.NewTuios(t)
			f.Hang()
			return newTuiosBackend(t, f)
		},
	})
}
