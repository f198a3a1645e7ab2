package herdr_test

import (
	"testing"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/internal/hosts/herdr"
	"github.com/hostbridge/hostbridge/internal/testsupport/fakehost"
)

func TestHerdrConformanceSocket(t *testing.T) {
	all := func(c *herdr.TestConfig) { c.BlockedMessage, c.SessionInReports, c.Metadata = true, true, true }
	fakehost.Run(t, fakehost.Harness{
		New: func(t *testing.T) host.Backend { return newHerdrBackend(t, newFake(t), all) },
		Hung: func(t *testing.T) host.Backend {
			h := newFake(t)
			h.Hang()
			return newHerdrBackend(t, h, all)
		},
	})
}

func TestHerdrConformanceCLI(t *testing.T) {
	all := func(c *herdr.TestConfig) { c.BlockedMessage, c.SessionInReports, c.Metadata = true, true, true }
	fakehost.Run(t, fakehost.Harness{
		New: func(t *testing.T) host.Backend { return newCLIBackend(t, newFakeBin(t), all) },
		Hung: func(t *testing.T) host.Backend {
			f := newFakeBin(t)
			f.set("sleep", "30")
			return newCLIBackend(t, f, all)
		},
	})
}
