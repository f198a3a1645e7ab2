package core

import (
	"fmt"
	"testing"

	"github.com/hostbridge/hostbridge/host"
)

// BenchmarkMachineSubAgents is the Machine's own cost of one sub-agent
// message with n live (no Reporter, no goroutine beside it): the cycle of
// BenchmarkSubAgents in the root package, and past the cap, where every
// start drops the oldest.
func BenchmarkMachineSubAgents(b *testing.B) {
	const typ, task = "explore · Sonnet 5.5 · claude", "Find where the flaky test starts its server"
	for _, n := range []int{10, 1000, 10000} {
		b.Run(fmt.Sprintf("live=%d", n), func(b *testing.B) {
			m := NewMachine(Config{SubAgentsBlock: true, Quiet: true}, host.Session{})
			m.Start()
			ids := make([]string, n)
			for i := range ids {
				ids[i] = fmt.Sprint("agent-", i)
				m.AgentStarted(ids[i], typ, task)
			}
			next := n
			b.ReportAllocs()
			b.ResetTimer()
			for i := range b.N {
				j := i % n
				switch (i / n) % 5 {
				case 0:
					m.AgentStep(ids[j], host.AgentRunning, "read_file")
				case 1:
					m.AgentStep(ids[j], host.AgentWaiting, "Allow shell")
				case 2:
					m.AgentStep(ids[j], host.AgentRunning, "shell")
				case 3:
					m.AgentStep(ids[j], host.AgentDone, "The server starts in TestMain.")
				case 4:
					ids[j] = fmt.Sprint("agent-", next)
					next++
					m.AgentStarted(ids[j], typ, task)
				}
			}
		})
	}
	b.Run("over-the-cap", func(b *testing.B) {
		m := NewMachine(Config{Quiet: true}, host.Session{})
		m.Start()
		for i := range MaxAgents {
			m.AgentStarted(fmt.Sprint("agent-", i), typ, task)
		}
		ids := make([]string, b.N)
		for i := range ids {
			ids[i] = fmt.Sprint("new-", i)
		}
		b.ReportAllocs()
		b.ResetTimer()
		for i := range b.N {
			m.AgentStarted(ids[i], typ, task) // drops the oldest
		}
	})
}
