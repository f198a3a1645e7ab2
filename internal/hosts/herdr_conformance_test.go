package hosts_test

import (
	"testing"

	"github.com/hostbridge/hostbridge/host"
	"github.com/hostbridge/hostbridge/host/hosttest"
	"github.com/hostbridge/hostbridge/internal/hosts"
)

func TestHerdrConformanceSocket(t *testing.T) {
	all := func(c *hosts.HerdrConfig) { c.BlockedMessage, c.SessionInReports, c.Metadata = true, true, true }
	hosttest.Run(t, hosttest.Harness{
		New: func(t *testing.T) host.Backend { return newHerdrBackend(t, newFake(t), all) },
		Hung: func(t *testing.T) host.Backend {
			h := newFake(t)
			h.Hang()
			return newHerdrBackend(t, h, all)
		},
	})
}

func TestHerdrConformanceCLI(t *testing.T) {
	all := func(c *hosts.HerdrConfig) { c.BlockedMessage, c.SessionInReports, c.Metadata = true, true, true }
	hosttest.Run(t, hosttest.Harness{
		New: func(t *testing.T) host.Backend { return newCLIBackend(t, newFakeBin(t), all) },
		Hung: func(t *testing.T) host.Backend {
			f := newFakeBin(t)
			f.set("sleep", "30")
			return newCLIBackend(t, f, all)
		},
	})
}
